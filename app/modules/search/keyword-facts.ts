// What a keyword's phrases ask of an offer's facts rather than its text (decision 002): a count of
// bedrooms («3 غرف», «غرفتين»), a price («تحت مليون») and an area («١٥٠ م²»), matched as the list's
// filters are.
import { distinct, RANGE_JOINER, typedWords, type QueryWord } from "./query.ts";

/** What a keyword asks of an offer's facts rather than its text ('شقة 3 غرف تحت مليون'), and its other words. */
export interface KeywordFacts extends MeasureBounds {
  words: QueryWord[];
  minBedrooms?: number;
  maxBedrooms?: number;
}

/** The keyword's words and the facts its phrases ask for (bedroomsOf, measuresOf), the phrases' words taken out. */
export function readKeyword(keyword: string): KeywordFacts {
  const { rest, ...bedrooms } = bedroomsOf(typedWords(keyword));
  const { rest: words, ...measures } = measuresOf(rest);
  return { words: distinct(words), ...bedrooms, ...measures };
}

/** Numbers written as words, folded (foldSearch): 'ثلاثة' → 'ثلاثه', 'أربع' → 'اربع'. */
const NUMBER_WORDS: ReadonlyMap<string, number> = new Map([
  ["واحد", 1],
  ["واحده", 1],
  ["اثنين", 2],
  ["اثنتين", 2],
  ["ثلاث", 3],
  ["ثلاثه", 3],
  ["اربع", 4],
  ["اربعه", 4],
  ["خمس", 5],
  ["خمسه", 5],
  ["ست", 6],
  ["سته", 6],
  ["سبع", 7],
  ["سبعه", 7],
  ["ثمان", 8],
  ["ثماني", 8],
  ["ثمانيه", 8],
  ["تسع", 9],
  ["تسعه", 9],
  ["عشر", 10],
  ["عشره", 10],
]);
const ROOM_WORDS = new Set(["غرف", "غرفه"]);
const TWO_ROOMS = new Set(["غرفتين", "غرفتان"]);

/** A folded word as a number of rooms' number: '3', 'ثلاث', 'بثلاث' ('شقة بثلاث غرف'); undefined otherwise. */
function countOf(folded: string): number | undefined {
  if (/^[0-9]{1,3}$/u.test(folded)) return Number(folded);
  return NUMBER_WORDS.get(folded) ?? (/^[بو]/u.test(folded) ? NUMBER_WORDS.get(folded.slice(1)) : undefined);
}

const isRoomWord = (folded: string) => ROOM_WORDS.has(folded) || ROOM_WORDS.has(folded.replace(/^[بو]/u, ""));
const isTwoRooms = (folded: string) => TWO_ROOMS.has(folded) || TWO_ROOMS.has(folded.replace(/^[بو]/u, ""));

/**
 * The number of bedrooms a keyword asks for (exactly, at least or at most after «أكثر من» / «أقل من»,
 * or a range «من ٣ إلى ٤ غرف»), and its other words: '3 غرف', '٣ غرف نوم', 'ثلاث غرف',
 * 'بأربع غرف', 'غرفتين', 'غرفة واحدة' are a count of bedrooms (matched with the offer's bedrooms, not
 * its text: '3' is in no description that says «ثلاث»). The first such phrase counts; the words
 * of any other stay words.
 */
function bedroomsOf(words: QueryWord[]): { minBedrooms?: number; maxBedrooms?: number; rest: QueryWord[] } {
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!.folded;
    const next = words[i + 1]?.folded;
    let count: number | undefined;
    let length = 0;
    if (isTwoRooms(word)) [count, length] = [2, 1];
    else if (next !== undefined && isRoomWord(next) && countOf(word) !== undefined) [count, length] = [countOf(word), 2];
    else if (next !== undefined && isRoomWord(word) && (next === "واحده" || next === "واحد")) [count, length] = [1, 2];
    if (count === undefined) continue;
    // «غرف نوم»: the bedrooms are the rooms meant, «نوم» says so again.
    if (words[i + length]?.folded === "نوم") length += 1;
    // «أكثر من ٣ غرف», «بأقل من ٤ غرف»: a bound, the word before it with it («من» is a stop word).
    // «من ٣ إلى ٤ غرف»: a range, its first count before the joiner.
    const before = words[i - 1]?.folded;
    const from = isJoiner(before) ? countOf(words[i - 2]?.folded ?? "") : undefined;
    const start = from !== undefined ? i - 2 : isBound(before) ? i - 1 : i;
    const [minBedrooms, maxBedrooms] =
      from !== undefined
        ? [Math.min(from, count), Math.max(from, count)]
        : before && AT_LEAST.has(before)
          ? [count, undefined]
          : before && AT_MOST.has(before)
            ? [undefined, count]
            : [count, count];
    return {
      ...(minBedrooms !== undefined ? { minBedrooms } : {}),
      ...(maxBedrooms !== undefined ? { maxBedrooms } : {}),
      rest: [...words.slice(0, start), ...words.slice(i + length)],
    };
  }
  return { rest: words };
}

/** Words that put a bound below or above an amount, folded: «تحت مليون», «بأقل من ٥٠٠ ألف» («من» is a stop word), «بحد أقصى». */
const AT_MOST = new Set(["تحت", "اقل", "باقل", "حتي", "اقصي"]);
const AT_LEAST = new Set(["فوق", "اكثر", "باكثر", "ادني"]);
const isBound = (folded: string | undefined) => folded !== undefined && (AT_MOST.has(folded) || AT_LEAST.has(folded));

/** A word between the two amounts of a range: «إلى», «حتى» («و» after «بين» is a stop word). */
const isJoiner = (folded: string | undefined) => folded === RANGE_JOINER || folded === "حتي";

/** What an amount measures: riyals (said, or taken so after a bound word) or square metres. */
type Unit = "price" | "area";

interface Amount {
  amount: number;
  /** The unit the words after it say, if any. */
  unit?: Unit;
  /** How many words it took. */
  length: number;
}

/**
 * An amount read from `words` at `at`: '500 ألف', '2 مليون', 'مليون', 'مليونين', 'نص مليون', 'مليون
 * ونص', '750000', with «ريال» after it, or «متر» / «م²» / «متر مربع» (square metres).
 */
function amountAt(words: QueryWord[], at: number): Amount | undefined {
  const word = (i: number) => words[at + i]?.folded;
  const thousands = (w: string | undefined) => w === "الف" || w === "الاف";
  const millions = (w: string | undefined) => w === "مليون" || w === "ملايين";
  const half = (w: string | undefined) => w === "ونص" || w === "ونصف";
  let amount: number;
  let length: number;
  if (/^[0-9]{1,10}$/u.test(word(0) ?? "")) {
    const n = Number(word(0));
    if (thousands(word(1))) [amount, length] = [n * 1_000, 2];
    else if (millions(word(1))) [amount, length] = [n * 1_000_000, 2];
    else [amount, length] = [n, 1];
  } else if (millions(word(0))) [amount, length] = [1_000_000, 1];
  else if (word(0) === "مليونين" || word(0) === "مليونان") [amount, length] = [2_000_000, 1];
  else if ((word(0) === "نص" || word(0) === "نصف") && millions(word(1))) [amount, length] = [500_000, 2];
  else if (thousands(word(0))) [amount, length] = [1_000, 1];
  else return undefined;
  if (millions(word(length - 1)) && half(word(length))) [amount, length] = [amount + 500_000, length + 1];
  if (word(length) === "ريال") return { amount, unit: "price", length: length + 1 };
  if (["متر", "م", "امتار"].includes(word(length) ?? "")) {
    // «م²» folds to «م 2»; «متر مربع».
    const squared = word(length + 1) === "2" || word(length + 1) === "مربع";
    return { amount, unit: "area", length: length + (squared ? 2 : 1) };
  }
  return { amount, length };
}

/** A price's or an area's bounds, as the list's filters say them. */
interface MeasureBounds {
  minPrice?: number;
  maxPrice?: number;
  minArea?: number;
  maxArea?: number;
}

/** An area said without a bound («شقة ١٥٠ متر») is looked for within a tenth either side. */
const AREA_LEEWAY_TENTHS = 1;

/**
 * The price and area bounds a keyword's phrases ask for, and its other words: «تحت مليون», «بأقل من
 * ٥٠٠ ألف», «أكثر من ٢ مليون», «بحد أقصى ٩٠٠ ألف ريال», «بين ٥٠٠ ألف و٩٠٠ ألف», «أكثر من ٦٠٠ متر», and
 * an area alone («١٥٠ م²»: 135–165) — matched as the list's price and area filters are. An amount
 * with neither a bound nor «متر» ('شقة 500 ألف') stays words.
 */
function measuresOf(words: QueryWord[]): MeasureBounds & { rest: QueryWord[] } {
  const bounds: MeasureBounds = {};
  const rest: QueryWord[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!.folded;
    // «بحد أقصى»: the «بحد» goes with the bound after it.
    const lead = word === "بحد" && isBound(words[i + 1]?.folded) ? 1 : 0;
    const boundWord = words[i + lead]!.folded;
    const bound = AT_MOST.has(boundWord) ? "max" : AT_LEAST.has(boundWord) ? "min" : boundWord === "بين" ? "between" : undefined;
    const first = amountAt(words, bound ? i + lead + 1 : i);
    // «(من) ٥٠٠ ألف إلى مليون», «٤٠٠ حتى ٦٠٠ متر»: two amounts joined, a range («من» is a stop word).
    const joined = !bound && first && isJoiner(words[i + first.length]?.folded) && amountAt(words, i + first.length + 1) ? "between" : bound;
    if (!first || (!joined && first.unit !== "area")) {
      rest.push(words[i]!);
      continue;
    }
    let end = (bound ? i + lead + 1 : i) + first.length;
    if (joined === "between") {
      if (isJoiner(words[end]?.folded)) end += 1;
      const second = amountAt(words, end);
      if (!second) {
        rest.push(words[i]!);
        continue;
      }
      end += second.length;
      const unit = first.unit ?? second.unit ?? "price";
      const [low, high] = [Math.min(first.amount, second.amount), Math.max(first.amount, second.amount)];
      if (unit === "area") [bounds.minArea, bounds.maxArea] = [low, high];
      else [bounds.minPrice, bounds.maxPrice] = [low, high];
    } else if (joined === "max" || joined === "min") {
      bounds[`${joined}${first.unit === "area" ? "Area" : "Price"}`] = first.amount;
    } else {
      // An area alone. In tenths, whole: 400 × 1.1 in floating point is 440.00000000000006.
      [bounds.minArea, bounds.maxArea] = [Math.floor((first.amount * (10 - AREA_LEEWAY_TENTHS)) / 10), Math.ceil((first.amount * (10 + AREA_LEEWAY_TENTHS)) / 10)];
    }
    i = end - 1;
  }
  return { ...bounds, rest };
}

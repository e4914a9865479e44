// A keyword as the search reads it (decision 002): its words, each with the stems an offer must have
// one of; and the one-letter edits of a mistyped word, for «هل تقصد …؟».
import { foldSearch, searchTerms } from "./normalize.ts";

/** More words than this are ignored (a pasted paragraph is not a search). */
const MAX_QUERY_WORDS = 8;

export interface QueryWord {
  /** The word as typed (one of the keyword's whitespace-separated words). */
  typed: string;
  /** Its searchable form (a typed word may give two: '3غرف'). */
  folded: string;
  /** Its stems: an offer matches the word when its terms hold any of them. */
  stems: string[];
}

/**
 * What a visitor typing in English means, in the offers' Arabic (a phone set to English, a visitor
 * from abroad): the word then matches either (an offer may say «villa» too). Kept to the query: the
 * offers' index is Arabic and stays as it is.
 */
const ENGLISH_WORDS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    فيلا: ["villa", "villas"],
    شقة: ["apartment", "apartments", "flat", "flats"],
    أرض: ["land", "lands", "plot", "plots"],
    عمارة: ["building", "buildings"],
    استوديو: ["studio", "studios"],
    دوبلكس: ["duplex", "duplexes"],
    محل: ["shop", "shops", "store", "stores"],
    مكتب: ["office", "offices"],
    مستودع: ["warehouse", "warehouses"],
    مسبح: ["pool"],
    مفروش: ["furnished"],
    الرياض: ["riyadh"],
    جدة: ["jeddah", "jedda", "jiddah"],
    الدمام: ["dammam"],
    الخبر: ["khobar", "alkhobar"],
    مكة: ["makkah", "mecca"],
    المدينة: ["madinah", "medina"],
  }).flatMap(([arabic, english]) => english.map((word) => [word, arabic] as const)),
);
/** The two statuses in English: the word is the status (as «للإيجار» is, search.server.ts), never text. */
const ENGLISH_STATUSES: ReadonlyMap<string, string> = new Map([
  ["rent", "للإيجار"],
  ["sale", "للبيع"],
]);
/** English words that carry no meaning of their own ('villa for rent in riyadh'). */
const ENGLISH_STOP_WORDS = new Set(["a", "an", "the", "for", "in", "at", "of", "with", "and", "near", "to"]);

/** The keyword's words, stop words left out, each meaning once ('شقة شقه' is one word). */
export function parseKeyword(keyword: string): QueryWord[] {
  const words: QueryWord[] = [];
  const seen = new Set<string>();
  for (const typed of keyword.trim().split(/\s+/u)) {
    const english = typed.toLowerCase();
    if (ENGLISH_STOP_WORDS.has(english)) continue;
    const status = ENGLISH_STATUSES.get(english);
    const arabic = ENGLISH_WORDS.get(english);
    for (const folded of foldSearch(status ?? typed).split(" ")) {
      const stems = folded ? [...new Set([...(arabic ? searchTerms(arabic) : []), ...searchTerms(folded)])].sort() : [];
      const key = stems.join(" ");
      if (stems.length === 0 || seen.has(key)) continue;
      seen.add(key);
      words.push({ typed, folded, stems });
    }
  }
  return words.slice(0, MAX_QUERY_WORDS);
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
 * The number of bedrooms a keyword asks for, and its other words: '3 غرف', '٣ غرف نوم', 'ثلاث غرف',
 * 'بأربع غرف', 'غرفتين', 'غرفة واحدة' are a count of bedrooms (matched with the offer's bedrooms, not
 * its text: '3' is in no description that says «ثلاث»). The first such phrase counts; the words
 * of any other stay words.
 */
export function bedroomsOf(words: QueryWord[]): { bedrooms?: number; rest: QueryWord[] } {
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
    return { bedrooms: count, rest: [...words.slice(0, i), ...words.slice(i + length)] };
  }
  return { rest: words };
}

const ARABIC_LETTERS = [..."ابتثجحخدذرزسشصضطظعغفقكلمنهوي"];
const LATIN_LETTERS = [..."abcdefghijklmnopqrstuvwxyz"];

/** Every word one edit away (a letter missed, added, changed, or two swapped), in the word's own alphabet. */
export function editsOf(word: string): string[] {
  const letters = /^[a-z]+$/u.test(word) ? LATIN_LETTERS : ARABIC_LETTERS;
  const edits = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail) edits.add(head + tail.slice(1));
    if (tail.length > 1) edits.add(head + tail[1]! + tail[0]! + tail.slice(2));
    for (const letter of letters) {
      edits.add(head + letter + tail);
      if (tail) edits.add(head + letter + tail.slice(1));
    }
  }
  edits.delete(word);
  return [...edits];
}

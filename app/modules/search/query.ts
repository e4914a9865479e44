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

/** «إلى», folded. */
export const RANGE_JOINER = "الي";

/** The keyword's words as typed, stop words left out, in order, repeats kept (a phrase may repeat a word: «بين 500 ألف و900 ألف»). */
export function typedWords(keyword: string): QueryWord[] {
  const words: QueryWord[] = [];
  for (const typed of keyword.trim().split(/\s+/u)) {
    const english = typed.toLowerCase();
    if (ENGLISH_STOP_WORDS.has(english)) continue;
    const status = ENGLISH_STATUSES.get(english);
    const arabic = ENGLISH_WORDS.get(english);
    for (const folded of foldSearch(status ?? typed).split(" ")) {
      const stems = folded ? [...new Set([...(arabic ? searchTerms(arabic) : []), ...searchTerms(folded)])].sort() : [];
      // «إلى» is a stop word, kept here without stems: it joins a range («٥٠٠ ألف إلى مليون»); `distinct` drops it.
      if (stems.length > 0 || folded === RANGE_JOINER) words.push({ typed, folded, stems });
    }
  }
  return words;
}

/** Each meaning once ('شقة شقه' is one word), at most MAX_QUERY_WORDS. */
export function distinct(words: QueryWord[]): QueryWord[] {
  const seen = new Set<string>();
  return words
    .filter((word) => {
      if (word.stems.length === 0) return false;
      const key = word.stems.join(" ");
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_QUERY_WORDS);
}

/** The keyword's words, stop words left out, each meaning once ('شقة شقه' is one word). */
export function parseKeyword(keyword: string): QueryWord[] {
  return distinct(typedWords(keyword));
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

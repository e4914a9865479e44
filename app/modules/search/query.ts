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

/** The keyword's words, stop words left out, each meaning once ('شقة شقه' is one word). */
export function parseKeyword(keyword: string): QueryWord[] {
  const words: QueryWord[] = [];
  const seen = new Set<string>();
  for (const typed of keyword.trim().split(/\s+/u)) {
    for (const folded of foldSearch(typed).split(" ")) {
      const stems = folded ? searchTerms(folded) : [];
      const key = stems.join(" ");
      if (stems.length === 0 || seen.has(key)) continue;
      seen.add(key);
      words.push({ typed, folded, stems });
    }
  }
  return words.slice(0, MAX_QUERY_WORDS);
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

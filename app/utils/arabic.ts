// Mirrors the SQL function ar_fold (drizzle/0000_arabic_folding.sql); a test keeps them in step.
const DIACRITICS_AND_TATWEEL = /[\u064B-\u065F\u0670\u0640]/g;
const LETTER_MAP: Record<string, string> = {
  أ: "ا",
  إ: "ا",
  آ: "ا",
  ٱ: "ا",
  ة: "ه",
  ى: "ي",
  ؤ: "و",
  ئ: "ي",
  "٠": "0",
  "١": "1",
  "٢": "2",
  "٣": "3",
  "٤": "4",
  "٥": "5",
  "٦": "6",
  "٧": "7",
  "٨": "8",
  "٩": "9",
};
const LETTERS = new RegExp(`[${Object.keys(LETTER_MAP).join("")}]`, "g");

/** Folds the Arabic letter variants people type interchangeably, so 'مكه' matches 'مكة'. */
export function foldArabic(input: string): string {
  return input
    .replace(DIACRITICS_AND_TATWEEL, "")
    .replace(LETTERS, (ch) => LETTER_MAP[ch] ?? ch)
    .toLowerCase();
}

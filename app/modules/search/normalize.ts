// The keyword search's text processing (decision 002), mirrored by the SQL functions search_fold
// and search_terms (drizzle/0012_search_engine.sql): the index is built by SQL, the query by
// this file, and normalize.server.test.ts keeps the two identical on a table of cases and on every
// word of the demo and bench data. Change both, in a new migration, or neither.

function charRange(from: number, to: number): string {
  return String.fromCodePoint(...Array.from({ length: to - from + 1 }, (_, i) => from + i));
}

/** Removed outright: tashkeel, superscript alef, tatweel, Quranic marks, the lone hamza, invisible and direction marks. */
const REMOVED_CHARS = [
  charRange(0x064b, 0x065f),
  "\u0670\u0640",
  charRange(0x06d6, 0x06ed),
  "\u0621",
  charRange(0x200b, 0x200f),
  "\u061c\ufeff",
  charRange(0x202a, 0x202e),
  charRange(0x2066, 0x2069),
].join("");

/** Letters folded one for one: case, hamza seats, ta marbuta, alef maqsura, Persian and Urdu letters, digits. */
const FOLD_FROM = "ABCDEFGHIJKLMNOPQRSTUVWXYZأإآٱةىؤئیےکڪگەہھۀۃڤپچ٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹";
const FOLD_TO = "abcdefghijklmnopqrstuvwxyzااااهيويييكككهههههفبج01234567890123456789";
// SQL translate(text, FOLD_FROM || REMOVED_CHARS, FOLD_TO): the characters past the end of FOLD_TO are deleted.
const FOLD_MAP = new Map([...(FOLD_FROM + REMOVED_CHARS)].map((ch, i) => [ch, FOLD_TO[i] ?? ""]));

/**
 * The searchable form of a text: the same for every way people type a word ('الریاض' with a
 * Persian yeh, 'مكة'/'مكه', 'أرض'/'ارض', '١٥٠٠'/'1,500'), words separated by single spaces,
 * everything but Arabic letters, a-z and digits gone. Mirrors SQL search_fold.
 */
export function foldSearch(input: string): string {
  let folded = "";
  // The alef of tanween al-fath goes with it: 'مسبحًا' = 'مسبح'.
  for (const ch of input.normalize("NFKC").replace(/\u064B\u0627|\u0627\u064B/gu, "")) folded += FOLD_MAP.get(ch) ?? ch;
  return folded
    .replace(/([0-9])[,٬]([0-9])/gu, "$1$2")
    .replace(/[^a-z0-9\u0621-\u063A\u0641-\u064A]+/gu, " ")
    .replace(/([0-9])([^0-9 ])/gu, "$1 $2")
    .replace(/([^0-9 ])([0-9])/gu, "$1 $2")
    .trim();
}

/** Words that carry no meaning of their own: never indexed, dropped from queries ('شقة في الرياض' = 'شقة الرياض'). */
const STOP_WORDS = ["في", "من", "الي", "عن", "مع", "او", "ثم", "حي", "ذات", "ذو", "التي", "الذي", "هذا", "هذه", "و", "ب", "ل"] as const;

/** The article and the conjunctions and prepositions written onto it: 'الرياض', 'بالرياض', 'والملقا', 'للبيع'. */
export const ARTICLE_PREFIXES = ["وبال", "وكال", "فبال", "فكال", "ولل", "فلل", "وال", "فال", "بال", "كال", "لل", "ال"] as const;

/**
 * Broken plurals, duals and colloquial spellings → the stem of the word people mean, looked up
 * after the article is gone and before the suffix rules (the values are stems already).
 */
export const DICTIONARY: Readonly<Record<string, string>> = {
  شقق: "شق",
  فلل: "فيلا",
  فيلل: "فيلا",
  فله: "فيلا",
  فيله: "فيلا",
  فيلات: "فيلا",
  فلات: "فيلا",
  فلتين: "فيلا",
  فيلتين: "فيلا",
  فلتان: "فيلا",
  فيلتان: "فيلا",
  اراضي: "ارض",
  اراض: "ارض",
  عماير: "عمار",
  استديو: "استوديو",
  ستوديو: "استوديو",
  ستديو: "استوديو",
  استيديو: "استوديو",
  استوديوهات: "استوديو",
  استديوهات: "استوديو",
  ستوديوهات: "استوديو",
  دبلكس: "دوبلكس",
  دوبليكس: "دوبلكس",
  دبلوكس: "دوبلكس",
  دوبلكسات: "دوبلكس",
  دبلكسات: "دوبلكس",
  بينتهاوس: "بنتهاوس",
  مكاتب: "مكتب",
  بيوت: "بيت",
  بيتين: "بيت",
  منازل: "منزل",
  مزارع: "مزرع",
  قصور: "قصر",
  ابراج: "برج",
  معارض: "معرض",
  مخازن: "مخزن",
  ادوار: "دور",
  مساكن: "مسكن",
  شوارع: "شارع",
  مجالس: "مجلس",
  حدايق: "حديق",
  مسابح: "مسبح",
  مداخل: "مدخل",
  مطابخ: "مطبخ",
  مواقف: "موقف",
  مراكز: "مركز",
  اسواق: "سوق",
  مباني: "مبني",
  اجار: "ايجار",
  تاجير: "ايجار",
};

/** The stems of the two filterable statuses: they match an offer's status only, never a word of its title or description. */
export const STATUS_STEMS = ["بيع", "ايجار"] as const;

/** Marks the stems of the city and neighbourhood in an offer's search_head (the title's are unmarked). */
export const PLACE_MARK = "@";

const DICTIONARY_MAP = new Map(Object.entries(DICTIONARY));
const STOP_RE = new RegExp(` (${STOP_WORDS.join("|")})(?= )`, "gu");
const PREFIX_VARIANT_RE = / ([وبل])(?!ال|ل)(\S{3,})(?= )/gu;
const ARTICLE_RE = new RegExp(` (${ARTICLE_PREFIXES.join("|")})(?=\\S\\S)`, "gu");

/** The suffix rules, in order: sound feminine plural, duals of feminine nouns, other duals and plurals, ta marbuta. */
function stripSuffixes(word: string): string {
  return word
    .replace(/^(\S{3,})ات$/u, "$1")
    .replace(/^(\S{2,})ت(ين|ان)$/u, "$1")
    .replace(/^(\S{3,})(ين|ان)$/u, "$1")
    .replace(/^(\S{2,})ه$/u, "$1");
}

/** A folded word without its article ('بالرياض' → 'رياض'), as the vocabulary keys words. */
export function withoutArticle(folded: string): string {
  return ` ${folded} `.replace(ARTICLE_RE, " ").trim();
}

/**
 * The index terms of a text: each word folded, without its article, mapped through the dictionary
 * or stripped of its suffixes; a word starting with و, ب or ل (no article) also gives the stem of
 * the rest ('بجدة' → 'بجد' and 'جد'). Sorted, each once. Mirrors SQL search_terms.
 */
export function searchTerms(text: string): string[] {
  const padded = ` ${foldSearch(text)} `.replace(STOP_RE, "").replace(PREFIX_VARIANT_RE, " $1$2 $2").replace(ARTICLE_RE, " ");
  const terms = new Set<string>();
  for (const word of padded.split(" ")) if (word) terms.add(DICTIONARY_MAP.get(word) ?? stripSuffixes(word));
  return [...terms].sort(compareCodePoints);
}

/** Code-point order, as SQL's ORDER BY … COLLATE "C". */
export function compareCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEMO_OFFERS } from "../../../demo/offers.ts";
import { searchWorkloadTexts } from "../../../scripts/bench/search-data.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { compareCodePoints, DICTIONARY, foldSearch, searchTerms, STATUS_STEMS, withoutArticle } from "./normalize.ts";
import { signatureMask, stemHashes } from "./search.server.ts";

const db = useTestDatabase();

/** Inputs and their searchable form: every folding rule once. */
const FOLDS: [input: string, folded: string][] = [
  ["أحمد إسلام آمنة ٱلقرآن", "احمد اسلام امنه القران"],
  ["مكة المكرمة", "مكه المكرمه"],
  ["مستشفى", "مستشفي"],
  ["مؤسسة جزيرة شاطئ", "موسسه جزيره شاطي"],
  ["الأحساء سماء", "الاحسا سما"],
  ["العُلَيَّا شقـــة", "العليا شقه"],
  ["مسبحًا خاصاً", "مسبح خاص"], // tanween al-fath and its alef, either way round
  ["الریاض کبیر", "الرياض كبير"], // Persian yeh and keheh
  ["ڪبير ۀ ھ ہ ە", "كبير ه ه ه ه"],
  ["ڤيلا پارك چالیه گاراج", "فيلا بارك جاليه كاراج"],
  ["٣ غرف و۴ حمامات", "3 غرف و 4 حمامات"], // Arabic-Indic and Persian digits; digits and letters apart
  ["١٬٥٠٠ م² أو 1,500,000 ريال", "1500 م 2 او 1500000 ريال"],
  ["VILLA Duplex", "villa duplex"],
  ["شقة، للإيجار! (جدة) - «حي الزهراء»؟", "شقه للايجار جده حي الزهرا"],
  ["ﻻ ﺷﻘﺔ", "لا شقه"], // presentation forms (NFKC)
  ["\u200fشقة\u200e \u200cجدة\ufeff", "شقه جده"],
  ["   ", ""],
];

/** Texts and their index terms: the stemmer, the dictionary, prefixes and stop words. */
const TERMS: [input: string, terms: string[]][] = [
  ["شقة شقه الشقة شقق الشقق شقتين", ["شق"]],
  ["فيلا فلة فله فيلة فلل الفلل فيلات", ["فيلا"]],
  ["أرض ارض أراضي اراضي الأراضي", ["ارض"]],
  ["عمارة عمائر عمارات", ["عمار"]],
  ["محل محلات", ["محل"]],
  ["استوديو استديو ستوديو", ["استوديو"]],
  ["دوبلكس دبلكس", ["دوبلكس"]],
  ["مستودع مستودعات", ["مستودع"]],
  ["الرياض بالرياض والرياض رياض", ["رياض"]],
  ["للبيع البيع بيع", ["بيع"]],
  ["للإيجار إيجار أجار للتأجير", ["ايجار"]],
  ["بجدة", ["بجد", "جد"]],
  ["وشقة", ["شق", "وشق"]],
  ["شقة في حي النرجس من الرياض", ["رياض", "شق", "نرجس"]],
  ["غرفتين شارعين دورين", ["دور", "شارع", "غرف"]],
  ["بيع", ["بيع"]], // too short for the ب prefix
  ["حطين الريان", ["حطين", "ريان"]], // too short for the ين/ان suffix
  ["constructor __proto__", ["constructor", "proto"]],
];

describe("the search's text processing", () => {
  it.each(FOLDS)("folds %s", (input, folded) => {
    expect(foldSearch(input)).toBe(folded);
  });

  it.each(TERMS)("indexes %s", (input, terms) => {
    expect(searchTerms(input)).toEqual(terms);
  });

  it("keeps the dictionary's stems as the suffix rules leave them, so a plural and its singular meet", () => {
    for (const [word, stem] of Object.entries(DICTIONARY)) {
      expect(searchTerms(stem), `${word} → ${stem}`).toContain(stem);
      expect(searchTerms(word), word).toContain(stem);
    }
  });

  it("finds a word's base without the article, as the vocabulary keys it", () => {
    expect(withoutArticle("النرجس")).toBe("نرجس");
    expect(withoutArticle("بالنرجس")).toBe("نرجس");
    expect(withoutArticle("للبيع")).toBe("بيع");
    expect(withoutArticle("الف")).toBe("الف");
  });

  it("leaves the status words to the status alone", () => {
    expect(STATUS_STEMS.map((s) => searchTerms(s)[0])).toEqual([...STATUS_STEMS]);
  });
});

describe("the SQL functions and their mirror", () => {
  /** Every text of the demo offers, the bench's generated vocabulary and the tables above. */
  const corpus = [
    ...FOLDS.map(([input]) => input),
    ...TERMS.map(([input]) => input),
    ...Object.keys(DICTIONARY),
    ...DEMO_OFFERS.flatMap((o) => [o.title, o.description, o.city, o.location, o.propertyType, o.status, ...o.units.map((u) => u.type)]),
    ...searchWorkloadTexts(),
  ];

  it("fold and index every text alike (search_fold = foldSearch, search_terms = searchTerms)", async () => {
    const { rows } = await db().execute<{ folded: string; terms: string[] }>(
      sql`select search_fold(t) as folded, search_terms(t) as terms from unnest(${sql.param(corpus)}::text[]) with ordinality as c(t, n) order by n`,
    );
    expect(rows).toHaveLength(corpus.length);
    const mismatches = corpus.flatMap((text, i) => {
      const row = rows[i]!;
      const sqlTerms = [...row.terms].sort(compareCodePoints);
      return row.folded === foldSearch(text) && JSON.stringify(sqlTerms) === JSON.stringify(searchTerms(text))
        ? []
        : [{ text, sql: [row.folded, sqlTerms], js: [foldSearch(text), searchTerms(text)] }];
    });
    expect(mismatches).toEqual([]);
  });

  it("key the vocabulary as withoutArticle does (search_base)", async () => {
    const words = corpus.flatMap((text) => foldSearch(text).split(" ")).filter(Boolean);
    const { rows } = await db().execute<{ base: string }>(sql`select search_base(w) as base from unnest(${sql.param(words)}::text[]) with ordinality as c(w, n) order by n`);
    expect(rows.map((r) => r.base)).toEqual(words.map(withoutArticle));
  });

  it("number stems alike (search_hashes = stemHashes), as the ranking's covering walks compare them", async () => {
    const stems = [...new Set(corpus.flatMap(searchTerms))].flatMap((stem) => [stem, `@${stem}`]);
    const { rows } = await db().execute<{ hashes: string[] }>(sql`select search_hashes(${sql.param(stems)}::text[])::text[] as hashes`);
    expect(rows[0]?.hashes).toEqual(stemHashes(stems));
    const sample = stems.slice(0, 40);
    const { rows: signature } = await db().execute<{ bits: string }>(sql`select search_signature(search_hashes(${sql.param(sample)}::text[]))::text as bits`);
    expect(signature[0]?.bits).toBe(signatureMask(sample));
  });
});

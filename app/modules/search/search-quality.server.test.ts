// The keyword search's quality set (issue 17, decision 002): queries as people type them over the
// demo offers and generated ones, each with the offers it must find (all of them, nothing else).
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { offers } from "~/db/schema.ts";
import { listOffers, searchOffers } from "~/modules/offers/offers.server.ts";
import type { OfferFilters } from "~/modules/search/filters.ts";
import { DEMO_OFFERS } from "../../../demo/offers.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";

const db = useTestDatabase();

// ---- Generated offers: every type in every city, with known fields to tell what must match ----

const PLACES: Record<string, string[]> = {
  الرياض: ["الملقا", "النرجس", "حطين", "الياسمين", "الصحافة", "قرطبة"],
  جدة: ["الروضة", "السلامة", "الحمراء", "الشاطئ"],
  الدمام: ["الفيصلية", "الريان"],
  "مكة المكرمة": ["العزيزية", "الشوقية"],
  الخبر: ["الراكة", "العقربية"],
};
const CITIES = Object.keys(PLACES);
const TYPES = ["شقة", "فيلا", "أرض", "عمارة", "استوديو", "دوبلكس", "محل تجاري", "مستودع"];
const STATUSES = ["للبيع", "للإيجار", "محجوز"];
const PHRASES = ["بتصميم عصري", "بموقع مميز", "على شارعين", "قرب الخدمات", "بمدخل مستقل"];

interface Generated {
  key: string;
  type: string;
  city: string;
  nb: string;
  status: string;
  /** The neighbourhood is in the title ('… في حي النرجس'), not only the offer's location. */
  placeInTitle: boolean;
}

const GENERATED: Generated[] = Array.from({ length: 240 }, (_, i) => {
  const city = CITIES[i % CITIES.length]!;
  const nbs = PLACES[city]!;
  return {
    key: `g${i}`,
    type: TYPES[Math.floor(i / CITIES.length) % TYPES.length]!,
    city,
    nb: nbs[Math.floor(i / (CITIES.length * TYPES.length)) % nbs.length]!,
    status: STATUSES[i % STATUSES.length]!,
    placeInTitle: i % 4 !== 0,
  };
});

function generatedValues(g: Generated, i: number) {
  const phrase = PHRASES[i % PHRASES.length]!;
  // A reserved offer still titled «للإيجار» (it was listed for rent): the status decides, not the title.
  const statusWords = g.status === "للإيجار" && i % 2 ? " للإيجار" : g.status === "محجوز" && i % 3 === 0 ? " للإيجار" : "";
  return {
    title: `${g.type} ${phrase}${statusWords}${g.placeInTitle ? ` في حي ${g.nb}` : ""}`,
    description: `${g.type} ${phrase}، قريب من الخدمات والطرق الرئيسية.`,
    propertyType: g.type,
    status: g.status,
    city: g.city,
    location: g.nb,
    price: 100_000 + ((i * 7919) % 240) * 10_000,
  };
}

/** Offers written as staff sometimes write them: plurals, a Persian keyboard, a veh. */
const SPECIAL = {
  persian: { title: "شقة مفروشة في الریاض حي الیاسمین", propertyType: "شقة", status: "للبيع", city: "الرياض", location: "الياسمين" },
  plural: { title: "فلل للبيع بحي الرمال", propertyType: "فيلا", status: "للبيع", city: "الرياض", location: "الرمال" },
  plural2: { title: "شقق مفروشة للإيجار", propertyType: "شقة", status: "للإيجار", city: "جدة", location: "السلامة" },
  veh: { title: "ڤيلا بمسبح في الشاطئ", propertyType: "فيلا", status: "للبيع", city: "جدة", location: "الشاطئ" },
} as const;
type SpecialKey = keyof typeof SPECIAL;

/** Offer id by key: d0…d17 the demo offers (DEMO_OFFERS order), g0… the generated, and the special ones. */
const ids = new Map<string, number>();
/** The keys of the offers in a status a visitor's search lists (decision 027: not the reserved, sold or rented ones). */
const listed = new Set<string>();
const LISTED_STATUSES = ["للبيع", "للإيجار"];

beforeAll(async () => {
  const now = Date.UTC(2026, 5, 1);
  // Demo first (their own ages, 0-60 days), then the generated, older, an hour apart.
  for (const [i, demo] of DEMO_OFFERS.entries()) {
    const row = await createOffer(db(), {
      title: demo.title,
      description: demo.description,
      price: demo.price,
      propertyType: demo.propertyType,
      status: demo.status,
      city: demo.city,
      location: demo.location,
      area: demo.area,
      bedrooms: demo.bedrooms,
      units: demo.units.map((unit, n) => ({ ...unit, id: `u${n}` })),
      createdAt: new Date(now - demo.ageDays * 86_400_000),
    });
    ids.set(`d${i}`, row.id);
    if (LISTED_STATUSES.includes(demo.status)) listed.add(`d${i}`);
  }
  for (const [i, g] of GENERATED.entries()) {
    const row = await createOffer(db(), { ...generatedValues(g, i), createdAt: new Date(now - 61 * 86_400_000 - i * 3_600_000) });
    ids.set(g.key, row.id);
    if (LISTED_STATUSES.includes(g.status)) listed.add(g.key);
  }
  for (const [key, values] of Object.entries(SPECIAL)) {
    const row = await createOffer(db(), { ...values, description: "عرض خاص", createdAt: new Date(now - 90 * 86_400_000) });
    ids.set(key, row.id);
    if (LISTED_STATUSES.includes(values.status)) listed.add(key);
  }
  await db().execute(sql`analyze ${offers}`);
});

// ---- What must match ----

const demo = (...indices: number[]) => indices.map((i) => `d${i}`);
const generated = (test: (g: Generated) => boolean) => GENERATED.filter(test).map((g) => g.key);
const special = (...keys: SpecialKey[]) => keys;
const ofType = (type: string) => (g: Generated) => g.type === type;
const inCity = (city: string) => (g: Generated) => g.city === city;

const VILLAS = [...generated(ofType("فيلا")), ...special("plural", "veh"), ...demo(0, 2, 8, 11, 15, 16)];
const APARTMENTS = [...generated(ofType("شقة")), ...special("persian", "plural2"), ...demo(1, 3, 9, 10, 12, 13, 14, 17)];
const RIYADH = [...generated(inCity("الرياض")), ...special("persian", "plural"), ...demo(0, 1, 2, 3, 4, 6, 15, 16, 17)];
const FOR_RENT = [...generated((g) => g.status === "للإيجار"), ...special("plural2"), ...demo(1, 4, 6, 12, 14, 15)];
const FOR_SALE = [...generated((g) => g.status === "للبيع"), ...special("persian", "plural", "veh"), ...demo(0, 2, 3, 5, 9, 10, 13, 17)];

/** The demo offers with this many bedrooms (the generated have none), among `among` if given. */
const withBedrooms = (count: number, among?: string[]) => DEMO_OFFERS.flatMap((offer, i) => (offer.bedrooms === count && (!among || among.includes(`d${i}`)) ? [`d${i}`] : []));

interface Case {
  query: string;
  expected: string[];
  filters?: Partial<OfferFilters>;
  /** «هل تقصد …؟»: the keyword the offers found are those of. */
  suggestion?: string;
}

const CASES: Case[] = [
  // One word, its spellings, plurals and colloquial forms
  { query: "فيلا", expected: VILLAS },
  { query: "فلل", expected: VILLAS },
  { query: "فله", expected: VILLAS },
  { query: "فيلّا", expected: VILLAS },
  { query: "شقة", expected: APARTMENTS },
  { query: "شقق", expected: APARTMENTS },
  { query: "شقه", expected: APARTMENTS },
  { query: "شقـــة", expected: APARTMENTS },
  { query: "وشقة", expected: APARTMENTS },
  { query: "استديو", expected: [...generated(ofType("استوديو")), ...demo(3, 4, 10)] },
  { query: "دبلكس", expected: [...generated(ofType("دوبلكس")), ...demo(2, 8, 16)] },
  { query: "اراضي", expected: [...generated(ofType("أرض")), ...demo(2, 16)] },
  { query: "عمائر", expected: [...generated(ofType("عمارة")), ...demo(1, 3, 9, 10, 12, 13, 14)] },
  { query: "محلات", expected: [...generated(ofType("محل تجاري")), ...demo(3, 7, 13)] },
  { query: "مستودعات", expected: [...generated(ofType("مستودع")), ...demo(6)] },
  { query: "بنتهاوس", expected: demo(3, 5, 10) }, // a type, and two buildings' units
  { query: "معرض", expected: demo(13) },
  { query: "مسبح", expected: [...special("veh"), ...demo(0, 5, 8)] },
  // Places: Persian letters, hamza seats, ta marbuta, prefixes, digits
  { query: "الریاض", expected: RIYADH },
  { query: "بالرياض", expected: RIYADH },
  { query: "رياض", expected: RIYADH },
  { query: "مكه", expected: [...generated(inCity("مكة المكرمة")), ...demo(13)] },
  { query: "جده", expected: [...generated(inCity("جدة")), ...special("plural2", "veh"), ...demo(5, 8, 9)] },
  { query: "الشاطي", expected: [...generated((g) => g.nb === "الشاطئ"), ...special("veh"), ...demo(5, 11)] },
  { query: "کورنیش", expected: demo(5, 11) },
  { query: "والملقا", expected: [...generated((g) => g.nb === "الملقا"), ...demo(0)] },
  { query: "الیاسمین", expected: [...generated((g) => g.nb === "الياسمين"), ...special("persian"), ...demo(3)] },
  { query: "١٥٠٠", expected: demo(6) },
  { query: "1,500", expected: demo(6) },
  // Status words match the status, never a title or description that mentions it
  { query: "للإيجار", expected: FOR_RENT },
  { query: "إيجار", expected: FOR_RENT },
  { query: "للبيع", expected: FOR_SALE },
  // Several words, any order, stop words and prefixes ignored
  { query: "شقة الرياض", expected: APARTMENTS.filter((k) => RIYADH.includes(k)) },
  { query: "الرياض شقة", expected: APARTMENTS.filter((k) => RIYADH.includes(k)) },
  { query: "شقة في حي النرجس", expected: [...generated((g) => g.type === "شقة" && g.nb === "النرجس"), ...demo(1)] },
  { query: "فيلا للبيع جدة", expected: [...generated((g) => g.type === "فيلا" && g.city === "جدة" && g.status === "للبيع"), ...special("veh")] },
  { query: "فلل للبيع بجدة", expected: [...generated((g) => g.type === "فيلا" && g.city === "جدة" && g.status === "للبيع"), ...special("veh")] },
  { query: "شقة للإيجار", expected: APARTMENTS.filter((k) => FOR_RENT.includes(k)) },
  { query: "شقة للبيع", expected: APARTMENTS.filter((k) => FOR_SALE.includes(k)) },
  { query: "استوديو مفروش", expected: demo(4) },
  { query: "عمارة الدمام للبيع", expected: [...generated((g) => g.type === "عمارة" && g.city === "الدمام" && g.status === "للبيع"), ...demo(10)] },
  { query: "مستودع، الرياض!", expected: [...generated((g) => g.type === "مستودع" && g.city === "الرياض"), ...demo(6)] },
  // With the list's filters
  { query: "شقة", filters: { city: "جدة" }, expected: APARTMENTS.filter((k) => [...generated(inCity("جدة")), "plural2", "d9"].includes(k)) },
  { query: "فيلا", filters: { status: "للإيجار" }, expected: VILLAS.filter((k) => FOR_RENT.includes(k)) },
  // Typos: a letter missed, changed, added or two swapped, in a word of 4 letters or more
  { query: "النرجص", suggestion: "النرجس", expected: [...generated((g) => g.nb === "النرجس"), ...demo(1)] },
  { query: "شقة الياسمن", suggestion: "شقة الياسمين", expected: [...generated((g) => g.type === "شقة" && g.nb === "الياسمين"), ...special("persian"), ...demo(3)] },
  { query: "العزيزبة", suggestion: "العزيزية", expected: [...generated((g) => g.nb === "العزيزية"), ...demo(13)] },
  { query: "اليرمكو", suggestion: "اليرموك", expected: demo(15) },
  { query: "حطبن", suggestion: "حطين", expected: [...generated((g) => g.nb === "حطين"), ...demo(2)] },
  // Nothing: words no offer has, and words that never meet in one offer
  { query: "قصر ملكي", expected: [] },
  { query: "شقة تبوك", expected: [] },
  { query: "فيلا قباء", expected: [] },
  { query: "بنتهاوس مكة", expected: [] },
  { query: "مزرعة", expected: [] },
  // Typed in English: the words people use for the types, the places and the two statuses
  { query: "villa", expected: VILLAS },
  { query: "Apartments in Riyadh", expected: APARTMENTS.filter((key) => RIYADH.includes(key)) },
  { query: "villa for rent", expected: VILLAS.filter((key) => FOR_RENT.includes(key)) },
  // A count of rooms is the offer's bedrooms, not words of its text: digits, number words, the dual, «غرف نوم»
  { query: "3 غرف", expected: withBedrooms(3) },
  { query: "٣ غرف نوم", expected: withBedrooms(3) },
  { query: "3غرف", expected: withBedrooms(3) },
  { query: "شقة بثلاث غرف", expected: withBedrooms(3, APARTMENTS) },
  { query: "فيلا أربعة غرف نوم", expected: withBedrooms(4, VILLAS) },
  { query: "غرفتين", expected: withBedrooms(2) },
  { query: "غرفة واحدة", expected: withBedrooms(1) },
  { query: "شقة 3 غرف للإيجار", expected: withBedrooms(3, APARTMENTS).filter((key) => FOR_RENT.includes(key)) },
  { query: "xyzzy", expected: [] },
];

function keysOf(offerIds: number[]): string[] {
  const byId = new Map([...ids].map(([key, id]) => [id, key]));
  return offerIds.map((id) => byId.get(id) ?? `#${id}`);
}

describe("the keyword search finds what people mean", () => {
  it.each(CASES)("«$query»", async ({ query, expected, filters, suggestion }) => {
    const result = await listOffers(db(), { keyword: query, page: 1, ...filters }, 1000);
    const shown = [...new Set(expected)].filter((key) => listed.has(key));
    expect(keysOf(result.offers.map((o) => o.id)).sort()).toEqual(shown.sort());
    expect(result.total).toBe(shown.length);
    expect(result.suggestion).toBe(suggestion);
  });

  it("has a quality set of 40 queries or more", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
  });
});

describe("a price, an area or a count of bedrooms bounded in the keyword is a bound on the offer's, as the filters are", () => {
  it.each([
    ["فيلا تحت 3 مليون", VILLAS, "price", undefined, 3_000_000],
    ["شقة بأقل من 500 ألف", APARTMENTS, "price", undefined, 500_000],
    ["شقة تحت نص مليون ريال", APARTMENTS, "price", undefined, 500_000],
    ["فيلا بحد أقصى مليونين", VILLAS, "price", undefined, 2_000_000],
    ["شقة أكثر من ٢ مليون", APARTMENTS, "price", 2_000_000, undefined],
    ["شقة بين 500 ألف و 900 ألف", APARTMENTS, "price", 500_000, 900_000],
    ["فيلا بين مليون و مليون ونص", VILLAS, "price", 1_000_000, 1_500_000],
    ["فيلا أكثر من 500 متر", VILLAS, "area", 500, undefined],
    ["شقة 185 م²", APARTMENTS, "area", 166, 204],
    ["فيلا أكثر من 4 غرف", VILLAS, "bedrooms", 4, undefined],
  ] as const)("«%s»", async (query, among, column, min, max) => {
    const rows = await db().select({ id: offers.id, price: offers.price, area: offers.area, bedrooms: offers.bedrooms }).from(offers);
    const valueOf = new Map(rows.map((row) => [row.id, Number(row[column])]));
    const within = (key: string) => {
      const value = valueOf.get(ids.get(key)!)!;
      return (min === undefined || value >= min) && (max === undefined || value <= max);
    };
    const expected = [...new Set(among)].filter((key) => listed.has(key) && within(key));
    const result = await listOffers(db(), { keyword: query, page: 1 }, 1000);
    expect(keysOf(result.offers.map((o) => o.id)).sort()).toEqual(expected.sort());
    // The bound narrows the type's offers, and leaves some: the case tells something.
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan([...new Set(among)].filter((key) => listed.has(key)).length);
  });
});

describe("the order of the matches", () => {
  it("puts matches in the title first, then in the place, then elsewhere; newest first among equals", async () => {
    const result = await listOffers(db(), { keyword: "النرجس", page: 1 }, 1000);
    const inTitle = [...demo(1), ...generated((g) => g.nb === "النرجس" && g.placeInTitle)];
    const inPlace = generated((g) => g.nb === "النرجس" && !g.placeInTitle);
    // Demo offers are newer than the generated ones, which are an hour apart in their order.
    expect(keysOf(result.offers.map((o) => o.id))).toEqual([...inTitle, ...inPlace].filter((key) => listed.has(key)));
  });

  it("ranks a word in the title above the same word only in the description or units", async () => {
    const result = await listOffers(db(), { keyword: "بنتهاوس", page: 1 }, 10);
    expect(keysOf(result.offers.map((o) => o.id))).toEqual(demo(5, 3, 10).filter((key) => listed.has(key)));
  });

  it("keeps a chosen price order", async () => {
    const result = await listOffers(db(), { keyword: "فيلا", priceSort: "low", page: 1 }, 1000);
    // Sales first, then rents, each by its yearly amount (decision 027).
    const YEAR = { "": 1, yearly: 1, monthly: 12, daily: 365 };
    const scale = result.offers.map((o) => [o.rentPeriod !== "" || o.status === "للإيجار" ? 1 : 0, o.price * YEAR[o.rentPeriod]] as const);
    expect(scale).toEqual([...scale].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    expect(keysOf(result.offers.map((o) => o.id)).sort()).toEqual(VILLAS.filter((key) => listed.has(key)).sort());
  });

  it("pages through the same order it counts", async () => {
    const all = await listOffers(db(), { keyword: "الرياض", page: 1 }, 1000);
    const pages = [];
    for (let page = 1; page <= Math.ceil(all.total / 24); page++) pages.push(...(await listOffers(db(), { keyword: "الرياض", page }, 24)).offers.map((o) => o.id));
    expect(pages).toEqual(all.offers.map((o) => o.id));
  });
});

describe("the header overlay", () => {
  it("uses the same engine, typos included: the first offers of the corrected search", async () => {
    const results = await searchOffers(db(), "شقة الياسمن", 6);
    const corrected = await listOffers(db(), { keyword: "شقة الياسمين", page: 1 }, 6);
    expect(results.map((o) => o.id)).toEqual(corrected.offers.map((o) => o.id));
    expect(results.length).toBe(Math.min(6, corrected.total));
    expect(results.length).toBeGreaterThan(0);
  });

  it("completes the word being typed from the offers' own words, and waits for a word after a bare article", async () => {
    const ids = async (keyword: string) => (await searchOffers(db(), keyword, 6)).map((o) => o.id);
    expect(await ids("شقة الياسم")).toEqual(await ids("شقة الياسمين"));
    expect(await ids("العزيز")).toEqual(await ids("العزيزية"));
    expect(await ids("فيلا ال")).toEqual(await ids("فيلا"));
    expect(await ids("ال")).toEqual([]);
  });
});

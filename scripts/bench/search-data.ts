// The search benchmark's data: 100,000 offers spread like a Saudi listings site's (cities and
// neighbourhoods by weight, property types, statuses, title phrases), generated in PostgreSQL with a
// fixed seed, and the searches people make (keywords with a city and/or a status).
import type pg from "pg";
import type { OfferFilters } from "~/modules/search/filters.ts";

export const SEARCH_ROWS = 100_000;

// Weighted like a Saudi listings site: Riyadh first, then Jeddah, Dammam/Khobar, Makkah, Madinah...
const PLACES: Record<string, string[]> = {
  الرياض: [
    "الملقا",
    "النرجس",
    "حطين",
    "الياسمين",
    "العليا",
    "الصحافة",
    "قرطبة",
    "اليرموك",
    "السلي",
    "العقيق",
    "الربيع",
    "المروج",
    "النخيل",
    "الورود",
    "الحمراء",
    "الروضة",
    "الشفا",
    "العارض",
  ],
  جدة: ["الشاطئ", "أبحر الشمالية", "الحمراء", "الروضة", "الزهراء", "السلامة", "النعيم", "البوادي", "الصفا", "المرجان"],
  الدمام: ["الفيصلية", "الشاطئ الشرقي", "المزروعية", "الريان", "النور", "الجلوية"],
  الخبر: ["العقربية", "العليا", "الحزام الذهبي", "اليرموك", "الراكة"],
  "مكة المكرمة": ["العزيزية", "الشوقية", "النسيم", "العوالي", "الزاهر"],
  "المدينة المنورة": ["قباء", "العزيزية", "الخالدية", "العيون", "شوران"],
  الطائف: ["الحوية", "شهار", "الفيصلية"],
  أبها: ["المنسك", "السد", "الخالدية"],
  بريدة: ["الريان", "الإسكان", "الصفراء"],
  الأحساء: ["المبرز", "الهفوف", "العيون"],
};
const CITY_WEIGHT: Record<string, number> = { الرياض: 8, جدة: 5, الدمام: 3, الخبر: 2, "مكة المكرمة": 2, "المدينة المنورة": 2 };
/** Each city's centre and the reach of its neighbourhoods in degrees (lat, lng, reach): the map search's points. */
const CITY_CENTRES: Record<string, [number, number, number]> = {
  الرياض: [24.7136, 46.6753, 0.22],
  جدة: [21.5433, 39.1728, 0.16],
  الدمام: [26.4207, 50.0888, 0.08],
  الخبر: [26.2172, 50.1971, 0.06],
  "مكة المكرمة": [21.3891, 39.8579, 0.08],
  "المدينة المنورة": [24.5247, 39.5692, 0.08],
  الطائف: [21.2703, 40.4158, 0.06],
  أبها: [18.2164, 42.5053, 0.05],
  بريدة: [26.3592, 43.9818, 0.06],
  الأحساء: [25.3833, 49.5867, 0.08],
};
/** The share of generated offers with a point on the map (the rest have none, as some real listings). */
const LOCATED_SHARE = 0.9;

/** A neighbourhood's centre: the city's neighbourhoods spread on a sunflower spiral around its centre. */
function neighbourhoodCentre(city: string, index: number, count: number): [number, number] {
  const [lat, lng, reach] = CITY_CENTRES[city]!;
  const radius = reach * Math.sqrt((index + 0.5) / count);
  const angle = index * 2.399963;
  return [lat + radius * Math.sin(angle), lng + radius * Math.cos(angle)];
}
const TYPES = ["شقة", "شقة", "شقة", "فيلا", "فيلا", "أرض", "أرض", "عمارة", "دور", "استوديو", "بنتهاوس", "دوبلكس", "محل تجاري", "مستودع", "استراحة"];
const PHRASES = [
  "بتصميم عصري",
  "بموقع مميز",
  "على شارعين",
  "قرب الخدمات",
  "مع مسبح خاص",
  "بمدخل مستقل",
  "بإطلالة مفتوحة",
  "بتشطيبات فاخرة",
  "مجددة بالكامل",
  "عائلية واسعة",
  "مفروشة بالكامل",
  "على شارع تجاري",
  "قريبة من المدارس",
  "بحديقة خاصة",
];
// Status weights: mostly for sale / for rent, some reserved, sold, rented, postponed.
const STATUSES: string[] = [...Array<string>(10).fill("للبيع"), ...Array<string>(7).fill("للإيجار"), "محجوز", "مباع", "مؤجر", "مؤجل"];
const FILTER_STATUSES = ["للبيع", "للإيجار"] as const satisfies OfferFilters["status"][];

/** The four kinds of search the budget is kept for, each reported on its own (issue 17). */
export const QUERY_KINDS = ["one word", "three words", "typo", "no result"] as const;
type QueryKind = (typeof QUERY_KINDS)[number];

// What people type: neighbourhoods, types and cities in their spellings, plurals and colloquial
// forms, words of descriptions; several words in any order; a letter missed, changed or swapped; and
// words no offer has. `city`: the city the neighbourhood is in, for the filter.
const QUERIES: { kind: QueryKind; keyword: string; city?: string }[] = [
  { kind: "one word", keyword: "النرجس", city: "الرياض" },
  { kind: "one word", keyword: "الملقا", city: "الرياض" },
  { kind: "one word", keyword: "حطين", city: "الرياض" },
  { kind: "one word", keyword: "ياسمين", city: "الرياض" },
  { kind: "one word", keyword: "العليا" },
  { kind: "one word", keyword: "الشاطئ", city: "جدة" },
  { kind: "one word", keyword: "ابحر", city: "جدة" },
  { kind: "one word", keyword: "العزيزية" },
  { kind: "one word", keyword: "قباء", city: "المدينة المنورة" },
  { kind: "one word", keyword: "الفيصليه" },
  { kind: "one word", keyword: "الریاض" },
  { kind: "one word", keyword: "جده" },
  { kind: "one word", keyword: "مكه" },
  { kind: "one word", keyword: "الاحساء" },
  { kind: "one word", keyword: "فلل" },
  { kind: "one word", keyword: "شقق" },
  { kind: "one word", keyword: "فله" },
  { kind: "one word", keyword: "دبلكس" },
  { kind: "one word", keyword: "استديو" },
  { kind: "one word", keyword: "اراضي" },
  { kind: "one word", keyword: "للإيجار" },
  { kind: "one word", keyword: "مسبح" },
  { kind: "one word", keyword: "مفروشة" },
  { kind: "one word", keyword: "شارعين" },
  { kind: "three words", keyword: "فيلا للبيع جدة", city: "جدة" },
  { kind: "three words", keyword: "شقة للإيجار الرياض", city: "الرياض" },
  { kind: "three words", keyword: "شقة مفروشة النرجس", city: "الرياض" },
  { kind: "three words", keyword: "فلل بمسبح خاص" },
  { kind: "three words", keyword: "عمارة الدمام للبيع", city: "الدمام" },
  { kind: "three words", keyword: "ارض شارعين الملقا", city: "الرياض" },
  { kind: "three words", keyword: "استراحة حديقة خاصة" },
  { kind: "three words", keyword: "دوبلكس تشطيبات فاخرة" },
  { kind: "typo", keyword: "النرجص", city: "الرياض" },
  { kind: "typo", keyword: "الياسمن", city: "الرياض" },
  { kind: "typo", keyword: "العزيزبة" },
  { kind: "typo", keyword: "شقة حطبن", city: "الرياض" },
  { kind: "typo", keyword: "فيلا الملقى", city: "الرياض" },
  { kind: "typo", keyword: "النحيل", city: "الرياض" },
  { kind: "typo", keyword: "قرطبا", city: "الرياض" },
  { kind: "typo", keyword: "الشاطىء الشرقى", city: "الدمام" },
  { kind: "no result", keyword: "قصر ملكي" },
  { kind: "no result", keyword: "مزرعة تبوك" },
  { kind: "no result", keyword: "شاليه بحري" },
  { kind: "no result", keyword: "برج تجاري" },
  { kind: "no result", keyword: "قباء الدمام" },
  { kind: "no result", keyword: "xyzzy" },
];

export interface BenchSearch {
  kind: QueryKind;
  filters: OfferFilters;
}

/** Every text the generator writes and the workload types, for the search's mirror test (app/modules/search). */
export function searchWorkloadTexts(): string[] {
  return [...Object.entries(PLACES).flat(2), ...TYPES, ...PHRASES, ...STATUSES, ...QUERIES.map((q) => q.keyword)];
}

/**
 * `count` searches of each kind, each with the list's filters as people combine them: none, the
 * city, the status, both, both with a price range, or a number of bedrooms.
 */
export function searchWorkload(count: number): BenchSearch[] {
  const cities = Object.keys(PLACES);
  const list: BenchSearch[] = [];
  for (const kind of QUERY_KINDS) {
    const queries = QUERIES.filter((q) => q.kind === kind);
    for (let i = 0; i < count; i++) {
      const q = queries[i % queries.length]!;
      const round = Math.floor(i / queries.length);
      const city = q.city ?? cities[(i * 7) % cities.length]!;
      const status = FILTER_STATUSES[round % 2]!;
      const combo = round % 6;
      const filters: OfferFilters = { keyword: q.keyword, page: 1 };
      if (combo === 1 || combo >= 3) filters.city = city;
      if (combo === 2 || combo === 3 || combo === 4) filters.status = status;
      if (combo === 4) Object.assign(filters, status === "للبيع" ? { minPrice: 500_000, maxPrice: 3_000_000 } : { maxPrice: 120_000 });
      if (combo === 5) filters.bedrooms = 3;
      list.push({ kind, filters });
    }
  }
  return list;
}

/** What a visitor types into the header search, letter by letter (the overlay asks at each pause). */
export const OVERLAY_QUERIES = ["فيل", "فيلا", "فيلا ال", "فيلا الملقا", "شقة", "شقة للإيجار", "الریاض", "النرجس", "النرجص", "جده", "دبلكس", "قصر ملكي"];

/** Marks the generated offers (deed_number), so those added to the bench server's own data can be removed. */
const GENERATED_MARK = "bench-search";

/**
 * 100,000 offers, like a Saudi listings site's, with a licence in force (the public list hides the
 * others while the settings require one), 3-5 photos each, nine in ten with a point on the map near
 * their neighbourhood's centre; then VACUUM ANALYZE, as autovacuum would
 * leave a settled table (the covering indexes answer without the table once its pages are all-visible).
 */
export async function generateOffers(client: pg.Pool | pg.Client) {
  const cityList: string[] = [];
  const neighbourhoodList: string[] = [];
  const latList: number[] = [];
  const lngList: number[] = [];
  for (const [city, neighbourhoods] of Object.entries(PLACES)) {
    for (let w = 0; w < (CITY_WEIGHT[city] ?? 1); w++) {
      for (const [k, n] of neighbourhoods.entries()) {
        cityList.push(city);
        neighbourhoodList.push(n);
        const [lat, lng] = neighbourhoodCentre(city, k, neighbourhoods.length);
        latList.push(lat);
        lngList.push(lng);
      }
    }
  }
  await client.query("select setseed(0.42)");
  // A quarter of the titles leave the neighbourhood out: it is then found in the offer's place only.
  const { rows } = await client.query<{ from_id: number; to_id: number }>(
    `with added as (
     insert into offers (title, description, price, property_type, status, is_corner, location, city, area,
                         bedrooms, bathrooms, floors, details, ad_licence_number, ad_licence_ends_at, deed_number, created_at, updated_at, lat, lng)
     select
       t || ' ' || ph || case s when 'للبيع' then ' للبيع' when 'للإيجار' then ' للإيجار' else '' end || case when r3 < 0.75 then ' في حي ' || nb else '' end,
       t || ' في ' || city || '، حي ' || nb || '. ' || ph || '، قريب من الخدمات والطرق الرئيسية.',
       case when s in ('للإيجار', 'مؤجر') then (15 + floor(r1 * 185))::bigint * 1000
            else (300 + floor(r1 * 9700))::bigint * 1000 end,
       t, s, r2 < 0.2, nb, city,
       round((60 + r2 * 1400)::numeric, 0)::float8,
       case when t in ('أرض', 'محل تجاري', 'مستودع') then 0 else 1 + floor(r1 * 7)::int end,
       case when t in ('أرض', 'مستودع') then 0 else 1 + floor(r2 * 5)::int end,
       case when t in ('فيلا', 'عمارة', 'دوبلكس') then (1 + floor(r1 * 3)::int)::text else '' end,
       '{}'::jsonb,
       '7100000000', now() + interval '1 year', $8,
       created, created,
       -- Within about 1.5 km of the neighbourhood's centre; the jitter and the share located come from a
       -- hash of the row's number, not random(), so the other columns stay what they were before the map.
       case when located then ($9::float8[])[i] + jy * 0.028 end,
       case when located then ($10::float8[])[i] + jx * 0.03 end
     from (
       select
         ($1::text[])[i] as city, ($2::text[])[i] as nb, i,
         (hashtext('x' || g) & 65535) / 65535.0 - 0.5 as jx,
         (hashtext('y' || g) & 65535) / 65535.0 - 0.5 as jy,
         (hashtext('l' || g) & 65535) < $11::float8 * 65536 as located,
         ($3::text[])[1 + floor(random() * cardinality($3::text[]))::int] as t,
         ($4::text[])[1 + floor(random() * cardinality($4::text[]))::int] as ph,
         ($5::text[])[1 + floor(random() * cardinality($5::text[]))::int] as s,
         random() as r1, random() as r2, random() as r3,
         now() - random() * interval '730 days' as created
       from (select g, 1 + floor(random() * $6::int)::int as i from generate_series(1, $7::int) g) picks
     ) rows
     returning id)
     select min(id) as from_id, max(id) as to_id from added`,
    [cityList, neighbourhoodList, TYPES, PHRASES, STATUSES, cityList.length, SEARCH_ROWS, GENERATED_MARK, latList, lngList, LOCATED_SHARE],
  );
  const { from_id: fromId, to_id: toId } = rows[0]!;
  // 3 to 5 photos per offer like the demo data (the list joins offer_images/images for the main one).
  await client.query(
    `insert into images (id, width, height, variants, colour)
     select 'bench-' || o.id || '-' || p, 1600, 1200, '{480,960,1600}', '#d6d3d1'
     from offers o cross join lateral generate_series(0, 2 + o.id % 3) p where o.id between $1 and $2`,
    [fromId, toId],
  );
  await client.query(
    `insert into offer_images (offer_id, image_id, position)
     select o.id, 'bench-' || o.id || '-' || p, p from offers o cross join lateral generate_series(0, 2 + o.id % 3) p where o.id between $1 and $2`,
    [fromId, toId],
  );
  // The postings too (decision 002): their index answers alone once their pages are all-visible.
  await client.query("vacuum analyze offers, offer_search_postings");
  await client.query("analyze");
}

/** Removes the generated offers (and their photo rows) from a database they were added to. */
export async function removeGeneratedOffers(client: pg.Pool | pg.Client) {
  await client.query("delete from offers where deed_number = $1", [GENERATED_MARK]);
  await client.query("delete from images where id like 'bench-%' and not exists (select 1 from offer_images where image_id = images.id)");
  await client.query("vacuum analyze offers, offer_search_postings");
}

/** The map search's kinds of area (decision 022): a whole city, a district, a neighbourhood, the kingdom. */
export const MAP_AREA_KINDS = ["city", "district", "neighbourhood", "kingdom"] as const;
type MapAreaKind = (typeof MAP_AREA_KINDS)[number];

export interface BenchMapSearch {
  kind: MapAreaKind;
  /** A few words on the filters and the area, for the tables. */
  label: string;
  filters: OfferFilters;
}

/** Half-sizes (degrees) of the areas a map shows: a city as fitted, a district and a neighbourhood zoomed in, on a phone (taller) or a desk (wider). */
const AREA_HALF: Record<Exclude<MapAreaKind, "kingdom">, [number, number][]> = {
  city: [[0.3, 0.26]],
  district: [
    [0.05, 0.04],
    [0.035, 0.06],
  ],
  neighbourhood: [
    [0.015, 0.012],
    [0.01, 0.018],
  ],
};

/**
 * `count` map searches of each kind of area, over the cities by the listings' weight, around their
 * neighbourhoods, with the list's filters as people combine them: none, the area's city, the status,
 * a type, a price range, bedrooms, a keyword, a price order.
 */
export function mapWorkload(count: number): BenchMapSearch[] {
  const weighted = Object.keys(PLACES).flatMap((city) => Array<string>(CITY_WEIGHT[city] ?? 1).fill(city));
  const list: BenchMapSearch[] = [];
  for (const kind of MAP_AREA_KINDS) {
    for (let i = 0; i < count; i++) {
      const city = weighted[(i * 5) % weighted.length]!;
      const hoods = PLACES[city]!;
      const [centreLat, centreLng] = kind === "city" ? CITY_CENTRES[city]! : neighbourhoodCentre(city, (i * 3) % hoods.length, hoods.length);
      const halves = kind === "kingdom" ? [] : AREA_HALF[kind];
      const [halfLat, halfLng] = halves[i % Math.max(1, halves.length)] ?? [0, 0];
      const bbox =
        kind === "kingdom"
          ? "34.5,16,55.7,32.2"
          : [centreLng - halfLng, centreLat - halfLat, centreLng + halfLng, centreLat + halfLat].map((n) => n.toFixed(5).replace(/\.?0+$/, "")).join(",");
      const filters: OfferFilters = { page: 1, bbox };
      const combo = Math.floor(i / 2) % 8;
      if (combo === 1) filters.city = city;
      if (combo === 2) filters.status = FILTER_STATUSES[i % 2]!;
      if (combo === 3) filters.propertyType = TYPES[i % TYPES.length]!;
      if (combo === 4) Object.assign(filters, { status: "للبيع", minPrice: 500_000, maxPrice: 3_000_000 });
      if (combo === 5) filters.bedrooms = 3;
      if (combo === 6) filters.keyword = ["فيلا", "شقة", "مسبح"][i % 3]!;
      if (combo === 7) filters.priceSort = "low";
      const { page: _page, bbox: _bbox, ...shown } = filters;
      list.push({
        kind,
        label: `${kind === "kingdom" ? "" : city} ${Object.entries(shown)
          .map(([key, value]) => `${key}=${value}`)
          .join(", ")}`.trim(),
        filters,
      });
    }
  }
  return list;
}

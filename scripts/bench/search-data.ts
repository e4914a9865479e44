// The search benchmark's data: 100,000 offers spread like a Saudi listings site's (cities and
// neighbourhoods by weight, property types, statuses, title phrases), generated in PostgreSQL with a
// fixed seed, and the searches people make (keywords with a city and/or a status).
import type pg from "pg";
import type { OfferFilters } from "~/modules/offers/filters.ts";

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

// What people type: neighbourhoods, words from titles, and spelling variants the folding must absorb.
const KEYWORDS: { keyword: string; city?: string }[] = [
  { keyword: "النرجس", city: "الرياض" },
  { keyword: "الملقا", city: "الرياض" },
  { keyword: "حطين", city: "الرياض" },
  { keyword: "الياسمين", city: "الرياض" },
  { keyword: "ياسمين" },
  { keyword: "العليا" },
  { keyword: "الشاطئ", city: "جدة" },
  { keyword: "ابحر", city: "جدة" },
  { keyword: "الحمراء" },
  { keyword: "العزيزية" },
  { keyword: "قباء", city: "المدينة المنورة" },
  { keyword: "الفيصليه" },
  { keyword: "مكه" },
  { keyword: "جده" },
  { keyword: "الاحساء" },
  { keyword: "فيلا" },
  { keyword: "شقه" },
  { keyword: "دوبلكس" },
  { keyword: "مسبح" },
  { keyword: "مفروشة" },
  { keyword: "شارعين" },
  { keyword: "استراحة" },
  { keyword: "فيلا مع مسبح" },
  { keyword: "قصر ملكي" }, // matches nothing
];

export function searchWorkload(count: number): OfferFilters[] {
  const cities = Object.keys(PLACES);
  const list: OfferFilters[] = [];
  for (let i = 0; i < count; i++) {
    const k = KEYWORDS[i % KEYWORDS.length]!;
    const combo = (i + Math.floor(i / KEYWORDS.length)) % 3; // 0: city, 1: status, 2: both
    const city = k.city ?? cities[(i * 7) % cities.length];
    const status = FILTER_STATUSES[Math.floor(i / 3) % 2];
    list.push({ keyword: k.keyword, page: 1, ...(combo !== 1 ? { city } : {}), ...(combo !== 0 ? { status } : {}) });
  }
  return list;
}

export async function generateOffers(client: pg.Pool) {
  const cityList: string[] = [];
  const neighbourhoodList: string[] = [];
  for (const [city, neighbourhoods] of Object.entries(PLACES)) {
    for (let w = 0; w < (CITY_WEIGHT[city] ?? 1); w++) {
      for (const n of neighbourhoods) {
        cityList.push(city);
        neighbourhoodList.push(n);
      }
    }
  }
  await client.query("select setseed(0.42)");
  await client.query(
    `insert into offers (title, description, price, property_type, status, is_corner, location, city, area,
                         bedrooms, bathrooms, floors, details, created_at, updated_at)
     select
       t || ' ' || ph || case s when 'للبيع' then ' للبيع' when 'للإيجار' then ' للإيجار' else '' end || ' في حي ' || nb,
       t || ' في ' || city || '، حي ' || nb || '. ' || ph || '، قريب من الخدمات والطرق الرئيسية.',
       case when s in ('للإيجار', 'مؤجر') then (15 + floor(r1 * 185))::bigint * 1000
            else (300 + floor(r1 * 9700))::bigint * 1000 end,
       t, s, r2 < 0.2, nb, city,
       round((60 + r2 * 1400)::numeric, 0)::float8,
       case when t in ('أرض', 'محل تجاري', 'مستودع') then 0 else 1 + floor(r1 * 7)::int end,
       case when t in ('أرض', 'مستودع') then 0 else 1 + floor(r2 * 5)::int end,
       case when t in ('فيلا', 'عمارة', 'دوبلكس') then (1 + floor(r1 * 3)::int)::text else '' end,
       '{}'::jsonb,
       created, created
     from (
       select
         ($1::text[])[i] as city, ($2::text[])[i] as nb,
         ($3::text[])[1 + floor(random() * cardinality($3::text[]))::int] as t,
         ($4::text[])[1 + floor(random() * cardinality($4::text[]))::int] as ph,
         ($5::text[])[1 + floor(random() * cardinality($5::text[]))::int] as s,
         random() as r1, random() as r2,
         now() - random() * interval '730 days' as created
       from (select g, 1 + floor(random() * $6::int)::int as i from generate_series(1, $7::int) g) picks
     ) rows`,
    [cityList, neighbourhoodList, TYPES, PHRASES, STATUSES, cityList.length, SEARCH_ROWS],
  );
  // 3 to 5 photos per offer like the demo data (the list joins offer_images/images for the main one).
  await client.query(
    `insert into images (id, width, height, variants, colour)
     select 'bench-' || o.id || '-' || p, 1600, 1200, '{480,960,1600}', '#d6d3d1'
     from offers o cross join lateral generate_series(0, 2 + o.id % 3) p`,
  );
  await client.query(
    `insert into offer_images (offer_id, image_id, position)
     select o.id, 'bench-' || o.id || '-' || p, p from offers o cross join lateral generate_series(0, 2 + o.id % 3) p`,
  );
  await client.query("analyze");
}

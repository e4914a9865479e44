/**
 * Demo offers for a fresh installation: realistic Saudi listings across several cities, every
 * status, every property type and a few multi-unit buildings, with their REGA ad licences (dates
 * relative to the seeding day, so every licence state can be seen: valid, expiring, ended, and a
 * for-sale offer without one). Pure data, written through `offer()`, which fills in what the
 * listings share. The prose writes its numbers in Arabic-Indic digits, as the site does.
 */
import { EMPTY_DISCLOSURES, licenceEndsAt, type AdvertiserCapacity, type OfferDisclosures, type RentPeriod } from "~/modules/ad-licences/ad-licence.ts";
import type { OfferDetails, OfferUnit } from "~/modules/offers/details.ts";
import type { SceneKind, SceneSpec, TimeOfDay } from "./scene-spec.ts";

export interface DemoOffer {
  title: string;
  description: string;
  price: number;
  propertyType: string;
  status: string;
  isCorner: boolean;
  city: string;
  location: string;
  area: number;
  bedrooms: number;
  bathrooms: number;
  floors: string;
  locationUrl: string;
  coordinates: { lat: number; lng: number } | null;
  details: OfferDetails;
  units: Omit<OfferUnit, "id">[];
  /** 3 to 5 photos; the first is the main photo. */
  scenes: SceneSpec[];
  /** How many days ago it was listed (0..60), all distinct. */
  ageDays: number;
  /** Rent offers' period ("" for the others). */
  rentPeriod: RentPeriod | "";
  /** The ad licence, its days counted from the seeding day (licenceColumns turns them into dates); null: advertised without one. */
  adLicence: DemoLicence | null;
  advertiserCapacity: AdvertiserCapacity | "";
  deedNumber: string;
  nationalAddress: string;
  disclosures: OfferDisclosures;
}

/** A REGA ad licence: 10 digits starting with 7, issued `issuedDaysAgo` days before the seeding day, expiring `expiresInDays` after it (negative: it has ended). */
export interface DemoLicence {
  number: string;
  issuedDaysAgo: number;
  expiresInDays: number;
}

type Extra = "driversRoom" | "maidsRoom" | "kitchen" | "rooftopTank";

/** One demo listing as written below; `offer()` turns it into a DemoOffer. */
interface DemoListing {
  title: string;
  description: string;
  listing: { propertyType: string; status: string; price: number; isCorner?: boolean };
  /** The map point; `mapLink` also gives the offer a Google Maps link to it. */
  place: { city: string; location: string; lat: number; lng: number; mapLink?: boolean };
  /** Rooms and floors default to none (land). */
  size: { area: number; bedrooms?: number; bathrooms?: number; floors?: string };
  plot: { plan: string; plot: string; streetWidth: number; facade: string[] };
  /** None for land. The age is counted from the year built to 2025, when the data was written. */
  building?: { built: number; buildingType: string; livingRooms?: number; elevators?: number; parking?: number; unitNumber?: string };
  /** What the property has, of the yes/no details. */
  extras?: Extra[];
  supervisor: [name: string, phone: string];
  notes?: string;
  units?: Omit<OfferUnit, "id">[];
  /** 3 to 5 photos, the main one first: "kind time of day". */
  photos: `${SceneKind} ${TimeOfDay}`[];
  ageDays: number;
  /** The ad licence ("none": advertised without one, to show «بلا ترخيص»); its capacity defaults to broker. */
  licence: DemoLicence | "none";
  capacity?: AdvertiserCapacity;
  deed?: string;
  /** The national address short code: 4 letters and 4 digits. */
  nationalAddress?: string;
  /** What differs from "no disputes, no mortgage, nothing outside the deed, building code unknown". */
  disclosures?: Partial<OfferDisclosures>;
  /** Rent offers: yearly unless said. */
  rentPeriod?: RentPeriod;
}

/** Statuses whose price is a rent, and so has a period. */
const RENT_STATUSES = new Set(["للإيجار", "مؤجر"]);

const AGE_YEAR = 2025;

/**
 * The n-th offer of the list (from 1): its photos take the seeds n·100 + 1001, + 1002, … so that
 * no two photos of the demo data look alike.
 */
function offer(demo: DemoListing, index: number): DemoOffer {
  const { place, size, building, plot } = demo;
  const extras = new Set(demo.extras);
  return {
    title: demo.title,
    description: demo.description,
    price: demo.listing.price,
    propertyType: demo.listing.propertyType,
    status: demo.listing.status,
    isCorner: demo.listing.isCorner ?? false,
    city: place.city,
    location: place.location,
    area: size.area,
    bedrooms: size.bedrooms ?? 0,
    bathrooms: size.bathrooms ?? 0,
    floors: size.floors ?? "",
    locationUrl: place.mapLink ? `https://maps.google.com/?q=${place.lat},${place.lng}` : "",
    coordinates: { lat: place.lat, lng: place.lng },
    details: {
      streetWidth: plot.streetWidth,
      facade: plot.facade,
      propertyAge: building ? AGE_YEAR - building.built : 0,
      livingRooms: building?.livingRooms ?? 0,
      driversRoom: extras.has("driversRoom"),
      maidsRoom: extras.has("maidsRoom"),
      planNumber: plot.plan,
      plotNumber: plot.plot,
      constructionDate: building ? String(building.built) : "",
      buildingType: building?.buildingType ?? "",
      elevators: building?.elevators ?? 0,
      kitchen: extras.has("kitchen"),
      rooftopTank: extras.has("rooftopTank"),
      unitNumber: building?.unitNumber ?? "",
      parking: building?.parking ?? 0,
      supervisorName: demo.supervisor[0],
      supervisorPhone: demo.supervisor[1],
      additionalNotes: demo.notes ?? "",
    },
    units: demo.units ?? [],
    scenes: demo.photos.map((photo, i) => {
      const [kind, time] = photo.split(" ") as [SceneKind, TimeOfDay];
      return { kind, time, seed: 1000 + 100 * (index + 1) + i + 1 };
    }),
    ageDays: demo.ageDays,
    rentPeriod: RENT_STATUSES.has(demo.listing.status) ? (demo.rentPeriod ?? "yearly") : "",
    adLicence: demo.licence === "none" ? null : demo.licence,
    advertiserCapacity: demo.licence === "none" ? "" : (demo.capacity ?? "broker"),
    deedNumber: demo.deed ?? "",
    nationalAddress: demo.nationalAddress ?? "",
    disclosures: { ...EMPTY_DISCLOSURES, ...demo.disclosures },
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const RIYADH_OFFSET_MS = 3 * 60 * 60 * 1000;

/** The Riyadh calendar day `days` after the one `now` falls on, as `YYYY-MM-DD`. */
function riyadhDay(now: number, days: number): string {
  return new Date(now + RIYADH_OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10);
}

/** The offer's licence columns, its dates counted from `now` (the seeding moment); all empty for an offer without one. */
export function licenceColumns(licence: DemoLicence | null, now: number) {
  if (!licence) return { adLicenceNumber: "", adLicenceIssuedOn: null, adLicenceExpiresOn: null, adLicenceEndsAt: null };
  const expiresOn = riyadhDay(now, licence.expiresInDays);
  return {
    adLicenceNumber: licence.number,
    adLicenceIssuedOn: riyadhDay(now, -licence.issuedDaysAgo),
    adLicenceExpiresOn: expiresOn,
    adLicenceEndsAt: licenceEndsAt(expiresOn),
  };
}

const LISTINGS: DemoListing[] = [
  // 1 — villa for sale, Riyadh
  {
    title: "فيلا فاخرة بتصميم عصري في حي الملقا",
    description:
      "فيلا راقية على زاوية بواجهتين شمالية وشرقية، صُمّمت بلمسات عصرية وتشطيبات فاخرة تشمل أرضيات رخامية وإضاءة مخفية ونظام منزل ذكي. تضم مجلس رجال مستقلًا وصالة عائلية واسعة ومسبحًا خاصًا وحديقة منسّقة، مع جناح رئيسي بغرفة ملابس. موقع مميز قريب من طريق الملك فهد وطريق أنس بن مالك وأرقى الخدمات في شمال الرياض.",
    listing: { propertyType: "فيلا", status: "للبيع", price: 4_850_000, isCorner: true },
    place: { city: "الرياض", location: "الملقا", lat: 24.8031, lng: 46.6143, mapLink: true },
    size: { area: 450, bedrooms: 6, bathrooms: 7, floors: "2" },
    plot: { plan: "3601", plot: "418", streetWidth: 20, facade: ["شمال", "شرق"] },
    building: { built: 2023, buildingType: "سكني", livingRooms: 3, elevators: 1, parking: 3 },
    extras: ["driversRoom", "maidsRoom", "kitchen", "rooftopTank"],
    supervisor: ["فيصل العتيبي", "0551234567"],
    notes: "الفيلا مشمولة بضمان هيكلي لمدة عشر سنوات، ويمكن ترتيب المعاينة مساءً بعد التنسيق المسبق مع المشرف.",
    photos: ["villa sunset", "pool night", "majlis noon", "living-room morning", "kitchen noon"],
    ageDays: 2,
    licence: { number: "7100234518", issuedDaysAgo: 12, expiresInDays: 168 },
    deed: "310118425671",
    nationalAddress: "RMQA4187",
    disclosures: { guarantees: "ضمان هيكلي لمدة عشر سنوات من المطوّر، وضمان على أعمال الكهرباء والسباكة لمدة سنتين", buildingCode: "yes" },
  },

  // 2 — apartment for rent, Riyadh
  {
    title: "شقة عائلية واسعة للإيجار في حي النرجس",
    description:
      "شقة حديثة في الدور الأول ضمن عمارة هادئة بمدخل خاص، تتكون من ثلاث غرف نوم وصالة ومجلس ومطبخ راكب بأجهزته. تتميز بتوزيع عملي وإضاءة طبيعية ممتازة، وتقع على بُعد دقائق من طريق الملك سلمان والمدارس العالمية. الإيجار سنوي ويمكن سداده على دفعتين.",
    listing: { propertyType: "شقة", status: "للإيجار", price: 75_000 },
    place: { city: "الرياض", location: "النرجس", lat: 24.8712, lng: 46.6566, mapLink: true },
    size: { area: 185, bedrooms: 3, bathrooms: 3, floors: "1" },
    plot: { plan: "2823", plot: "77", streetWidth: 15, facade: ["جنوب"] },
    building: { built: 2022, buildingType: "سكني", livingRooms: 2, elevators: 1, parking: 1, unitNumber: "4" },
    extras: ["maidsRoom", "kitchen", "rooftopTank"],
    supervisor: ["عبدالله القحطاني", "0504418823"],
    photos: ["apartment-building morning", "living-room noon", "kitchen morning", "bedroom sunset"],
    ageDays: 5,
    licence: { number: "7100318842", issuedDaysAgo: 20, expiresInDays: 160 },
    nationalAddress: "RNRA2956",
  },

  // 3 — land for sale, Riyadh
  {
    title: "أرض سكنية على شارعين في حي حطين",
    description:
      "أرض سكنية مستوية بمساحة ٩٠٠ م² على شارعين بعرض ٢٠ و١٥ مترًا، في واحد من أرقى أحياء شمال الرياض. مناسبة لبناء فيلا خاصة أو مشروع فلل دوبلكس، وقريبة من طريق الملك فهد وطريق الأمير تركي بن عبدالعزيز الأول. الصك إلكتروني وجاهز للإفراغ الفوري.",
    listing: { propertyType: "أرض", status: "للبيع", price: 5_400_000, isCorner: true },
    place: { city: "الرياض", location: "حطين", lat: 24.7645, lng: 46.6012, mapLink: true },
    size: { area: 900 },
    plot: { plan: "2557", plot: "1290", streetWidth: 20, facade: ["شمال", "غرب"] },
    supervisor: ["ماجد الشهري", "0532217745"],
    notes: "السعر قابل لتفاوض بسيط للجادّين، والأرض خالية من أي رهن أو عوائق نظامية.",
    photos: ["land morning", "land sunset", "land noon"],
    ageDays: 9,
    licence: { number: "7100427705", issuedDaysAgo: 15, expiresInDays: 240 },
    deed: "410104338219",
    nationalAddress: "RHTA7731",
  },

  // 4 — mixed-use building for sale, Riyadh
  {
    title: "عمارة سكنية تجارية استثمارية في حي الياسمين",
    description:
      "عمارة حديثة على زاوية بشارعين تجمع بين محلات تجارية مطلة على شارع تجاري نشط وشقق سكنية مؤجرة بالكامل، بدخل سنوي مستقر يقارب ٧٢٠ ألف ريال. البناء بمواصفات عالية مع مصعدين وعزل حراري ومواقف خاصة للسكان. فرصة استثمارية مميزة في أحد أكثر أحياء شمال الرياض طلبًا.",
    listing: { propertyType: "عمارة", status: "للبيع", price: 9_800_000, isCorner: true },
    place: { city: "الرياض", location: "الياسمين", lat: 24.8255, lng: 46.644, mapLink: true },
    size: { area: 625, bedrooms: 11, bathrooms: 13, floors: "5" },
    plot: { plan: "2745", plot: "56", streetWidth: 30, facade: ["جنوب", "شرق"] },
    building: { built: 2020, buildingType: "سكني تجاري", elevators: 2, parking: 10 },
    extras: ["kitchen", "rooftopTank"],
    supervisor: ["سلطان الدوسري", "0567730912"],
    notes: "تتوفر عقود الإيجار الحالية وكشف الدخل السنوي للاطلاع عند الجدية.",
    units: [
      { type: "محل تجاري", description: "محل بواجهة زجاجية على الشارع التجاري، مؤجر لنشاط مقهى.", floor: "1", area: 120, bedrooms: 0, bathrooms: 1, orientation: "جنوب" },
      { type: "محل تجاري", description: "محل على الزاوية بواجهتين، مناسب للصيدليات والأنشطة الخدمية.", floor: "1", area: 95, bedrooms: 0, bathrooms: 1, orientation: "جنوب شرقي" },
      { type: "شقة كبيرة", description: "شقق عائلية بمجلس وصالة مستقلين ومطبخ راكب.", floor: "2-3", area: 210, bedrooms: 4, bathrooms: 3, orientation: "شرق" },
      { type: "شقة صغيرة", description: "شقق بغرفتي نوم وصالة، مطلوبة للأزواج والموظفين.", floor: "2-4", area: 120, bedrooms: 2, bathrooms: 2, orientation: "جنوب" },
      { type: "استوديو", description: "استوديوهات مفروشة بمطبخ مفتوح ودورة مياه خاصة.", floor: "4", area: 55, bedrooms: 1, bathrooms: 1, orientation: "شمال" },
      { type: "بنتهاوس", description: "بنتهاوس في الدور الأخير مع سطح خاص وجلسة خارجية.", floor: "5", area: 180, bedrooms: 3, bathrooms: 3, orientation: "شمال شرقي" },
    ],
    photos: ["commercial-building noon", "apartment-building sunset", "living-room morning", "kitchen noon"],
    ageDays: 14,
    licence: { number: "7100539916", issuedDaysAgo: 30, expiresInDays: 150 },
    deed: "510131227084",
    nationalAddress: "RYSA3408",
    disclosures: { buildingCode: "yes" },
  },

  // 5 — studio for rent, Riyadh
  {
    title: "استوديو مفروش بإطلالة مفتوحة في قلب العليا",
    description:
      "استوديو أنيق مفروش بالكامل في برج سكني حديث بقلب حي العليا، مثالي للمهنيين ورجال الأعمال. يشمل مطبخًا مفتوحًا مجهّزًا ودورة مياه حديثة، مع حراسة أمنية على مدار الساعة وصالة رياضية مشتركة. على مقربة من محطات مترو الرياض والمراكز التجارية والمكاتب الكبرى.",
    listing: { propertyType: "استوديو", status: "للإيجار", price: 4_500 },
    place: { city: "الرياض", location: "العليا", lat: 24.695, lng: 46.685, mapLink: true },
    size: { area: 55, bedrooms: 1, bathrooms: 1, floors: "6" },
    plot: { plan: "1034", plot: "12", streetWidth: 40, facade: ["شرق"] },
    building: { built: 2021, buildingType: "سكني تجاري", elevators: 3, parking: 1, unitNumber: "607" },
    extras: ["kitchen"],
    supervisor: ["نواف الحربي", "0541296630"],
    notes: "الإيجار شامل الكهرباء والإنترنت وخدمة التنظيف الأسبوعية.",
    photos: ["tower night", "living-room sunset", "kitchen morning"],
    ageDays: 0,
    licence: { number: "7100642087", issuedDaysAgo: 3, expiresInDays: 87 },
    capacity: "authorised",
    rentPeriod: "monthly",
  },

  // 6 — penthouse for sale, Jeddah
  {
    title: "بنتهاوس بإطلالة بحرية مباشرة في حي الشاطئ",
    description:
      "بنتهاوس استثنائي في الدور الأخير من برج سكني فاخر بحي الشاطئ، يطل مباشرة على البحر الأحمر وكورنيش جدة. يضم أربع غرف نوم منها جناح رئيسي، وصالة مفتوحة بواجهات زجاجية، وسطحًا خاصًا بمسبح وجلسات خارجية. خدمات البرج تشمل الأمن والاستقبال ومواقف مخصصة للسكان.",
    listing: { propertyType: "بنتهاوس", status: "للبيع", price: 3_200_000 },
    place: { city: "جدة", location: "الشاطئ", lat: 21.598, lng: 39.112, mapLink: true },
    size: { area: 320, bedrooms: 4, bathrooms: 5, floors: "22" },
    plot: { plan: "312", plot: "14", streetWidth: 60, facade: ["غرب"] },
    building: { built: 2022, buildingType: "سكني", livingRooms: 2, elevators: 4, parking: 2, unitNumber: "2201" },
    extras: ["driversRoom", "maidsRoom", "kitchen"],
    supervisor: ["هشام باعشن", "0556083314"],
    photos: ["tower sunset", "living-room noon", "pool sunset", "bedroom morning", "kitchen night"],
    ageDays: 11,
    licence: { number: "7200751364", issuedDaysAgo: 25, expiresInDays: 200 },
    deed: "220109874436",
    nationalAddress: "JRHA5520",
  },

  // 7 — warehouse for rent, Riyadh
  {
    title: "مستودع بمساحة ١٬٥٠٠ م² للإيجار في حي السلي",
    description:
      "مستودع مرخّص بارتفاع ٩ أمتار وأرضية خرسانية مقوّاة، مناسب للتخزين والتوزيع والأنشطة اللوجستية. يتوفر به مكتب إداري ودورتا مياه ونظام إطفاء متكامل وبوابتان لدخول الشاحنات. موقع استراتيجي قريب من الطريق الدائري الشرقي وطريق الخرج.",
    listing: { propertyType: "مستودع", status: "للإيجار", price: 165_000 },
    place: { city: "الرياض", location: "السلي", lat: 24.6072, lng: 46.8239 },
    size: { area: 1500, bathrooms: 2, floors: "1" },
    plot: { plan: "3314", plot: "205", streetWidth: 30, facade: ["شمال"] },
    building: { built: 2017, buildingType: "تجاري", parking: 6 },
    extras: ["rooftopTank"],
    supervisor: ["خالد المطيري", "0598841207"],
    notes: "تتوفر شروط تفضيلية لعقود الإيجار طويلة الأجل لمدة ثلاث سنوات فأكثر.",
    photos: ["warehouse morning", "warehouse noon", "warehouse sunset"],
    ageDays: 21,
    // Ends in ten days: the list's badge says «ينتهي قريبًا».
    licence: { number: "7100863290", issuedDaysAgo: 80, expiresInDays: 10 },
  },

  // 8 — shop, rented, Khobar
  {
    title: "محل تجاري بواجهة زجاجية على شارع حيوي في العقربية",
    description:
      "محل تجاري بواجهة زجاجية عريضة على شارع تجاري حيوي في حي العقربية، يشهد حركة سيارات ومشاة عالية طوال اليوم. مناسب للمقاهي والمطاعم والأنشطة التجارية والخدمية، مع مواقف أمامية وتمديدات كهربائية جاهزة. المحل مؤجر حاليًا، ويمكنك تسجيل اهتمامك لنبلغك فور توفّره.",
    listing: { propertyType: "محل تجاري", status: "مؤجر", price: 95_000 },
    place: { city: "الخبر", location: "العقربية", lat: 26.2905, lng: 50.201, mapLink: true },
    size: { area: 140, bathrooms: 1, floors: "1" },
    plot: { plan: "118", plot: "9", streetWidth: 36, facade: ["شرق"] },
    building: { built: 2019, buildingType: "تجاري", parking: 4, unitNumber: "3" },
    supervisor: ["محمد الغامدي", "0509913452"],
    photos: ["shop noon", "shop night", "commercial-building morning"],
    ageDays: 33,
    licence: { number: "7300974431", issuedDaysAgo: 120, expiresInDays: 245 },
    capacity: "authorised",
  },

  // 9 — villa, reserved, Jeddah
  {
    title: "فيلا دوبلكس مع مسبح خاص في أبحر الشمالية",
    description:
      "فيلا دوبلكس بتصميم معاصر على بُعد دقائق من شرم أبحر، تضم مجلسًا وصالة طعام وصالة عائلية وخمس غرف نوم منها جناحان رئيسيان. تحيط بها حديقة خارجية ومسبح خاص وجلسة شواء، مع ملحق علوي وغرفتين للسائق والعاملة. خيار مثالي للعائلات الباحثة عن الخصوصية والأجواء الساحلية.",
    listing: { propertyType: "فيلا", status: "محجوز", price: 3_950_000 },
    place: { city: "جدة", location: "أبحر الشمالية", lat: 21.758, lng: 39.119, mapLink: true },
    size: { area: 600, bedrooms: 5, bathrooms: 6, floors: "2" },
    plot: { plan: "601", plot: "88", streetWidth: 18, facade: ["غرب"] },
    building: { built: 2024, buildingType: "سكني", livingRooms: 3, parking: 2 },
    extras: ["driversRoom", "maidsRoom", "kitchen", "rooftopTank"],
    supervisor: ["عمر باشراحيل", "0543321786"],
    notes: "الفيلا محجوزة حاليًا بعربون، ويسعدنا تسجيل طلبك في قائمة الانتظار.",
    photos: ["villa morning", "pool noon", "majlis night", "bedroom morning"],
    ageDays: 18,
    licence: { number: "7201085572", issuedDaysAgo: 40, expiresInDays: 320 },
    nationalAddress: "JSLA8843",
  },

  // 10 — apartment for sale, Jeddah
  {
    title: "شقة تمليك بأربع غرف نوم في حي الزهراء",
    description:
      "شقة تمليك جديدة في الدور الثالث ضمن عمارة بمصعد ومدخلين، بتشطيبات حديثة وتوزيع داخلي مريح. تتكون من أربع غرف نوم ومجلس وصالة ومطبخ وثلاث دورات مياه، مع غرفة للعاملة وسطح مشترك. قريبة من شارع الأمير سلطان والمراكز التجارية، ومتاحة للشراء عبر التمويل العقاري.",
    listing: { propertyType: "شقة", status: "للبيع", price: 980_000 },
    place: { city: "جدة", location: "الزهراء", lat: 21.5862, lng: 39.1385, mapLink: true },
    size: { area: 165, bedrooms: 4, bathrooms: 3, floors: "3" },
    plot: { plan: "509", plot: "233", streetWidth: 15, facade: ["شمال"] },
    building: { built: 2025, buildingType: "سكني", livingRooms: 2, elevators: 1, parking: 1, unitNumber: "7" },
    extras: ["maidsRoom", "rooftopTank"],
    supervisor: ["ياسر الزهراني", "0535560218"],
    notes: "الشقة مشمولة بضمانات المطوّر على الهيكل والسباكة والكهرباء، ومتاحة للتمويل عبر جميع البنوك المحلية.",
    photos: ["apartment-building noon", "living-room sunset", "bedroom noon", "kitchen night"],
    ageDays: 7,
    // Ended yesterday: off every list, its page answers 410.
    licence: { number: "7201196613", issuedDaysAgo: 95, expiresInDays: -2 },
  },

  // 11 — residential building for sale, Dammam
  {
    title: "عمارة سكنية مؤجرة بالكامل في حي الفيصلية",
    description:
      "عمارة سكنية من أربعة أدوار بحالة ممتازة، تضم شققًا عائلية وأخرى صغيرة مؤجرة بالكامل بعقود موثّقة في منصة إيجار. تتميز بقربها من المدارس والخدمات والطرق الرئيسية، وبمصاريف تشغيل منخفضة بفضل الصيانة الدورية المنتظمة. خيار مثالي للمستثمر الباحث عن دخل ثابت وآمن.",
    listing: { propertyType: "عمارة", status: "للبيع", price: 4_600_000, isCorner: true },
    place: { city: "الدمام", location: "الفيصلية", lat: 26.4035, lng: 50.047, mapLink: true },
    size: { area: 500, bedrooms: 22, bathrooms: 19, floors: "4" },
    plot: { plan: "264", plot: "112", streetWidth: 20, facade: ["شمال", "غرب"] },
    building: { built: 2016, buildingType: "سكني", elevators: 1, parking: 8 },
    extras: ["kitchen", "rooftopTank"],
    supervisor: ["حسن الخالدي", "0561187409"],
    units: [
      { type: "شقة كبيرة", description: "ثلاث شقق عائلية بواجهة شمالية، بمجلس وصالة مستقلين ومطبخ راكب.", floor: "1-3", area: 190, bedrooms: 4, bathrooms: 3, orientation: "شمال" },
      { type: "شقة صغيرة", description: "ثلاث شقق بغرفتي نوم وصالة، مؤجرة لموظفين بعقود سنوية.", floor: "1-3", area: 115, bedrooms: 2, bathrooms: 2, orientation: "جنوب" },
      { type: "استوديو", description: "استوديوهان بمطبخ صغير ودورة مياه خاصة.", floor: "1, 3", area: 55, bedrooms: 1, bathrooms: 1, orientation: "غرب" },
      {
        type: "بنتهاوس",
        description: "وحدة علوية واسعة مع سطح خاص، يسكنها المالك حاليًا وتُسلَّم عند الإفراغ.",
        floor: "4",
        area: 210,
        bedrooms: 4,
        bathrooms: 4,
        orientation: "شمال غربي",
      },
    ],
    photos: ["apartment-building morning", "apartment-building sunset", "living-room noon"],
    ageDays: 26,
    // Advertised without a licence: «بلا ترخيص» in the back office, hidden once the licence is required.
    licence: "none",
  },

  // 12 — villa, sold, Dammam
  {
    title: "فيلا عائلية قرب الواجهة البحرية في الشاطئ الشرقي",
    description:
      "فيلا عائلية بتصميم كلاسيكي أنيق على شارع هادئ قريب من كورنيش الدمام، تضم مجلسين وصالة طعام وخمس غرف نوم وملحقًا خارجيًا. تمتاز بحديقة واسعة ومواقف مظللة. أُتمّت صفقة بيع هذه الفيلا عبر فريقنا، ويسعدنا تقديم عروض مشابهة في الحي نفسه.",
    listing: { propertyType: "فيلا", status: "مباع", price: 2_750_000 },
    place: { city: "الدمام", location: "الشاطئ الشرقي", lat: 26.457, lng: 50.1105 },
    size: { area: 400, bedrooms: 5, bathrooms: 5, floors: "2" },
    plot: { plan: "405", plot: "61", streetWidth: 16, facade: ["جنوب"] },
    building: { built: 2018, buildingType: "سكني", livingRooms: 2, parking: 2 },
    extras: ["driversRoom", "maidsRoom", "kitchen", "rooftopTank"],
    supervisor: ["علي الشمري", "0577420035"],
    photos: ["villa noon", "majlis sunset", "living-room morning", "kitchen noon"],
    ageDays: 47,
    licence: { number: "7301207754", issuedDaysAgo: 160, expiresInDays: 200 },
    deed: "330117762094",
  },

  // 13 — apartment for rent, Khobar
  {
    title: "شقة مجددة بالكامل للإيجار في حي العليا بالخبر",
    description:
      "شقة مجددة حديثًا في الدور الثاني بعمارة راقية، تضم ثلاث غرف نوم وصالة واسعة ومطبخًا راكبًا بأجهزته. قريبة من الطرق الرئيسية ومراكز التسوق، مع مواقف مخصصة وحارس للعمارة. مناسبة للعائلات الصغيرة والموظفين في الشركات الكبرى بالمنطقة الشرقية.",
    listing: { propertyType: "شقة", status: "للإيجار", price: 62_000 },
    place: { city: "الخبر", location: "العليا", lat: 26.2715, lng: 50.194, mapLink: true },
    size: { area: 150, bedrooms: 3, bathrooms: 2, floors: "2" },
    plot: { plan: "133", plot: "47", streetWidth: 20, facade: ["شمال"] },
    building: { built: 2015, buildingType: "سكني", livingRooms: 1, elevators: 1, parking: 1, unitNumber: "5" },
    extras: ["kitchen", "rooftopTank"],
    supervisor: ["تركي السبيعي", "0553078811"],
    photos: ["apartment-building sunset", "living-room noon", "kitchen morning", "bedroom night"],
    ageDays: 12,
    // Ends in twelve days.
    licence: { number: "7301318895", issuedDaysAgo: 78, expiresInDays: 12 },
    nationalAddress: "DKHA6621",
  },

  // 14 — mixed-use building for sale, Makkah
  {
    title: "عمارة سكنية تجارية على شارع رئيسي في العزيزية",
    description:
      "عمارة استثمارية من سبعة أدوار في حي العزيزية القريب من المسجد الحرام والمشاعر المقدسة، تجمع بين معرض ومحل تجاري في الدور الأول ومكاتب وشقق مفروشة في الأدوار العلوية. تحقق عائدًا مرتفعًا خصوصًا في مواسم الحج والعمرة، ومجهزة بمصعدين ومولد كهربائي احتياطي. فرصة نادرة للمستثمرين في قطاع الإسكان الموسمي.",
    listing: { propertyType: "عمارة", status: "للبيع", price: 11_500_000 },
    place: { city: "مكة المكرمة", location: "العزيزية", lat: 21.408, lng: 39.879, mapLink: true },
    size: { area: 700, bedrooms: 24, bathrooms: 26, floors: "7" },
    plot: { plan: "417", plot: "31", streetWidth: 40, facade: ["غرب"] },
    building: { built: 2013, buildingType: "سكني تجاري إداري", elevators: 2, parking: 12 },
    extras: ["kitchen", "rooftopTank"],
    supervisor: ["أحمد الحارثي", "0502239947"],
    notes: "يُشترط إثبات الملاءة المالية قبل ترتيب الزيارة، ويتوفر بيان تفصيلي بالإيرادات للسنوات الثلاث الأخيرة.",
    units: [
      { type: "معرض", description: "معرض تجاري بواجهة زجاجية على الطريق الرئيسي وسقف مرتفع.", floor: "1", area: 260, bedrooms: 0, bathrooms: 1, orientation: "غرب" },
      { type: "محل تجاري", description: "محل مؤجر لنشاط بقالة بعقد سنوي.", floor: "1", area: 85, bedrooms: 0, bathrooms: 1, orientation: "غرب" },
      { type: "مكتب", description: "مكاتب إدارية مجهزة بقواطع زجاجية وغرفة اجتماعات.", floor: "2", area: 140, bedrooms: 0, bathrooms: 2, orientation: "شمال غربي" },
      { type: "شقة كبيرة", description: "شقق مفروشة بثلاث غرف نوم، مطلوبة للعائلات في المواسم.", floor: "3-5", area: 165, bedrooms: 3, bathrooms: 3, orientation: "شمال" },
      { type: "شقة صغيرة", description: "شقق مفروشة بغرفتي نوم، مناسبة للإسكان الموسمي والزوار.", floor: "3-6", area: 90, bedrooms: 2, bathrooms: 2, orientation: "جنوب" },
      { type: "دور كامل", description: "دور كامل بمدخل مستقل يصلح سكنًا للمالك أو وحدة فندقية متكاملة.", floor: "7", area: 420, bedrooms: 6, bathrooms: 5, orientation: "غرب" },
    ],
    photos: ["commercial-building noon", "commercial-building night", "apartment-building morning", "living-room sunset"],
    ageDays: 38,
    licence: { number: "7401429936", issuedDaysAgo: 60, expiresInDays: 300 },
    deed: "610112045589",
    nationalAddress: "MKMA5012",
    disclosures: {
      mortgage: true,
      mortgageDetails: "العقار مرهون لصالح جهة تمويلية برصيد متبقٍ يُسدَّد من ثمن البيع عند الإفراغ، ويُفك الرهن قبل نقل الملكية",
      buildingCode: "yes",
    },
  },

  // 15 — apartment for rent, Madinah
  {
    title: "شقة عائلية للإيجار بالقرب من مسجد قباء",
    description:
      "شقة عائلية هادئة في الدور الأول على بُعد دقائق من مسجد قباء، تتكون من ثلاث غرف نوم ومجلس وصالة ومطبخ. العمارة حديثة بمدخل نظيف ومواقف أمامية، والحي مخدوم بالمدارس والأسواق ووسائل النقل. يمكن سداد الإيجار على دفعتين نصف سنويتين.",
    listing: { propertyType: "شقة", status: "للإيجار", price: 48_000 },
    place: { city: "المدينة المنورة", location: "قباء", lat: 24.4405, lng: 39.617, mapLink: true },
    size: { area: 140, bedrooms: 3, bathrooms: 2, floors: "1" },
    plot: { plan: "731", plot: "29", streetWidth: 12, facade: ["شرق"] },
    building: { built: 2021, buildingType: "سكني", livingRooms: 2, elevators: 1, parking: 1, unitNumber: "2" },
    extras: ["rooftopTank"],
    supervisor: ["بندر الجهني", "0548812260"],
    photos: ["apartment-building morning", "living-room noon", "bedroom sunset"],
    ageDays: 16,
    licence: { number: "7501530077", issuedDaysAgo: 35, expiresInDays: 180 },
    nationalAddress: "MDMA1587",
  },

  // 16 — villa for rent, Riyadh
  {
    title: "فيلا دورين وملحق للإيجار في حي اليرموك",
    description:
      "فيلا مستقلة بحالة ممتازة في شرق الرياض، تتكون من دورين وملحق علوي وتضم مجلسًا كبيرًا ومقلّطًا وخمس غرف نوم. تتميز بحوش واسع وغرفة سائق بمدخل مستقل، وتقع بالقرب من الطريق الدائري الشرقي ومراكز التسوق. مناسبة للعائلات الكبيرة الباحثة عن المساحة والراحة.",
    listing: { propertyType: "فيلا", status: "للإيجار", price: 120_000 },
    place: { city: "الرياض", location: "اليرموك", lat: 24.809, lng: 46.778, mapLink: true },
    size: { area: 375, bedrooms: 5, bathrooms: 5, floors: "2" },
    plot: { plan: "2187", plot: "340", streetWidth: 15, facade: ["شمال"] },
    building: { built: 2014, buildingType: "سكني", livingRooms: 3, parking: 2 },
    extras: ["driversRoom", "maidsRoom", "kitchen", "rooftopTank"],
    supervisor: ["فهد الشهراني", "0591180473"],
    notes: "الإيجار سنوي على دفعتين، ويُوثَّق العقد إلكترونيًا عبر منصة إيجار.",
    photos: ["villa morning", "majlis noon", "living-room sunset", "bedroom night"],
    ageDays: 24,
    // Ends in two days: the manager has been warned twice.
    licence: { number: "7101641218", issuedDaysAgo: 88, expiresInDays: 2 },
  },

  // 17 — land, postponed, Riyadh
  {
    title: "أرض سكنية بموقع هادئ في حي القيروان",
    description:
      "أرض سكنية بمساحة ٧٥٠ م² في حي القيروان شمال الرياض، على شارع بعرض ١٨ مترًا وبالقرب من الخدمات المكتملة. مناسبة لبناء فيلا عائلية أو دوبلكسين. أُجِّل طرح الأرض مؤقتًا بطلب من المالك، ويمكنك تسجيل اهتمامك لنبلغك فور إعادة طرحها.",
    listing: { propertyType: "أرض", status: "مؤجل", price: 3_150_000 },
    place: { city: "الرياض", location: "القيروان", lat: 24.8452, lng: 46.5905 },
    size: { area: 750 },
    plot: { plan: "3798", plot: "915", streetWidth: 18, facade: ["جنوب"] },
    supervisor: ["ماجد الشهري", "0532217745"],
    notes: "تأجّل الطرح لاستكمال إجراءات الفرز، ومن المتوقع إعادة عرض الأرض خلال الشهر القادم.",
    photos: ["land noon", "land sunset", "land morning"],
    ageDays: 55,
    licence: { number: "7101752359", issuedDaysAgo: 70, expiresInDays: 110 },
  },

  // 18 — apartment for sale, Riyadh
  {
    title: "شقة فاخرة بمدخل مستقل وسطح خاص في حي قرطبة",
    description:
      "شقة فاخرة في الدور الثاني بمدخل مستقل وسطح خاص، بتشطيبات مميزة تشمل أسقفًا جبسية وإضاءة مخفية وتكييفًا مركزيًا. تضم أربع غرف نوم ومجلسًا وصالة ومطبخًا راكبًا، وتقع بالقرب من طريق الدمام والطريق الدائري الشرقي. مناسبة للسكن العائلي أو الاستثمار طويل الأجل.",
    listing: { propertyType: "شقة", status: "للبيع", price: 1_150_000 },
    place: { city: "الرياض", location: "قرطبة", lat: 24.816, lng: 46.733, mapLink: true },
    size: { area: 190, bedrooms: 4, bathrooms: 4, floors: "2" },
    plot: { plan: "2604", plot: "1187", streetWidth: 20, facade: ["غرب"] },
    building: { built: 2024, buildingType: "سكني", livingRooms: 2, elevators: 1, parking: 2, unitNumber: "3" },
    extras: ["maidsRoom", "kitchen", "rooftopTank"],
    supervisor: ["راكان العنزي", "0566024418"],
    photos: ["apartment-building sunset", "living-room night", "majlis noon", "kitchen noon", "bedroom morning"],
    ageDays: 3,
    licence: { number: "7101863490", issuedDaysAgo: 10, expiresInDays: 260 },
    deed: "310127650318",
  },
];

export const DEMO_OFFERS: DemoOffer[] = LISTINGS.map(offer);

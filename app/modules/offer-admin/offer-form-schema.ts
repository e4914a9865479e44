/**
 * The back-office offer form and its units: its values, defaults, texts
 * and the one Zod schema that both the browser (as staff type, before sending) and the server
 * (before saving) run through parseSubmission. It reads the form as posted: field names are paths
 * (`details.streetWidth`, `units[0].area`), every value is text, a list with one item comes as a
 * single value, a box not ticked is absent. Safe for the back office's browser bundle; the public
 * pages never import it.
 */
import { z } from "zod";
import { BUILDING_USE_OPTIONS, FACADE_OPTIONS } from "~/modules/lookups/defaults.ts";
import { NUMBER_LIMITS, readTypedNumber, toAsciiDigits } from "~/utils/numbers.ts";
import type { OfferDetails, OfferUnit } from "~/modules/offers/index.ts";
import type { Coordinates } from "~/modules/maps/map-link.ts";
import { MESSAGES } from "~/utils/messages.ts";
import type { OfferAdLicence, RentPeriod } from "~/modules/ad-licences/index.ts";
import { AD_LICENCE_MESSAGES, adLicenceFormSchema, adLicenceFormValues, RENT_STATUS, rentPeriodField, type AdLicenceFormValues } from "~/modules/ad-licences/index.ts";
import { formatDigitsArabic, formatNumberArabic } from "~/utils/format.ts";

export const OFFER_FORM_MESSAGES = {
  added: "تمت إضافة العقار بنجاح!",
  updated: "تم تحديث العقار بنجاح!",
  saveFailed: "فشل حفظ العرض. تأكد من صلاحيات الدخول ثم حاول مرة أخرى.",
  mainPhotoRequired: "يرجى تحميل صورة رئيسية واحدة على الأقل.",
  // SPEC's question as written; the dialog names the offer under it (decision 029).
  deleteConfirm: "هل أنت متأكد من رغبتك في حذف هذا العرض؟",
  deleted: "تم حذف العرض.",
  unitTypeRequired: "يرجى تحديد نوع الوحدة.",
  // Our own texts (the firm gave none for these).
  titleRequired: "يرجى إدخال عنوان العقار",
  priceRequired: "يرجى إدخال السعر",
  descriptionRequired: "يرجى إدخال وصف العقار",
  areaRequired: "يرجى إدخال المساحة",
  typeRequired: "يرجى اختيار نوع العقار أو كتابة نوع آخر",
  statusRequired: "يرجى اختيار حالة العرض أو كتابة حالة أخرى",
  locationUrlInvalid: "رابط الموقع غير صحيح، الصق رابطًا يبدأ بـ https://",
  floorInvalid: formatDigitsArabic("اكتب الدور رقمًا مثل 5، أو مدى مثل 3-7، أو أدوارًا مثل 1، 3، 5"),
  coordinatesInvalid: "إحداثيات الموقع غير صحيحة",
  tooManyPhotos: formatDigitsArabic("يمكن إضافة 30 صورة كحد أقصى لكل عرض."),
  tooManyUnits: formatDigitsArabic("يمكن إضافة 500 وحدة كحد أقصى لكل عرض."),
  fixErrors: "يرجى تصحيح الحقول المشار إليها ثم الحفظ مرة أخرى.",
  // A number that is not plain digits (a sign, an exponent, words) or beyond reason: refused, never guessed.
  priceInvalid: formatDigitsArabic("اكتب السعر بالأرقام فقط، مثل 1,250,000"),
  areaInvalid: formatDigitsArabic("اكتب المساحة بالأرقام فقط، مثل 450"),
  numberInvalid: formatDigitsArabic("اكتب رقمًا بالأرقام فقط، مثل 20"),
  countInvalid: formatDigitsArabic("اكتب عددًا صحيحًا بالأرقام فقط، مثل 3"),
  unitDeleteConfirm: (number: string) => `هل أنت متأكد من حذف الوحدة ${number}؟`,
  photosUploading: "انتظر حتى يكتمل رفع الصور ثم احفظ.",
  photosFailed: "بعض الصور لم تُرفع: أعد المحاولة أو احذفها.",
  offerGone: "هذا العرض غير موجود، ربما حُذف من قبل.",
  invalidRequest: MESSAGES.badRequest,
} as const;

export const OFFER_LIMITS = { maxPhotos: 30, maxUnits: 500, maxUnitCount: 100 } as const;

/** The type for which the building section (floors, elevators, building use, units) does not apply. */
export const LAND_TYPE = "أرض";

/** Defaults of a new offer: apartment, for sale, in the capital, price 0. */
const NEW_OFFER_DEFAULTS = { propertyType: "شقة", status: "للبيع", city: "الرياض", price: 0 } as const;

// ---- Field helpers: a blank number is 0, any other non-number is refused; text is trimmed ----

const text = (max: number) => z.string().trim().max(max, "النص أطول من المسموح").catch("");
const requiredText = (message: string, max: number) => z.string({ message }).trim().min(1, message).max(max, "النص أطول من المسموح");
/**
 * A number typed as text or sent as a number (readTypedNumber): blank is 0; "1e20", "-5", words
 * or more than `max` are refused with `message` (never stored as some other number).
 */
const toNumber =
  (message: string, max: number, whole = false) =>
  (value: unknown, ctx: z.RefinementCtx): number => {
    const number = readTypedNumber(value, { max, whole });
    if (number !== null) return number;
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  };
const amount = (message: string, max: number) => z.unknown().optional().transform(toNumber(message, max));
const count = (max: number = NUMBER_LIMITS.count) =>
  z
    .unknown()
    .optional()
    .transform(toNumber(OFFER_FORM_MESSAGES.countInvalid, max, true));
/** Required numbers: blank is refused with the field's "required" message, the rest as any number. */
const requiredAmount = (required: string, invalid: string, max: number) =>
  z
    .union([z.number(), z.string()], { message: required })
    .refine((v) => String(v).trim() !== "", required)
    .transform(toNumber(invalid, max));
/** A box: ticked is "on" as a form posts it (true and "true" are read too); absent or anything else is not ticked. */
const flag = z
  .union([z.boolean(), z.string()])
  .optional()
  .catch(undefined)
  .transform((v) => v === true || v === "true" || v === "on");
const lookupValue = z
  .string()
  .catch("")
  .transform((v) => v.replace(/\s+/g, " ").trim().slice(0, 80));
/** A list of texts as a form posts it (boxes sharing a name, hidden fields): several values, one alone, or none. */
const textList = z
  .union([z.array(z.string()), z.string()])
  .optional()
  .transform((value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]));
/** A map coordinate, posted as text (a hidden field) or given as a number. */
const coordinate = (limit: number) =>
  z.union([z.number(), z.string().transform((v) => (v.trim() === "" ? Number.NaN : Number(toAsciiDigits(v.trim()).replace("٫", "."))))]).pipe(z.number().min(-limit).max(limit));

/** "5", "3-7" and "1, 3, 5" (Arabic digits and comma welcome); blank means not given. */
export function normaliseFloor(input: string): string | null {
  const value = toAsciiDigits(input).replace(/،/g, ",").replace(/\s+/g, " ").trim();
  if (value === "") return "";
  if (/^\d{1,3}$/.test(value)) return value;
  const range = /^(\d{1,3}) ?- ?(\d{1,3})$/.exec(value);
  if (range) return `${range[1]}-${range[2]}`;
  if (/^\d{1,3}( ?, ?\d{1,3})+$/.test(value))
    return value
      .split(",")
      .map((n) => n.trim())
      .join(", ");
  return null;
}

export const unitSchema = z.object({
  id: z
    .string()
    .regex(/^[\w-]{1,40}$/)
    .catch(() => crypto.randomUUID()),
  type: requiredText(OFFER_FORM_MESSAGES.unitTypeRequired, 80).transform((v) => v.replace(/\s+/g, " ")),
  description: text(300),
  floor: z
    .string()
    .catch("")
    .transform((v, ctx) => {
      const floor = normaliseFloor(v);
      if (floor === null) {
        ctx.addIssue({ code: "custom", message: OFFER_FORM_MESSAGES.floorInvalid });
        return z.NEVER;
      }
      return floor;
    }),
  area: amount(OFFER_FORM_MESSAGES.areaInvalid, NUMBER_LIMITS.area),
  bedrooms: count(),
  bathrooms: count(),
  orientation: text(40).optional(),
});

/**
 * Adding a unit with a count: that many units, numbered in their descriptions —
 * "description (#n)", or "وحدة #n" when there is no description. A count of 1 adds the unit as typed.
 */
export function expandUnits(unit: Omit<OfferUnit, "id">, howMany: number, newId: () => string = () => crypto.randomUUID()): OfferUnit[] {
  const total = Math.max(1, Math.min(OFFER_LIMITS.maxUnitCount, Math.floor(Number.isFinite(howMany) ? howMany : 1)));
  if (total === 1) return [{ ...unit, id: newId() }];
  const description = unit.description.trim();
  return Array.from({ length: total }, (_, index) => ({
    ...unit,
    id: newId(),
    description: description ? `${description} (#${formatNumberArabic(index + 1)})` : `وحدة #${formatNumberArabic(index + 1)}`,
  }));
}

const detailsSchema = z.object({
  streetWidth: amount(OFFER_FORM_MESSAGES.numberInvalid, NUMBER_LIMITS.streetWidth),
  facade: textList.catch([]).transform((values) => FACADE_OPTIONS.filter((option) => values.includes(option))),
  propertyAge: count(NUMBER_LIMITS.age),
  livingRooms: count(),
  driversRoom: flag,
  maidsRoom: flag,
  planNumber: text(40),
  plotNumber: text(40),
  constructionDate: text(40),
  buildingType: z
    .string()
    .catch("")
    .transform((v) => (BUILDING_USE_OPTIONS.includes(v.trim()) ? v.trim() : "")),
  elevators: count(),
  kitchen: flag,
  rooftopTank: flag,
  unitNumber: text(40),
  parking: count(),
  supervisorName: text(100),
  supervisorPhone: text(30),
  additionalNotes: text(5000),
}) satisfies z.ZodType<OfferDetails, unknown>;

/** The map point: both numbers, or none (a point that cannot be read is dropped, never guessed). */
const coordinatesSchema = z
  .object({ lat: coordinate(90), lng: coordinate(180) }, { message: OFFER_FORM_MESSAGES.coordinatesInvalid })
  .nullable()
  .catch(null);

export const offerFormSchema = z
  .object({
    title: requiredText(OFFER_FORM_MESSAGES.titleRequired, 200),
    description: requiredText(OFFER_FORM_MESSAGES.descriptionRequired, 10_000),
    price: requiredAmount(OFFER_FORM_MESSAGES.priceRequired, OFFER_FORM_MESSAGES.priceInvalid, NUMBER_LIMITS.price),
    area: requiredAmount(OFFER_FORM_MESSAGES.areaRequired, OFFER_FORM_MESSAGES.areaInvalid, NUMBER_LIMITS.area),
    propertyType: lookupValue.refine((v) => v !== "", OFFER_FORM_MESSAGES.typeRequired),
    status: lookupValue.refine((v) => v !== "", OFFER_FORM_MESSAGES.statusRequired),
    city: lookupValue,
    location: lookupValue,
    isCorner: flag,
    bedrooms: count(),
    bathrooms: count(),
    floors: text(40),
    locationUrl: z
      .string()
      .trim()
      .catch("")
      .refine((v) => v === "" || isWebLink(v), OFFER_FORM_MESSAGES.locationUrlInvalid),
    coordinates: coordinatesSchema,
    /** Only for rent (required then); cleared for any other status. */
    rentPeriod: rentPeriodField,
    /** The section «بيانات ترخيص الإعلان» (ad-licence-form.ts); saveOffer adds the rule that needs the settings. */
    adLicence: adLicenceFormSchema.prefault({}),
    details: detailsSchema.prefault({} as z.input<typeof detailsSchema>), // every detail has its own fallback
    units: z.array(unitSchema).max(OFFER_LIMITS.maxUnits, OFFER_FORM_MESSAGES.tooManyUnits).default([]),
    /** Stored photo ids in order; the first is the main photo. */
    photos: textList.pipe(
      z
        .array(z.string().regex(/^[a-f0-9]{32}$/))
        .min(1, OFFER_FORM_MESSAGES.mainPhotoRequired)
        .max(OFFER_LIMITS.maxPhotos, OFFER_FORM_MESSAGES.tooManyPhotos),
    ),
  })
  .superRefine((offer, ctx) => {
    if (offer.status === RENT_STATUS && offer.rentPeriod === "") ctx.addIssue({ code: "custom", path: ["rentPeriod"], message: AD_LICENCE_MESSAGES.rentPeriodRequired });
  })
  .transform((typed) => {
    // A rent period belongs to rent offers only.
    const offer = typed.status === RENT_STATUS ? typed : { ...typed, rentPeriod: "" as const };
    // Land has no building: what the hidden section held is not saved.
    if (offer.propertyType !== LAND_TYPE) return offer;
    return { ...offer, floors: "", units: [], details: { ...offer.details, elevators: 0, buildingType: "" } };
  });

/** Deleting an offer from the list. */
export const offerDeleteSchema = z.object({
  intent: z.literal("delete"),
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export type OfferFormData = z.output<typeof offerFormSchema>;

function isWebLink(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

// ---- The form's starting values ----

type NumberKey = "streetWidth" | "propertyAge" | "livingRooms" | "elevators" | "parking";

/** What the form starts from, as staff see it: numbers as text (blank for 0), so nothing is reformatted. */
export interface OfferFormValues {
  title: string;
  description: string;
  price: string;
  area: string;
  propertyType: string;
  status: string;
  city: string;
  location: string;
  isCorner: boolean;
  bedrooms: string;
  bathrooms: string;
  floors: string;
  locationUrl: string;
  coordinates: Coordinates | null;
  rentPeriod: RentPeriod | "";
  adLicence: AdLicenceFormValues;
  details: Omit<OfferDetails, NumberKey> & Record<NumberKey, string>;
  units: OfferUnit[];
}

/** What a stored offer holds that the form edits (`offerFields` of offers.server.ts). */
export interface OfferFormSource {
  title: string;
  description: string;
  price: number;
  area: number;
  propertyType: string;
  status: string;
  city: string;
  location: string;
  isCorner: boolean;
  bedrooms: number;
  bathrooms: number;
  floors: string;
  locationUrl: string;
  coordinates: Coordinates | null;
  rentPeriod: RentPeriod | "";
  adLicence: OfferAdLicence;
  details: OfferDetails;
  units: OfferUnit[];
}

const numberText = (value: number) => (value ? String(value) : "");

/** The form's values for a stored offer, or the new-offer defaults. */
export function offerFormValues(offer?: OfferFormSource): OfferFormValues {
  const d = offer?.details;
  return {
    title: offer?.title ?? "",
    description: offer?.description ?? "",
    price: String(offer?.price ?? NEW_OFFER_DEFAULTS.price),
    area: numberText(offer?.area ?? 0),
    propertyType: offer?.propertyType ?? NEW_OFFER_DEFAULTS.propertyType,
    status: offer?.status ?? NEW_OFFER_DEFAULTS.status,
    city: offer?.city ?? NEW_OFFER_DEFAULTS.city,
    location: offer?.location ?? "",
    isCorner: offer?.isCorner ?? false,
    bedrooms: numberText(offer?.bedrooms ?? 0),
    bathrooms: numberText(offer?.bathrooms ?? 0),
    floors: offer?.floors ?? "",
    locationUrl: offer?.locationUrl ?? "",
    coordinates: offer?.coordinates ?? null,
    rentPeriod: offer?.rentPeriod ?? "",
    adLicence: adLicenceFormValues(offer?.adLicence),
    details: {
      streetWidth: numberText(d?.streetWidth ?? 0),
      facade: d?.facade ?? [],
      propertyAge: numberText(d?.propertyAge ?? 0),
      livingRooms: numberText(d?.livingRooms ?? 0),
      driversRoom: d?.driversRoom ?? false,
      maidsRoom: d?.maidsRoom ?? false,
      planNumber: d?.planNumber ?? "",
      plotNumber: d?.plotNumber ?? "",
      constructionDate: d?.constructionDate ?? "",
      buildingType: d?.buildingType ?? "",
      elevators: numberText(d?.elevators ?? 0),
      kitchen: d?.kitchen ?? false,
      rooftopTank: d?.rooftopTank ?? false,
      unitNumber: d?.unitNumber ?? "",
      parking: numberText(d?.parking ?? 0),
      supervisorName: d?.supervisorName ?? "",
      supervisorPhone: d?.supervisorPhone ?? "",
      additionalNotes: d?.additionalNotes ?? "",
    },
    units: offer?.units ?? [],
  };
}

/**
 * The back-office offer form (SPEC.md §5 "Offer form", "Unit form"): its values, defaults, texts
 * and the one Zod schema that both the browser (before sending) and the server (before saving)
 * run. Safe for the back office's browser bundle; the public pages never import it.
 */
import { z } from "zod";
import { BUILDING_USE_OPTIONS, FACADE_OPTIONS } from "~/modules/lookups/defaults.ts";
import { NUMBER_LIMITS, readTypedNumber, toAsciiDigits } from "~/utils/numbers.ts";
import type { OfferDetails, OfferUnit } from "./details.ts";

export const OFFER_FORM_MESSAGES = {
  added: "تمت إضافة العقار بنجاح!",
  updated: "تم تحديث العقار بنجاح!",
  saveFailed: "فشل حفظ العرض. تأكد من صلاحيات الدخول ثم حاول مرة أخرى.",
  mainPhotoRequired: "يرجى تحميل صورة رئيسية واحدة على الأقل.",
  deleteConfirm: "هل أنت متأكد من رغبتك في حذف هذا العرض؟",
  deleted: "تم حذف العرض.",
  unitTypeRequired: "يرجى تحديد نوع الوحدة.",
  // Texts SPEC.md does not give.
  titleRequired: "يرجى إدخال عنوان العقار",
  priceRequired: "يرجى إدخال السعر",
  descriptionRequired: "يرجى إدخال وصف العقار",
  areaRequired: "يرجى إدخال المساحة",
  typeRequired: "يرجى اختيار نوع العقار أو كتابة نوع آخر",
  statusRequired: "يرجى اختيار حالة العرض أو كتابة حالة أخرى",
  locationUrlInvalid: "رابط الموقع غير صحيح، الصق رابطاً يبدأ بـ https://",
  floorInvalid: "اكتب الدور رقماً مثل 5، أو مدى مثل 3-7، أو أدواراً مثل 1، 3، 5",
  coordinatesInvalid: "إحداثيات الموقع غير صحيحة",
  tooManyPhotos: "يمكن إضافة 30 صورة كحد أقصى لكل عرض.",
  tooManyUnits: "يمكن إضافة 500 وحدة كحد أقصى لكل عرض.",
  fixErrors: "يرجى تصحيح الحقول المشار إليها ثم الحفظ مرة أخرى.",
  // A number that is not plain digits (a sign, an exponent, words) or beyond reason: refused, never guessed.
  priceInvalid: "اكتب السعر بالأرقام فقط، مثل 1,250,000",
  areaInvalid: "اكتب المساحة بالأرقام فقط، مثل 450",
  numberInvalid: "اكتب رقماً بالأرقام فقط، مثل 20",
  countInvalid: "اكتب عدداً صحيحاً بالأرقام فقط، مثل 3",
  unitDeleteConfirm: "هل أنت متأكد من حذف هذه الوحدة؟",
} as const;

export const OFFER_LIMITS = { maxPhotos: 30, maxUnits: 500, maxUnitCount: 100 } as const;

/** The type for which the building section (floors, elevators, building use, units) does not apply. */
export const LAND_TYPE = "أرض";

/** Defaults of a new offer (SPEC.md §9): apartment, for sale, in the capital, price 0. */
export const NEW_OFFER_DEFAULTS = { propertyType: "شقة", status: "للبيع", city: "الرياض", price: 0 } as const;

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
const count = (max: number = NUMBER_LIMITS.count) => z.unknown().optional().transform(toNumber(OFFER_FORM_MESSAGES.countInvalid, max, true));
/** Required numbers: blank is refused with the field's "required" message, the rest as any number. */
const requiredAmount = (required: string, invalid: string, max: number) =>
  z
    .union([z.number(), z.string()], { message: required })
    .refine((v) => String(v).trim() !== "", required)
    .transform(toNumber(invalid, max));
const flag = z.unknown().optional().transform((v) => v === true || v === "true" || v === "on");
const lookupValue = z.string().catch("").transform((v) => v.replace(/\s+/g, " ").trim().slice(0, 80));

/** "5", "3-7" and "1, 3, 5" (Arabic digits and comma welcome); blank means not given. */
export function normaliseFloor(input: string): string | null {
  const value = toAsciiDigits(input).replace(/،/g, ",").replace(/\s+/g, " ").trim();
  if (value === "") return "";
  if (/^\d{1,3}$/.test(value)) return value;
  const range = /^(\d{1,3}) ?- ?(\d{1,3})$/.exec(value);
  if (range) return `${range[1]}-${range[2]}`;
  if (/^\d{1,3}( ?, ?\d{1,3})+$/.test(value)) return value.split(",").map((n) => n.trim()).join(", ");
  return null;
}

export const unitSchema = z.object({
  id: z.string().regex(/^[\w-]{1,40}$/).catch(() => crypto.randomUUID()),
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

export type UnitInput = z.input<typeof unitSchema>;

/**
 * Adding a unit with a count (SPEC.md §5): that many units, numbered in their descriptions —
 * "description (#n)", or "وحدة #n" when there is no description. A count of 1 adds the unit as typed.
 */
export function expandUnits(unit: Omit<OfferUnit, "id">, howMany: number, newId: () => string = () => crypto.randomUUID()): OfferUnit[] {
  const total = Math.max(1, Math.min(OFFER_LIMITS.maxUnitCount, Math.floor(Number.isFinite(howMany) ? howMany : 1)));
  if (total === 1) return [{ ...unit, id: newId() }];
  const description = unit.description.trim();
  return Array.from({ length: total }, (_, index) => ({
    ...unit,
    id: newId(),
    description: description ? `${description} (#${index + 1})` : `وحدة #${index + 1}`,
  }));
}

const detailsSchema = z.object({
  streetWidth: amount(OFFER_FORM_MESSAGES.numberInvalid, NUMBER_LIMITS.streetWidth),
  facade: z
    .array(z.string())
    .catch([])
    .transform((values) => FACADE_OPTIONS.filter((option) => values.includes(option))),
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

const coordinatesSchema = z
  .object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }, { message: OFFER_FORM_MESSAGES.coordinatesInvalid })
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
    details: detailsSchema.prefault({} as z.input<typeof detailsSchema>), // every detail has its own fallback
    units: z.array(unitSchema).max(OFFER_LIMITS.maxUnits, OFFER_FORM_MESSAGES.tooManyUnits).default([]),
    /** Stored photo ids in order; the first is the main photo. */
    photos: z
      .array(z.string().regex(/^[a-f0-9]{32}$/))
      .min(1, OFFER_FORM_MESSAGES.mainPhotoRequired)
      .max(OFFER_LIMITS.maxPhotos, OFFER_FORM_MESSAGES.tooManyPhotos),
  })
  .transform((offer) => {
    // Land has no building: what the hidden section held is not saved.
    if (offer.propertyType !== LAND_TYPE) return offer;
    return { ...offer, floors: "", units: [], details: { ...offer.details, elevators: 0, buildingType: "" } };
  });

export type OfferFormInput = z.input<typeof offerFormSchema>;
export type OfferFormData = z.output<typeof offerFormSchema>;

/** Field path ("title", "units.2.type", "details.streetWidth") → its first message. */
export type OfferFormErrors = Record<string, string>;

function isWebLink(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

export function parseOfferForm(input: unknown): { ok: true; data: OfferFormData } | { ok: false; errors: OfferFormErrors } {
  const result = offerFormSchema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const errors: OfferFormErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String);
    // Problems inside the photo list are the list's problem.
    const key = path[0] === "photos" ? "photos" : path.join(".") || "form";
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The answer of the save endpoint. */
export type OfferSaveResult =
  | { ok: true; id: number; created: boolean }
  | { ok: false; errors: OfferFormErrors; message: string };

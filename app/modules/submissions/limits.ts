/**
 * Limits, texts and shapes of the owner submission shared by the browser and the server.
 * No zod here: this file is part of the public page's JavaScript.
 */
import { PHOTO_ACCEPT } from "~/modules/images/image-ref.ts";
import { NUMBER_LIMITS, readTypedNumber } from "~/utils/numbers.ts";

/** Photo limits (SPEC.md §5, §9). */
export const SUBMISSION_PHOTOS = {
  field: "photos",
  min: 1,
  max: 10,
  maxBytes: 5 * 1024 * 1024,
  accept: PHOTO_ACCEPT,
} as const;

/** Texts of the owner submission (SPEC.md §5); the first three are SPEC's own words. */
export const SUBMISSION_MESSAGES = {
  photosRequired: "يرجى تحميل صورة واحدة على الأقل للعقار.",
  photosUnreadable: "حدث خطأ أثناء معالجة الصور...",
  received: "تم استلام طلبك بنجاح!",
  photoTooLarge: "بعض الصور يتجاوز حجمها 5 ميجابايت. الحد الأقصى لكل صورة 5 ميجابايت.",
  tooManyPhotos: "يمكن تحميل 10 صور كحد أقصى.",
  requestTooLarge: "حجم الطلب أكبر من المسموح. يرجى تقليل عدد الصور أو حجمها.",
  nameRequired: "يرجى إدخال الاسم",
  typeRequired: "يرجى اختيار نوع العقار",
  cityRequired: "يرجى اختيار المدينة",
  neighbourhoodRequired: "يرجى اختيار الحي",
  areaRequired: "يرجى إدخال المساحة",
  areaInvalid: "اكتب المساحة بالأرقام فقط، مثل 450",
  descriptionRequired: "يرجى كتابة وصف للعقار",
} as const;

/**
 * The area as a number: digits only (Arabic-Indic ones welcome, thousands separators allowed), at
 * most NUMBER_LIMITS.area; null when it is not one (refused with areaInvalid, never stored as 0).
 */
export function parseArea(input: string): number | null {
  return readTypedNumber(input, { max: NUMBER_LIMITS.area });
}


export type SubmissionField =
  | "clientName"
  | "clientPhone"
  | "clientEmail"
  | "propertyType"
  | "city"
  | "neighbourhood"
  | "area"
  | "description";
/** Per-field messages, plus `photos` and `form` (the whole post: rate limit, bot check). */
export type SubmissionErrors = Partial<Record<SubmissionField | "photos" | "form", string>>;

export const SUBMISSION_TEXT_FIELDS = [
  "clientName",
  "clientPhone",
  "clientEmail",
  "propertyType",
  "city",
  "neighbourhood",
  "neighbourhoodOther",
  "area",
  "description",
] as const;

/** The longest value of each text field: the schema checks it, an echo is cut to it (phone and e-mail as in form-fields.ts). */
export const SUBMISSION_TEXT_LIMITS = {
  clientName: 100,
  clientPhone: 30,
  clientEmail: 200,
  propertyType: 60,
  city: 60,
  neighbourhood: 100,
  neighbourhoodOther: 100,
  area: 30,
  description: 5000,
} as const satisfies Record<(typeof SUBMISSION_TEXT_FIELDS)[number], number>;

/** What the form shows after a post: success, or the errors with everything typed kept. */
export type SubmissionResult =
  | { ok: true; message: string }
  | { ok: false; errors: SubmissionErrors; values: Record<string, string> };

export const OTHER_NEIGHBOURHOOD = "أخرى";

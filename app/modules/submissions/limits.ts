import type { SubmissionGoal } from "~/db/column-types.ts";
/**
 * Limits, texts and shapes of the owner submission shared by the browser and the server.
 * No zod here: this file is part of the public page's JavaScript.
 */
import { FIELD_LIMITS } from "~/utils/field-limits.ts";
import { PHOTO_ACCEPT } from "~/utils/image-ref.ts";

const PHOTO_MAX_MEGABYTES = 5;

/** Photo limits (at least one, each at most 5 MB; the cap of 10 is ours): the browser checks them before the upload, the server as it reads. */
export const SUBMISSION_PHOTOS = {
  field: "photos",
  min: 1,
  max: 10,
  maxMegabytes: PHOTO_MAX_MEGABYTES,
  maxBytes: PHOTO_MAX_MEGABYTES * 1024 * 1024,
  accept: PHOTO_ACCEPT,
} as const;

/** Texts of the owner submission; the first three are the firm's own words, the rest ours. */
export const SUBMISSION_MESSAGES = {
  photosRequired: "يرجى تحميل صورة واحدة على الأقل للعقار.",
  photosUnreadable: "حدث خطأ أثناء معالجة الصور...",
  received: "تم استلام طلبك بنجاح!",
  photoTooLarge: "بعض الصور يتجاوز حجمها ٥ ميجابايت. الحد الأقصى لكل صورة ٥ ميجابايت.",
  tooManyPhotos: "يمكن تحميل ١٠ صور كحد أقصى.",
  requestTooLarge: "حجم الطلب أكبر من المسموح. يرجى تقليل عدد الصور أو حجمها.",
  nameRequired: "يرجى إدخال الاسم",
  typeRequired: "يرجى اختيار نوع العقار",
  cityRequired: "يرجى اختيار المدينة",
  neighbourhoodRequired: "يرجى اختيار الحي",
  areaRequired: "يرجى إدخال المساحة",
  areaInvalid: "اكتب المساحة بالأرقام فقط، مثل ٤٥٠",
  descriptionRequired: "يرجى كتابة وصف للعقار",
  goalRequired: "يرجى اختيار ما تريده لعقارك: بيع أو تأجير أو إدارة",
  priceInvalid: "اكتب السعر المتوقع بالريال وبالأرقام فقط، مثل ١٬٢٥٠٬٠٠٠",
} as const;

/** What the owner wants for the property (stored as the key; the label is what people read). */
export const SUBMISSION_GOALS = [
  { value: "sale", label: "بيع" },
  { value: "rent", label: "تأجير" },
  { value: "management", label: "إدارة" },
] as const satisfies ReadonlyArray<{ value: SubmissionGoal; label: string }>;

export type { SubmissionGoal };

/** The goal's label ("بيع"…), or the stored value itself when it is not one of ours (older rows: none). */
export function submissionGoalLabel(goal: string | null): string {
  return SUBMISSION_GOALS.find((g) => g.value === goal)?.label ?? goal ?? "";
}

/** The longest value of each text field: the schema checks it, the form gives it to `maxLength`, an echo is cut to it. */
export const SUBMISSION_TEXT_LIMITS = {
  clientName: FIELD_LIMITS.personName,
  clientPhone: FIELD_LIMITS.phone,
  clientEmail: FIELD_LIMITS.email,
  propertyType: 60,
  city: 60,
  neighbourhood: 100,
  neighbourhoodOther: 100,
  area: 30,
  expectedPrice: 30,
  description: 5000,
} as const;

/** The neighbourhood list's "other" choice: the typed name in `neighbourhoodOther` is used instead. */
export const OTHER_NEIGHBOURHOOD = "أخرى";

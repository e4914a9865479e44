import { PHOTO_ACCEPT, type ImageRef } from "~/utils/image-ref.ts";
import { formatDigitsArabic } from "~/utils/format.ts";

/** Photos of the offer form: one request each, a phone camera's photo fits easily. */
export const OFFER_PHOTO_LIMITS = {
  maxBytes: 25 * 1024 * 1024,
  accept: PHOTO_ACCEPT,
} as const;

export const OFFER_PHOTO_MESSAGES = {
  tooLarge: formatDigitsArabic("حجم الصورة أكبر من 25 ميجابايت."),
  // SPEC §8, image read error, then what to do.
  unreadable: "فشل قراءة الملف: ليس صورة يمكن قراءتها، اختر صورة أخرى.",
  uploadFailed: "فشل رفع الصورة. تحقق من الاتصال ثم أعد المحاولة.",
} as const;

export type OfferPhotoResult = { ok: true; image: ImageRef } | { ok: false; error: string };

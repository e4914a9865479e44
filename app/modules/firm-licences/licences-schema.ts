/**
 * The licences page's forms (/admin/licenses): their limits, texts and the Zod schemas that both
 * the browser (before sending) and the server (before saving) run through parseSubmission. Safe
 * for the back office's browser bundle; the public pages never import it.
 */
import { z } from "zod";
import { stripBidiControls } from "~/utils/bidi.ts";
import { formatNumberArabic } from "~/utils/format.ts";
import { PHOTO_ACCEPT } from "~/utils/image-ref.ts";
import { MESSAGES } from "~/utils/messages.ts";

export const LICENCE_LIMITS = {
  /** The firm shows at most 10 licences (SPEC §9). */
  max: 10,
  /** One licence image, checked in the browser before sending and on the server as it streams in. */
  maxBytes: 10 * 1024 * 1024,
  /** The description (the image's alt text and caption). */
  alt: 200,
  /** An image link. */
  url: 2000,
  accept: PHOTO_ACCEPT,
} as const;

/** What a refused upload or link add gives as its {reason} (our own wording). */
export const LICENCE_REASONS = {
  unreadable: "الملف ليس صورة يمكن قراءتها (JPEG أو PNG أو WebP أو HEIC)",
  network: "تعذّر الاتصال بالخادم، تحقق من اتصالك بالإنترنت",
  server: "حدث خطأ غير متوقع في الخادم",
} as const;

export const LICENCE_MESSAGES = {
  // The firm's texts (SPEC §5, §8).
  uploadRequired: "يرجى تقديم صورة ووصف لها.",
  linkRequired: "يرجى إدخال رابط الصورة ووصف لها.",
  // Verbatim, Latin digits included (decision 026: SPEC's sentences as SPEC writes them).
  tooLarge: "حجم الملف كبير جداً. الحد الأقصى هو 10 ميجابايت.",
  limitReached: "لقد وصلت إلى الحد الأقصى من التراخيص (10)...",
  added: "تم إضافة الترخيص بنجاح!",
  uploadFailed: (reason: string) => `فشل رفع الصورة: ${reason}`,
  addFailed: (reason: string) => `فشل إضافة الترخيص: ${reason}`,
  // SPEC's question as written; the dialog names the licence under it (decision 029).
  deleteConfirm: "هل أنت متأكد من حذف هذا الترخيص؟",
  deleteFailed: "حدث خطأ أثناء حذف الترخيص. يرجى المحاولة مرة أخرى.",
  // Our own texts (the firm gave none for these).
  deleted: "تم حذف الترخيص.",
  // The left-to-right mark after "https://" keeps it in one piece at the end of a right-to-left line.
  urlInvalid: "رابط الصورة غير صحيح، الصق رابطًا كاملًا يبدأ بـ https://\u200E",
  urlNotHttps: "يجب أن يكون رابط الصورة آمنًا يبدأ بـ https://\u200E",
  urlCredentials: "لا يُسمح بوضع اسم مستخدم أو كلمة مرور داخل الرابط",
  urlTooLong: `الرابط أطول من المسموح (${formatNumberArabic(LICENCE_LIMITS.url)} حرف)`,
  altTooLong: `الوصف أطول من المسموح (${formatNumberArabic(LICENCE_LIMITS.alt)} حرف)`,
  altRequired: "يرجى إدخال وصف الترخيص.",
  altSaved: "تم حفظ الوصف.",
  altFailed: "تعذّر حفظ الوصف. يرجى المحاولة مرة أخرى.",
  orderFailed: "تعذّر حفظ ترتيب التراخيص. يرجى المحاولة مرة أخرى.",
  gone: "هذا الترخيص غير موجود، ربما حُذف من قبل.",
  invalidRequest: MESSAGES.badRequest,
} as const;

/** A description as stored: invisible bidi controls removed, trimmed ("" when absent). */
const altText = () =>
  z
    .string()
    .optional()
    .transform((value) => stripBidiControls(value ?? "").trim())
    .pipe(z.string().max(LICENCE_LIMITS.alt, LICENCE_MESSAGES.altTooLong));

/** A licence's id from the page: digits only (no 1e3, no -1). */
const licenceIdField = () =>
  z
    .string(LICENCE_MESSAGES.gone)
    .regex(/^\d{1,9}$/, LICENCE_MESSAGES.gone)
    .transform(Number);

/**
 * An image link as it is stored: a full https address (never http, javascript:, data: or any
 * other scheme), without a user name or password inside, at most 2000 characters; normalised by
 * the URL parser (spaces and non-ASCII letters percent-encoded). Nothing on the server ever
 * fetches it: visitors' browsers load it, as the public page's CSP allows any https image.
 */
export function checkLicenceUrl(raw: string): { ok: true; url: string } | { ok: false; error: string } {
  const value = raw.trim();
  if (value.length > LICENCE_LIMITS.url) return { ok: false, error: LICENCE_MESSAGES.urlTooLong };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, error: LICENCE_MESSAGES.urlInvalid };
  }
  if (url.protocol !== "https:") return { ok: false, error: LICENCE_MESSAGES.urlNotHttps };
  if (url.username || url.password) return { ok: false, error: LICENCE_MESSAGES.urlCredentials };
  if (!url.hostname) return { ok: false, error: LICENCE_MESSAGES.urlInvalid };
  if (url.href.length > LICENCE_LIMITS.url) return { ok: false, error: LICENCE_MESSAGES.urlTooLong };
  return { ok: true, url: url.href };
}

/**
 * Adding a licence by link: the link and the description are both required (one message for
 * either missing, above the form); a link given must pass checkLicenceUrl.
 */
export const licenceLinkSchema = z
  .object({
    url: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const raw = (value ?? "").trim();
        if (raw === "") return "";
        const checked = checkLicenceUrl(raw);
        if (!checked.ok) {
          ctx.addIssue({ code: "custom", message: checked.error });
          return z.NEVER;
        }
        return checked.url;
      }),
    alt: altText(),
  })
  .superRefine((value, ctx) => {
    if (!value.url || !value.alt) ctx.addIssue({ code: "custom", message: LICENCE_MESSAGES.linkRequired, path: [] });
  });

/** The file a form sent for `image`: none when the input was left empty (an empty, nameless part). */
const imageFile = () =>
  z
    .unknown()
    .optional()
    .transform((value) => (typeof File !== "undefined" && value instanceof File && (value.size > 0 || value.name !== "") ? value : undefined))
    .refine((file) => file === undefined || file.size <= LICENCE_LIMITS.maxBytes, LICENCE_MESSAGES.tooLarge);

/**
 * Adding a licence by upload: an image of at most 10 MB and a description, both required (one
 * message for either missing). The server checks the size again as the body streams in, and the
 * image pipeline checks that the bytes really are an image.
 */
export const licenceUploadSchema = z.object({ image: imageFile(), alt: altText() }).superRefine((value, ctx) => {
  if (!value.image || !value.alt) ctx.addIssue({ code: "custom", message: LICENCE_MESSAGES.uploadRequired, path: [] });
});

/** Editing a licence's description in place. */
export const licenceAltSchema = z.object({
  id: licenceIdField(),
  alt: altText().refine((alt) => alt !== "", LICENCE_MESSAGES.altRequired),
});

export const licenceDeleteSchema = z.object({ id: licenceIdField() });

/** The new display order: every licence's id, first to last, comma-separated (no id twice). */
export const licenceOrderSchema = z.object({
  order: z
    .string(MESSAGES.badRequest)
    .regex(/^\d{1,9}(,\d{1,9}){0,99}$/, MESSAGES.badRequest)
    .transform((value) => value.split(",").map(Number))
    .refine((ids) => new Set(ids).size === ids.length, MESSAGES.badRequest),
});

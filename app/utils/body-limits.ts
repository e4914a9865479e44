/**
 * How many bytes a request body may have, by path: one table for the server's request handler
 * (server/request-handler.ts cuts every body at its limit before any action reads it) and for the
 * actions that read their own body. Small forms (contact, inquiry, sign-in, profile, every back-office
 * form) get 64 KiB; only the upload routes get their documented limits.
 */
const KiB = 1024;
const MiB = 1024 * KiB;

/** Every form of the site and back office, far above what a person can type into it. */
export const SMALL_FORM_BODY_LIMIT = 64 * KiB;

/** An owner submission: 10 photos of at most 5 MB (SUBMISSION_PHOTOS) and a little room for the text. */
export const SUBMISSION_BODY_LIMIT = 10 * 5 * MiB + 256 * KiB;

/**
 * The accountant's finance request: one receipt photo of at most 10 MB (FINANCE_LIMITS.receiptBytes)
 * and its few short fields, streamed through the multipart parser. The finance page's other posts
 * (the manager's decisions) are read within the small limit all the same (readForm's `maxBytes`).
 */
export const FINANCE_REQUEST_BODY_LIMIT = 10 * MiB + 64 * KiB;

/** One licence image of at most 10 MB (LICENCE_LIMITS.maxBytes) and its description, streamed through the multipart parser. */
export const LICENCE_UPLOAD_BODY_LIMIT = 10 * MiB + 64 * KiB;

/** One offer photo, sent alone (OFFER_PHOTO_LIMITS.maxBytes). */
export const OFFER_PHOTO_BODY_LIMIT = 25 * MiB;

/**
 * The offer form (texts, up to 500 units, and the photos' references, never the photos
 * themselves), posted to the new or edit page.
 */
const OFFER_SAVE_BODY_LIMIT = 2 * MiB;

/**
 * The site-content editor's «حفظ الكل»: every text of the site (about 14,000 characters at their
 * limits, six bytes each once an Arabic letter is form-encoded) and the images' references.
 */
const CONTENT_FORM_BODY_LIMIT = 256 * KiB;

/** By path; a `*` stands for one segment (an id). */
const LIMITS_BY_PATH: Readonly<Record<string, number>> = {
  "/api/submissions": SUBMISSION_BODY_LIMIT,
  "/list-your-property": SUBMISSION_BODY_LIMIT,
  "/admin/offers/photos": OFFER_PHOTO_BODY_LIMIT,
  "/admin/content": CONTENT_FORM_BODY_LIMIT,
  "/admin/content/images": OFFER_PHOTO_BODY_LIMIT,
  "/admin/licenses/upload": LICENCE_UPLOAD_BODY_LIMIT,
  "/admin/offers/new": OFFER_SAVE_BODY_LIMIT,
  "/admin/offers/edit/*": OFFER_SAVE_BODY_LIMIT,
  "/admin/finance": FINANCE_REQUEST_BODY_LIMIT,
  "/admin/finance/request": FINANCE_REQUEST_BODY_LIMIT,
};

/**
 * The body limit of a request path (without the query). A data request of React Router
 * (`/contact.data`) has its page's limit; any other path, known or not, gets the small one.
 */
export function bodyLimitFor(pathname: string): number {
  let path = pathname.toLowerCase();
  if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  path = path.replace(/\/+$/, "");
  return LIMITS_BY_PATH[path] ?? LIMITS_BY_PATH[path.replace(/\/[^/]+$/, "/*")] ?? SMALL_FORM_BODY_LIMIT;
}

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

/** One offer photo, sent alone (OFFER_PHOTO_LIMITS.maxBytes). */
export const OFFER_PHOTO_BODY_LIMIT = 25 * MiB;

/** The offer form as JSON (texts and the photos' references, never the photos themselves). */
export const OFFER_SAVE_BODY_LIMIT = 2 * MiB;

const LIMITS_BY_PATH: Readonly<Record<string, number>> = {
  "/api/submissions": SUBMISSION_BODY_LIMIT,
  "/list-your-property": SUBMISSION_BODY_LIMIT,
  "/admin/offers/photos": OFFER_PHOTO_BODY_LIMIT,
  "/admin/offers/save": OFFER_SAVE_BODY_LIMIT,
};

/**
 * The body limit of a request path (without the query). A data request of React Router
 * (`/contact.data`) has its page's limit; any other path, known or not, gets the small one.
 */
export function bodyLimitFor(pathname: string): number {
  let path = pathname.toLowerCase();
  if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  path = path.replace(/\/+$/, "");
  return LIMITS_BY_PATH[path] ?? SMALL_FORM_BODY_LIMIT;
}

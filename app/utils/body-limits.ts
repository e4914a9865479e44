/**
 * How many bytes a request body may have: the limits each route declares (app/route-facts.ts, read
 * by the server's request handler, which cuts every body at its limit before any action reads it)
 * and the actions that read their own body check. Small forms (contact, inquiry, sign-in, profile,
 * every back-office form) get 64 KiB; only the upload routes get their documented limits.
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
export const OFFER_SAVE_BODY_LIMIT = 2 * MiB;

/**
 * The site-content editor's «حفظ الكل»: every text of the site (about 14,000 characters at their
 * limits, six bytes each once an Arabic letter is form-encoded) and the images' references.
 */
export const CONTENT_FORM_BODY_LIMIT = 256 * KiB;

/** A rent payment (issue 33): one receipt photo of at most 10 MB (RENT_RECEIPT.maxBytes) and its few short fields. */
export const RENT_BODY_LIMIT = 10 * MiB + 64 * KiB;

/**
 * Invisible bidirectional controls in what people type. No zod here: the public forms' browser
 * code uses it too.
 *
 * - Embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069) reorder the text
 *   around them: "محمد‮0551234567" shows the number reversed, and an unclosed override runs on
 *   into whatever the page prints next. Nobody types them on purpose; phones paste them around
 *   numbers. They are removed from every field we parse.
 * - The marks LRM, RLM and ALM (U+200E, U+200F, U+061C) reorder nothing beyond a neutral
 *   character next to them, but they make two names that look the same differ (search, the
 *   inbox). A name never needs one, so names drop them too; longer texts keep them (a mixed
 *   Arabic/Latin sentence may rely on one).
 *
 * Displaying people's text in the back office still isolates it in <bdi>, so whatever slips
 * through cannot reorder the page around it.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
const BIDI_MARKS = /[\u200E\u200F\u061C]/g;

/** Removes embeddings, overrides and isolates; keeps everything else as typed. */
export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, "");
}

/** A person's name as stored: no bidi controls or marks, runs of spaces as one, trimmed. */
export function cleanPersonName(text: string): string {
  return text.replace(BIDI_CONTROLS, "").replace(BIDI_MARKS, "").replace(/\s+/g, " ").trim();
}

/**
 * How an identifier (a phone, a licence, CR or reference number, a national address code) keeps
 * its order inside Arabic text, whatever its digits. `dir="ltr"` or `<bdi dir="ltr">` is not
 * enough: Arabic-Indic digits are Arabic numbers (AN) to the bidi algorithm, and a space between two
 * of them resolves right to left, so "٠١١ ٢٣٤ ٥٦٧٨" shows as "٥٦٧٨ ٢٣٤ ٠١١" even in a left-to-right
 * isolate (checked in Chromium by the groups' x positions, tests/e2e/identifier-order.spec.ts).
 * An isolated override lays the characters out left to right in the order they are written and
 * leaves the text around it alone; the DOM text stays as it is (copying gives the plain number).
 * Only for values without Arabic letters: an override would spell a word backwards
 * (IdentifierText falls back to a left-to-right isolate with marks around the spaces then).
 */
export const LTR_IDENTIFIER_CLASS = "[unicode-bidi:isolate-override]";

/** Arabic letters (not digits): a value holding one is not laid out by an override. */
export const hasArabicLetters = (text: string) => /[\u0621-\u064A\u066E-\u06D3\u06FA-\u06FF]/.test(text);

/** The same as plain text, for the rare value with Arabic letters: a left-to-right mark each side of every space. */
export const markSpacesLtr = (text: string) => text.replace(/\s+/g, (space) => `\u200E${space}\u200E`);

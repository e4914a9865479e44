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

/*
 * Showing identifiers (phones, licence, CR and reference numbers) in their true order is the other
 * half of the bidi story: components/ui/identifier-text.tsx says why `dir="ltr"` is not enough and
 * what is used instead. It lives there, not here: this module is loaded with the public forms'
 * schemas, that one with the pages' first JavaScript (decision 004).
 */

import { formatIdentifier } from "~/utils/format.ts";

/**
 * How an identifier (a phone, a licence, CR or reference number, a national address code) keeps
 * its order inside Arabic text, whatever its digits. `dir="ltr"` or `<bdi dir="ltr">` is not
 * enough: Arabic-Indic digits are Arabic numbers (AN) to the bidi algorithm, and a space between two
 * of them resolves right to left, so "٠١١ ٢٣٤ ٥٦٧٨" shows as "٥٦٧٨ ٢٣٤ ٠١١" even in a left-to-right
 * isolate (checked in Chromium by the groups' x positions, tests/e2e/identifier-order.spec.ts).
 * An isolated override lays the characters out left to right in the order they are written and
 * leaves the text around it alone; the DOM text stays as it is (copying gives the plain number).
 * Only for values without Arabic letters: an override would spell a word backwards
 * (it falls back to a left-to-right isolate with marks around the spaces then).
 */
/** One unit on one line: a phone broken after «٠٥٥» was read from the wrong end across the two lines. */
const NO_WRAP_CLASS = "whitespace-nowrap";
const LTR_IDENTIFIER_CLASS = `[unicode-bidi:isolate-override] ${NO_WRAP_CLASS}`;

/** Arabic letters (not digits): a value holding one is not laid out by an override. */
const hasArabicLetters = (text: string) => /[\u0621-\u064A\u066E-\u06D3\u06FA-\u06FF]/.test(text);

/** The same as plain text, for the rare value with Arabic letters: a left-to-right mark each side of every space. */
const markSpacesLtr = (text: string) => text.replace(/\s+/g, (space) => `\u200E${space}\u200E`);

/**
 * The one way an identifier a person reads is shown, on the site and in the back office: a phone,
 * a licence, CR, deed, plot or reference number, a national address code. Its digits are written by
 * formatIdentifier (Arabic-Indic, decision 026) and its groups keep their order left to right
 * inside Arabic text (see above). Phones are given already
 * written for reading (utils/phone.ts, formatPhoneForReading), so no page loads the phone metadata
 * to show one. `latin` marks a value shown as issued (Latin letters), for the digit check.
 */
export function IdentifierText({ value, className }: { value: string | number; className?: string }) {
  const text = formatIdentifier(value);
  const latin = /[0-9]/.test(text) ? { "data-latin-digits": "" } : {};
  const classes = className ? `${LTR_IDENTIFIER_CLASS} ${className}` : LTR_IDENTIFIER_CLASS;
  if (hasArabicLetters(text)) {
    return (
      <bdi dir="ltr" className={className ? `${NO_WRAP_CLASS} ${className}` : NO_WRAP_CLASS} data-identifier="" {...latin}>
        {markSpacesLtr(text)}
      </bdi>
    );
  }
  return (
    <bdo dir="ltr" className={classes} data-identifier="" {...latin}>
      {text}
    </bdo>
  );
}

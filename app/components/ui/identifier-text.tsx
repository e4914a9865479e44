import { hasArabicLetters, LTR_IDENTIFIER_CLASS, markSpacesLtr } from "~/utils/bidi.ts";
import { formatIdentifier } from "~/utils/format.ts";

/**
 * The one way an identifier a person reads is shown, on the site and in the back office: a phone,
 * a licence, CR, deed, plot or reference number, a national address code. Its digits are written by
 * formatIdentifier (Arabic-Indic, decision 026) and its groups keep their order left to right
 * inside Arabic text (bidi.ts says why `dir="ltr"` alone does not). Phones are given already
 * written for reading (utils/phone.ts, formatPhoneForReading), so no page loads the phone metadata
 * to show one. `latin` marks a value shown as issued (Latin letters), for the digit check.
 */
export function IdentifierText({ value, className }: { value: string | number; className?: string }) {
  const text = formatIdentifier(value);
  const latin = /[0-9]/.test(text) ? { "data-latin-digits": "" } : {};
  const classes = className ? `${LTR_IDENTIFIER_CLASS} ${className}` : LTR_IDENTIFIER_CLASS;
  if (hasArabicLetters(text)) {
    return (
      <bdi dir="ltr" className={className} data-identifier="" {...latin}>
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

import { HONEYPOT_FIELD } from "../honeypot.ts";

/**
 * The honeypot of a public form: a text field positioned off-screen, out of the tab order and
 * hidden from assistive technology, so people never fill it. (The proof of work is added to the
 * posted data when the form is sent.)
 */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -start-[10000px] top-auto size-px overflow-hidden">
      <label>
        الفاكس
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

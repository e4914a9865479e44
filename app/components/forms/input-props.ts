import { inputClass } from "./field.tsx";

/**
 * What a kind of input needs beyond its field's props, spread after them:
 * `<input {...props} {...phoneInputProps} required maxLength={…} />`.
 */

/** A mobile number: the phone keyboard, written left to right, with the number's form as the example. */
export const phoneInputProps = {
  type: "tel",
  inputMode: "tel",
  autoComplete: "tel",
  dir: "ltr",
  placeholder: "05xxxxxxxx",
  className: `${inputClass} text-end`,
} as const;

/** An e-mail address, written left to right. */
export const emailInputProps = { type: "email", autoComplete: "email", dir: "ltr", className: `${inputClass} text-end` } as const;

/** A code sent by SMS: the digits keyboard, and the browser may offer the code from the message. */
export const codeInputProps = { inputMode: "numeric", autoComplete: "one-time-code", dir: "ltr" } as const;

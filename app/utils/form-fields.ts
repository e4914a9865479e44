import * as z from "zod/mini";
import { cleanPersonName, stripBidiControls } from "./bidi.ts";
import { FIELD_LIMITS } from "./field-limits.ts";
import { MESSAGES } from "./messages.ts";
import { parsePhone } from "./phone.ts";

// Written with zod/mini: the public forms load their schemas in the browser (decision 014), and a
// classic `z.object` of the back office takes these fields as they are.

const emailFormat = z.email();
const isEmail = (value: string) => value.length <= FIELD_LIMITS.email && emailFormat.safeParse(value).success;

/** Refused with `message` when `required` says so and the cleaned value is empty. */
const filledIn = (required: string | undefined) => z.refine<string>((value) => !required || value !== "", required);
const atMost = (max: number) => z.refine<string>((value) => value.length <= max, MESSAGES.tooLong);

interface PhoneRule {
  /** A WhatsApp number: a landline, toll-free or shared-cost number is refused too. */
  mobile?: boolean;
  /** The field's own message for a number that is not valid (MESSAGES.phoneInvalid by default). */
  invalid?: string;
  /** "wa.me": the digits without their "+", as WhatsApp's links and the settings store them. */
  form?: "e164" | "wa.me";
}

/** The typed text as stored: E.164 (utils/phone.ts), the wa.me digits, or null when it is not a valid number. */
function storedPhone(typed: string, { mobile = false, form = "e164" }: PhoneRule): string | null {
  const phone = parsePhone(typed, { mobile });
  return phone && form === "wa.me" ? phone.slice(1) : phone;
}

/**
 * A required phone, the one rule of every form where a phone is typed (decision 026): valid for
 * libphonenumber (Saudi by default, other countries with their code), stored in E.164.
 */
export const phoneField = (rule: PhoneRule = {}) => {
  const invalid = rule.invalid ?? MESSAGES.phoneInvalid;
  return z.pipe(
    z
      .pipe(
        z.string(MESSAGES.phoneRequired).check(z.trim(), z.minLength(1, MESSAGES.phoneRequired), z.maxLength(FIELD_LIMITS.phone, invalid)),
        z.transform((typed: string) => storedPhone(typed, rule)),
      )
      .check(z.refine((phone) => phone !== null, invalid)),
    z.transform((phone: string | null) => phone ?? ""),
  );
};

/** The same rule for a phone that may be left empty (the firm's numbers in the settings): "" when empty. */
export const optionalPhoneField = (rule: PhoneRule = {}) => {
  const invalid = rule.invalid ?? MESSAGES.phoneInvalid;
  return z.pipe(
    z
      .pipe(
        z.optional(z.string().check(z.trim(), z.maxLength(FIELD_LIMITS.phone, invalid))),
        z.transform((typed: string | undefined) => (typed ? storedPhone(typed, rule) : "")),
      )
      .check(z.refine((phone) => phone !== null, invalid)),
    z.transform((phone: string | null) => phone ?? ""),
  );
};

/**
 * A person's name (visitors' inquiries and submissions, staff): bidi controls and marks removed,
 * spaces collapsed (see bidi.ts). With `required`, a name that is empty once cleaned is refused
 * with that message; without, it is "".
 */
export const personNameField = ({ required, max = FIELD_LIMITS.personName }: { required?: string; max?: number } = {}) =>
  z.pipe(z.string(required), z.transform(cleanPersonName)).check(filledIn(required), atMost(max));

/** Free text people type (a message, a description): bidi controls removed, trimmed. */
export const typedTextField = ({ required, max }: { required?: string; max: number }) =>
  z
    .pipe(
      z.string(required),
      z.transform((value: string) => stripBidiControls(value).trim()),
    )
    .check(filledIn(required), atMost(max));

/** An optional e-mail: empty becomes "", anything given must be an address. */
export const optionalEmailField = () =>
  z
    .pipe(
      z.optional(z.string(MESSAGES.emailInvalid).check(z.trim(), z.maxLength(FIELD_LIMITS.email, MESSAGES.tooLong))),
      z.transform((value: string | undefined) => value ?? ""),
    )
    .check(z.refine((value) => value === "" || isEmail(value), MESSAGES.emailInvalid));

/** A required e-mail address (profile, password reset). */
export const requiredEmailField = () =>
  z.string(MESSAGES.emailRequired).check(
    z.trim(),
    z.minLength(1, MESSAGES.emailRequired),
    z.refine((value) => value === "" || isEmail(value), MESSAGES.emailInvalid),
  );

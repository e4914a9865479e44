import * as z from "zod/mini";
import { cleanPersonName, stripBidiControls } from "./bidi.ts";
import { FIELD_LIMITS } from "./field-limits.ts";
import { isPlausiblePhone, normalizePhone } from "./format.ts";
import { MESSAGES } from "./messages.ts";

// Written with zod/mini: the public forms load their schemas in the browser (decision 014), and a
// classic `z.object` of the back office takes these fields as they are.

const emailFormat = z.email();
const isEmail = (value: string) => value.length <= FIELD_LIMITS.email && emailFormat.safeParse(value).success;

/** Refused with `message` when `required` says so and the cleaned value is empty. */
const filledIn = (required: string | undefined) => z.refine<string>((value) => !required || value !== "", required);
const atMost = (max: number) => z.refine<string>((value) => value.length <= max, MESSAGES.tooLong);

/** A required phone (normalised to +966…, see format.ts), shared by the public forms. */
export const phoneField = () =>
  z
    .pipe(
      z.string(MESSAGES.phoneRequired).check(z.trim(), z.minLength(1, MESSAGES.phoneRequired), z.maxLength(FIELD_LIMITS.phone, MESSAGES.phoneInvalid)),
      z.transform(normalizePhone),
    )
    .check(z.refine(isPlausiblePhone, MESSAGES.phoneInvalid));

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

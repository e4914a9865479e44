import { z } from "zod";
import { cleanPersonName, stripBidiControls } from "./bidi.ts";
import { isPlausiblePhone, normalizePhone } from "./format.ts";
import { MESSAGES } from "./messages.ts";

/** A required phone (SPEC.md §5 normalisation to +966…), shared by the public forms. */
export const phoneField = () =>
  z
    .string({ message: MESSAGES.phoneRequired })
    .trim()
    .min(1, MESSAGES.phoneRequired)
    .max(30, MESSAGES.phoneInvalid)
    .transform(normalizePhone)
    .refine(isPlausiblePhone, MESSAGES.phoneInvalid);

/**
 * A person's name (visitors' inquiries and submissions, staff): bidi controls and marks removed,
 * spaces collapsed (see bidi.ts). With `required`, a name that is empty once cleaned is refused
 * with that message; without, it is "".
 */
export const personNameField = ({ required, max = 100 }: { required?: string; max?: number } = {}) =>
  z
    .string(required ? { message: required } : undefined)
    .transform(cleanPersonName)
    .refine((v) => !required || v !== "", required)
    .refine((v) => v.length <= max, MESSAGES.tooLong);

/** Free text people type (a message, a description): bidi controls removed, trimmed. */
export const typedTextField = ({ required, max }: { required?: string; max: number }) =>
  z
    .string(required ? { message: required } : undefined)
    .transform((v) => stripBidiControls(v).trim())
    .refine((v) => !required || v !== "", required)
    .refine((v) => v.length <= max, MESSAGES.tooLong);

/** An optional e-mail: empty becomes "", anything given must be an address. */
export const optionalEmailField = () =>
  z
    .string()
    .trim()
    .max(200, MESSAGES.tooLong)
    .optional()
    .transform((v) => v ?? "")
    .refine((v) => v === "" || z.email().safeParse(v).success, MESSAGES.emailInvalid);

/** A required e-mail address (profile, password reset). */
export function checkRequiredEmail(value: string): { ok: true; email: string } | { ok: false; message: string } {
  const email = value.trim();
  if (!email) return { ok: false, message: MESSAGES.emailRequired };
  if (email.length > 200 || !z.email().safeParse(email).success) return { ok: false, message: MESSAGES.emailInvalid };
  return { ok: true, email };
}

import { z } from "zod";
import { toAsciiDigits } from "~/utils/numbers.ts";
import { SIGN_IN_MESSAGES as M } from "./messages.ts";

/** The longest values given back to the sign-in forms: a phone as typed, a username or e-mail. */
export const LOGIN_ECHO_LIMITS = { phone: 40, identifier: 200 } as const;

/** The digits of a typed code: Arabic-Indic digits from an Arabic keyboard count, spaces do not. */
export const readCodeDigits = (typed: string) => toAsciiDigits(typed).replace(/\s/g, "").slice(0, 20);

/** A one-time code as typed (sign-in, re-authentication): its digits, refused with `required` when there are none. */
export const codeField = (required: string) =>
  z
    .string(required)
    .transform(readCodeDigits)
    .refine((digits) => digits !== "", required);

/**
 * Step 1 of the sign-in by SMS: the phone as typed. Whether it is a staff phone is the server's
 * answer (after the bot check), under the field.
 */
export const phoneStepSchema = z.object({
  phone: z.string(M.phoneRequired).trim().min(1, M.phoneRequired).max(LOGIN_ECHO_LIMITS.phone, M.notAllowed),
});

/** Step 2: the code texted to the phone. */
export const codeStepSchema = z.object({ code: codeField(M.codeRequired) });

/** The other way in, besides the SMS code: username or e-mail, and the password (never given back). */
export const passwordSignInSchema = z.object({
  // Longer than any account's name or e-mail: cut, and then not found like any unknown account.
  identifier: z
    .string(M.identifierRequired)
    .trim()
    .min(1, M.identifierRequired)
    .transform((identifier) => identifier.slice(0, LOGIN_ECHO_LIMITS.identifier)),
  password: z.string(M.passwordRequired).min(1, M.passwordRequired),
});

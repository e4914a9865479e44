import { z } from "zod";
import { isCommonPassword } from "./common-passwords.ts";
import { MESSAGES } from "./messages.ts";

/** At least 6 characters (the firm's rule); the upper bound keeps the hashing work bounded. */
export const PASSWORD_RULES = { minLength: 6, maxLength: 256 } as const;

const characters = (value: string) => [...value].length;
const filledIn = (value: string) => value.trim() !== "";

/**
 * A new password and its confirmation (profile, reset link; each rule with the firm's exact
 * message): both required; at least 6 characters, an Arabic letter counting as one; at most 256;
 * not one of the most used passwords. A confirmation that differs is refused under it (see
 * `confirmationMatches`). Back office and sign-in pages only: the list of common passwords is
 * not for the public pages' budget.
 */
export const newPasswordFields = () => ({
  password: z
    .string(MESSAGES.passwordRequired)
    .refine(filledIn, { message: MESSAGES.passwordRequired, abort: true })
    .refine((value) => characters(value) >= PASSWORD_RULES.minLength, { message: MESSAGES.passwordTooShort, abort: true })
    .refine((value) => characters(value) <= PASSWORD_RULES.maxLength, { message: MESSAGES.tooLong, abort: true })
    .refine((value) => !isCommonPassword(value), MESSAGES.passwordTooCommon),
  confirmation: z.string(MESSAGES.passwordRequired).refine(filledIn, MESSAGES.passwordRequired),
});

/** The schema's last check (`.superRefine(confirmationMatches)`): the confirmation is the password typed again. */
export function confirmationMatches(value: { password: string; confirmation: string }, context: z.RefinementCtx) {
  if (filledIn(value.password) && filledIn(value.confirmation) && value.password !== value.confirmation) {
    context.addIssue({ code: "custom", path: ["confirmation"], message: MESSAGES.passwordMismatch });
  }
}

import { z } from "zod";
import { codeField } from "./login-schema.ts";
import { REAUTH_MESSAGES as R } from "./messages.ts";

/**
 * What confirms a sensitive change (issue 11): the current password, or for someone without one
 * the SMS code asked for on the page. Spread into the form's schema; the server checks it again
 * (reauth.server.ts), also when the page did not ask.
 */
export const identityFields = (hasPassword: boolean) => ({
  currentPassword: hasPassword ? z.string(R.currentPasswordRequired).min(1, R.currentPasswordRequired) : z.string().optional(),
  code: hasPassword ? z.string().optional() : codeField(R.codeRequired),
});

/** The same fields where only some changes need them (a role change to manager): the server says when one is missing. */
export const optionalIdentityFields = () => ({ currentPassword: z.string().optional(), code: z.string().optional() });

/** Never given back in a reply. */
export const IDENTITY_FIELDS = ["currentPassword", "code"] as const;

/** The "send me a code" button's form: nothing to type. */
export const codeRequestSchema = z.object({});

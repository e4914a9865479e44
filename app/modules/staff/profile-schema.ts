import { z } from "zod";
import { identityFields } from "~/modules/auth/index.ts";
import { requiredEmailField } from "~/utils/form-fields.ts";
import { confirmationMatches, newPasswordFields } from "~/utils/password-fields.ts";

/**
 * The profile's forms (e-mail; new password): each confirmed by the current password, or by an SMS code
 * for someone without one (`hasPassword`, from the loader; the server knows it too).
 */
export const profileEmailSchema = (hasPassword: boolean) => z.object({ email: requiredEmailField(), ...identityFields(hasPassword) });

/** A new password, twice, and what confirms the change. */
export const profilePasswordSchema = (hasPassword: boolean) => z.object({ ...newPasswordFields(), ...identityFields(hasPassword) }).superRefine(confirmationMatches);

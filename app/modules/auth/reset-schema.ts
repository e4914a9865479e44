import { z } from "zod";
import { requiredEmailField } from "~/utils/form-fields.ts";
import { confirmationMatches, newPasswordFields } from "~/utils/password-fields.ts";

/** Asking for a reset link: the e-mail on file. */
export const resetRequestSchema = z.object({ email: requiredEmailField() });

/** The reset link's page: the new password, twice. */
export const resetPasswordSchema = z.object(newPasswordFields()).superRefine(confirmationMatches);

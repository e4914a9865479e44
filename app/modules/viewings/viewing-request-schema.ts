import * as z from "zod/mini";
import { optionalEmailField, personNameField, phoneField } from "~/utils/form-fields.ts";
import { FIELD_LIMITS } from "~/utils/field-limits.ts";
import { VIEWING_MESSAGES } from "./viewing-labels.ts";

/** The longest typed values of a visitor's request (the inquiry form's). */
export const VIEWING_REQUEST_LIMITS = { name: FIELD_LIMITS.personName, phone: FIELD_LIMITS.phone, email: FIELD_LIMITS.email } as const;

/**
 * A visitor's request for a viewing (offer page), loaded in the browser only when the form opens
 * (zod/mini, decision 014): name and phone required, e-mail optional, and the time chosen from the
 * firm's open slots (an instant; the server checks it is still one of them).
 */
export const viewingRequestSchema = z.object({
  name: personNameField({ required: "يرجى إدخال الاسم", max: VIEWING_REQUEST_LIMITS.name }),
  phone: phoneField(),
  email: optionalEmailField(),
  slot: z.pipe(
    z.string(VIEWING_MESSAGES.slotRequired).check(z.refine((value) => !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}T/.test(value), VIEWING_MESSAGES.slotRequired)),
    z.transform((value: string) => new Date(value)),
  ),
});

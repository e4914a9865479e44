import * as z from "zod/mini";
import { stripBidiControls } from "~/utils/bidi.ts";
import { optionalEmailField, personNameField, phoneField, typedTextField } from "~/utils/form-fields.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { INQUIRY_LIMITS } from "./inquiry-limits.ts";

/**
 * The inquiry form (offer page, contact page): phone required, the rest optional; an empty name
 * is stored as 'غير محدد'. The property fields come from the page, not from the person: a wrong
 * one is dropped, never refused.
 */
export const inquirySchema = z.object({
  name: z.pipe(
    z.optional(personNameField({ max: INQUIRY_LIMITS.name })),
    z.transform((name: string | undefined) => name || MESSAGES.unnamed),
  ),
  phone: phoneField(),
  email: optionalEmailField(),
  message: z.pipe(
    z.optional(typedTextField({ max: INQUIRY_LIMITS.message })),
    z.transform((message: string | undefined) => message ?? ""),
  ),
  propertyId: z.catch(z.optional(z.coerce.number().check(z.refine(Number.isSafeInteger), z.positive())), undefined),
  propertyTitle: z.pipe(
    z.catch(z.optional(z.string().check(z.trim(), z.maxLength(INQUIRY_LIMITS.propertyTitle))), undefined),
    z.transform((title: string | undefined) => stripBidiControls(title ?? "").trim()),
  ),
});

export type InquiryData = z.output<typeof inquirySchema>;

import { z } from "zod";
import { stripBidiControls } from "~/utils/bidi.ts";
import { optionalEmailField, personNameField, phoneField, typedTextField } from "~/utils/form-fields.ts";
import { MESSAGES } from "~/utils/messages.ts";

/** The longest value of each typed field: the schema checks it, an echo is cut to it (phone and e-mail as in form-fields.ts). */
export const INQUIRY_TEXT_LIMITS = { name: 100, phone: 30, email: 200, message: 3000 } as const;

/** The inquiry form (offer page, contact page): phone required, the rest optional (SPEC.md §5). */
export const inquirySchema = z.object({
  name: personNameField({ max: INQUIRY_TEXT_LIMITS.name })
    .optional()
    .transform((v) => v || MESSAGES.unnamed),
  phone: phoneField(),
  email: optionalEmailField(),
  message: typedTextField({ max: INQUIRY_TEXT_LIMITS.message })
    .optional()
    .transform((v) => v ?? ""),
  propertyId: z.coerce.number().int().positive().optional().catch(undefined),
  propertyTitle: z
    .string()
    .trim()
    .max(200)
    .optional()
    .catch(undefined)
    .transform((v) => stripBidiControls(v ?? "").trim()),
});

export type InquiryInput = z.input<typeof inquirySchema>;
export type InquiryData = z.output<typeof inquirySchema>;
/** Per-field messages; `form` is a message about the whole post (rate limit, bot check). */
export type InquiryFieldErrors = Partial<Record<keyof InquiryData | "form", string>>;

/** Parses form data; on failure returns the first message per field. */
export function parseInquiry(
  form: FormData | Record<string, unknown>,
): { ok: true; data: InquiryData } | { ok: false; errors: InquiryFieldErrors } {
  const source = form instanceof FormData ? Object.fromEntries(form) : form;
  const values = Object.fromEntries(Object.entries(source).map(([k, v]) => [k, typeof v === "string" ? v : undefined]));
  const result = inquirySchema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: InquiryFieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof InquiryData;
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

import { z } from "zod";
import { RENT_PAYMENT_METHODS } from "~/db/column-types.ts";
import { readTypedNumber } from "~/utils/numbers.ts";
import { RENT_MESSAGES } from "./rent-messages.ts";

export { RENT_PAYMENT_METHODS };

/** The receipt photo's field and formats (the image pipeline checks the bytes again). */
export const RENT_RECEIPT = { field: "receipt", accept: "image/jpeg,image/png,image/webp", types: ["image/jpeg", "image/png", "image/webp"], maxBytes: 10 * 1024 * 1024 } as const;

/** The most one payment may be: ten million riyals (in halalas). */
const MAX_PAYMENT_SAR = 10_000_000;

/** A file input with nothing chosen still sends an empty, nameless file: that is no receipt. */
const noFile = (value: unknown) => ((value instanceof File && value.size === 0 && !value.name) || value === "" ? undefined : value);

const isIsoDay = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);

/**
 * «تسجيل دفعة»: the amount in riyals typed any way (Arabic-Indic digits, thousands separators, «٫»)
 * becoming exact halalas, the method, the day it was paid, optional notes and receipt photo, and
 * the form's one-time key.
 */
export const paymentSchema = z.object({
  amount: z
    .string(RENT_MESSAGES.amountRequired)
    .trim()
    .min(1, RENT_MESSAGES.amountRequired)
    .transform((typed, context) => {
      const value = readTypedNumber(typed, { max: MAX_PAYMENT_SAR });
      const halalas = value === null ? 0 : Math.round(value * 100);
      if (value === null || halalas <= 0 || Math.abs(value * 100 - halalas) > 1e-6) {
        context.addIssue({ code: "custom", message: RENT_MESSAGES.amountInvalid });
        return z.NEVER;
      }
      return halalas;
    }),
  method: z.enum(RENT_PAYMENT_METHODS, RENT_MESSAGES.methodRequired),
  paidOn: z.string(RENT_MESSAGES.dateRequired).trim().min(1, RENT_MESSAGES.dateRequired).refine(isIsoDay, RENT_MESSAGES.dateInvalid),
  notes: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ?? "").slice(0, 1000)),
  requestKey: z.string(RENT_MESSAGES.keyUsed).regex(/^[0-9a-f-]{36}$/, RENT_MESSAGES.keyUsed),
  [RENT_RECEIPT.field]: z.preprocess(
    noFile,
    z
      .instanceof(File, { message: RENT_MESSAGES.receiptInvalid })
      .refine((file) => file.size <= RENT_RECEIPT.maxBytes, RENT_MESSAGES.receiptTooLarge)
      .refine((file) => (RENT_RECEIPT.types as readonly string[]).includes(file.type), RENT_MESSAGES.receiptInvalid)
      .optional(),
  ),
});

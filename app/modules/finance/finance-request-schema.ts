import { z } from "zod";
import { readTypedNumber } from "~/utils/numbers.ts";
import { FINANCE_LIMITS, FINANCE_MESSAGES } from "./finance-messages.ts";
import { TRANSACTION_TYPES } from "~/modules/tasks/index.ts";

/** The request form's `intent` (the finance page's other posts are the manager's decisions). */
export const FINANCE_REQUEST_INTENT = "request";

/** The receipt photo's field, and the formats the browser may send (the server checks the bytes again). */
export const RECEIPT = { field: "receipt", accept: "image/jpeg,image/png,image/webp", types: ["image/jpeg", "image/png", "image/webp"] } as const;

/**
 * An amount as the accountant types it: digits (Arabic-Indic too), thousands separators, one
 * decimal point ("." or "٫"); more than zero, at most two decimals (halalas), at most ten billion.
 * No sign, no exponent ("1e3"), no words.
 */
const amountField = () =>
  z
    .string(FINANCE_MESSAGES.amountRequired)
    .trim()
    .min(1, FINANCE_MESSAGES.amountRequired)
    .transform((text, context) => {
      const value = readTypedNumber(text, { max: FINANCE_LIMITS.amount });
      if (value === null || value <= 0 || Number(value.toFixed(2)) !== value) {
        context.addIssue({ code: "custom", message: FINANCE_MESSAGES.amountInvalid });
        return z.NEVER;
      }
      return value;
    });

/** A file input with nothing chosen still sends an empty, nameless file: that is no receipt. */
const noFile = (value: unknown) => ((value instanceof File && value.size === 0 && !value.name) || value === "" ? undefined : value);

/** The optional receipt photo: at most 10 MB, JPEG, PNG or WebP. */
const receiptField = () =>
  z.preprocess(
    noFile,
    z
      .instanceof(File, { message: FINANCE_MESSAGES.receiptInvalid })
      .refine((file) => file.size <= FINANCE_LIMITS.receiptBytes, FINANCE_MESSAGES.receiptTooLarge)
      .refine((file) => (RECEIPT.types as readonly string[]).includes(file.type), FINANCE_MESSAGES.receiptInvalid)
      .optional(),
  );

/**
 * The accountant's finance request (SPEC §5: description and amount required): the type of the
 * transaction, optional notes, an optional receipt photo and, when the firm has several active
 * managers, the one who approves (otherwise the first).
 */
export const financeRequestSchema = z.object({
  description: z
    .string(FINANCE_MESSAGES.descriptionRequired)
    .trim()
    .min(1, FINANCE_MESSAGES.descriptionRequired)
    .transform((value) => value.slice(0, FINANCE_LIMITS.description)),
  amount: amountField(),
  type: z.enum(TRANSACTION_TYPES, FINANCE_MESSAGES.typeRequired),
  notes: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ?? "").slice(0, FINANCE_LIMITS.notes)),
  managerId: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string()
      .regex(/^\d{1,9}$/, FINANCE_MESSAGES.managerInvalid)
      .transform(Number)
      .optional(),
  ),
  [RECEIPT.field]: receiptField(),
});

import { z } from "zod";
import { typedTextField } from "~/utils/form-fields.ts";
import { readRecordReference } from "~/utils/record-reference.ts";
import { VIEWING_LENGTHS, VIEWING_MESSAGES, VIEWING_OUTCOMES } from "./viewing-labels.ts";
import { riyadhInstant } from "./viewing-time.ts";

/** A record chosen in the form (a select or a hidden field): digits only. */
const idField = (message: string) =>
  z
    .string(message)
    .regex(/^\d{1,9}$/, message)
    .transform(Number);

/**
 * A record chosen with a picker: its number as the picker posts it, or typed without JavaScript
 * ("12", "#12", "١٢"); nothing is `required`, a name typed and not picked is `unknown` (under the field).
 */
const pickedField = (required: string, unknown: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .refine((value) => value === "" || readRecordReference(value) != null, unknown)
    .transform((value) => readRecordReference(value)!);

/** The Riyadh date and time typed, with the length: the instant and minutes, or an error under the field. */
const whenFields = {
  day: z.string(VIEWING_MESSAGES.dayRequired).regex(/^\d{4}-\d{2}-\d{2}$/, VIEWING_MESSAGES.dayRequired),
  time: z.string(VIEWING_MESSAGES.timeRequired).regex(/^([01]\d|2[0-3]):[0-5]\d$/, VIEWING_MESSAGES.timeRequired),
  minutes: z
    .string(VIEWING_MESSAGES.lengthInvalid)
    .refine((value) => (VIEWING_LENGTHS as readonly number[]).includes(Number(value)), VIEWING_MESSAGES.lengthInvalid)
    .transform(Number),
};

const withInstant = <T extends { day: string; time: string }>(value: T, context: z.RefinementCtx) => {
  if (!riyadhInstant(value.day, value.time)) context.addIssue({ code: "custom", path: ["day"], message: VIEWING_MESSAGES.dayRequired });
};

/** The scheduling form (back office): offer, client, staff member, Riyadh date and time, length. */
export const bookingSchema = z
  .object({
    offerId: pickedField(VIEWING_MESSAGES.offerRequired, VIEWING_MESSAGES.offerUnknown),
    clientId: pickedField(VIEWING_MESSAGES.clientRequired, VIEWING_MESSAGES.clientUnknown),
    staffId: idField(VIEWING_MESSAGES.staffRequired),
    ...whenFields,
  })
  .superRefine(withInstant);

/** Confirming a visitor's request, at its time or another proposed: the staff member and the time. */
export const confirmSchema = z
  .object({
    id: idField(VIEWING_MESSAGES.notFound),
    staffId: idField(VIEWING_MESSAGES.staffRequired),
    ...whenFields,
  })
  .superRefine(withInstant);

export const OUTCOME_REASON_MAX = 300;

/** The outcome, from the diary entry: a reason is required for «غير مهتم» (checked again by the module). */
export const outcomeSchema = z
  .object({
    id: idField(VIEWING_MESSAGES.notFound),
    outcome: z.enum(VIEWING_OUTCOMES as [string, ...string[]], VIEWING_MESSAGES.outcomeRequired).transform((value) => value as (typeof VIEWING_OUTCOMES)[number]),
    reason: z
      .string()
      .optional()
      .transform((value) => value ?? "")
      .pipe(typedTextField({ max: OUTCOME_REASON_MAX })),
  })
  .superRefine((value, context) => {
    if (value.outcome === "not-interested" && !value.reason) context.addIssue({ code: "custom", path: ["reason"], message: VIEWING_MESSAGES.reasonRequired });
  });

/** Cancelling: the viewing's id. */
export const cancelSchema = z.object({ id: idField(VIEWING_MESSAGES.notFound) });

/** The manager's opening hours: the days ticked, opening and closing hours, the slot's length. */
export const hoursSchema = z
  .object({
    // One ticked box posts a string, several an array, none nothing.
    days: z.preprocess(
      (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? (value as unknown[]) : [value]),
      z
        .array(
          z
            .string()
            .regex(/^[0-6]$/, VIEWING_MESSAGES.daysRequired)
            .transform(Number),
        )
        .min(1, VIEWING_MESSAGES.daysRequired)
        .transform((days) => [...new Set(days)].sort()),
    ),
    opensAt: z
      .string()
      .regex(/^(?:1?\d|2[0-3])$/, VIEWING_MESSAGES.hoursInvalid)
      .transform(Number),
    closesAt: z
      .string()
      .regex(/^(?:1?\d|2[0-4])$/, VIEWING_MESSAGES.hoursInvalid)
      .transform(Number),
    slotMinutes: whenFields.minutes,
  })
  .superRefine((value, context) => {
    if (value.closesAt * 60 - value.opensAt * 60 < value.slotMinutes) context.addIssue({ code: "custom", path: ["closesAt"], message: VIEWING_MESSAGES.hoursInvalid });
  });

import { z } from "zod";
import { typedTextField } from "~/utils/form-fields.ts";
import { readRecordReference } from "~/utils/record-reference.ts";
import { TASK_STATUSES } from "./status.ts";
import { TASK_LIMITS, TASK_MESSAGES } from "./task-messages.ts";
import { RIYADH_OFFSET_MS } from "~/utils/riyadh-day.ts";

/** Riyadh keeps UTC+3 all year (no daylight saving). */

/** Today's date in Riyadh, yyyy-mm-dd: the firm's calendar, whatever the server's or the browser's clock zone. */
export function riyadhToday(now = Date.now()): string {
  return new Date(now + RIYADH_OFFSET_MS).toISOString().slice(0, 10);
}

/** A real calendar day written yyyy-mm-dd (no 2026-02-30), within reason. */
function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 2000 && year <= 2200 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A task named by a form (a hidden field): digits only, no 1e3, no -1. */
const taskIdField = () =>
  z
    .string(TASK_MESSAGES.notFound)
    .regex(/^\d{1,9}$/, TASK_MESSAGES.notFound)
    .transform(Number);

/**
 * The manager's new task (SPEC §5: title, description and assignee required): the assignee is a
 * choice of the form (digits only; the server checks the person may take tasks); the related
 * offer is optional, its number as the picker posts it or as typed without JavaScript ("12",
 * "#12", "١٢"); the due date optional, a real day, not before today (Riyadh).
 */
export const taskCreateSchema = z.object({
  title: typedTextField({ required: TASK_MESSAGES.titleRequired, max: TASK_LIMITS.title }),
  description: typedTextField({ required: TASK_MESSAGES.descriptionRequired, max: TASK_LIMITS.description }),
  assignedTo: z
    .string(TASK_MESSAGES.assigneeRequired)
    .regex(/^\d{1,9}$/, TASK_MESSAGES.assigneeRequired)
    .transform(Number),
  relatedPropertyId: z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim())
    .refine((value) => value === "" || readRecordReference(value) != null, TASK_MESSAGES.offerNotFound)
    .transform((value) => (value === "" ? null : readRecordReference(value))),
  dueDate: z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim())
    .refine((value) => value === "" || isCalendarDay(value), TASK_MESSAGES.dueDateInvalid)
    .refine((value) => value === "" || !isCalendarDay(value) || value >= riyadhToday(), TASK_MESSAGES.dueDatePast)
    .transform((value) => value || null),
});

/** A status change from a card's menu: the task (hidden) and one of the eight statuses; which ones are allowed now the server decides. */
export const taskStatusSchema = z.object({
  id: taskIdField(),
  status: z.enum(TASK_STATUSES, TASK_MESSAGES.statusInvalid),
});

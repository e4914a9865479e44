import { z } from "zod";
import { TASK_LIMITS, TASK_MESSAGES } from "~/modules/tasks/task-messages.ts";

/** The request a decision names (a hidden field): digits only. */
const taskIdField = () =>
  z
    .string(TASK_MESSAGES.notFound)
    .regex(/^\d{1,9}$/, TASK_MESSAGES.notFound)
    .transform(Number);

/**
 * The manager's decision on a request Awaiting Approval, from the approval dialog (task board and
 * finance page): the button pressed is the `intent`; one text field, `notes`, is the approval's
 * optional notes or the rejection's required reason (SPEC §5: 'يرجى كتابة سبب الرفض.').
 */
export const decisionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("approve"),
    id: taskIdField(),
    notes: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ?? "").slice(0, TASK_LIMITS.notes)),
  }),
  z.object({
    intent: z.literal("reject"),
    id: taskIdField(),
    notes: z
      .string(TASK_MESSAGES.rejectReasonRequired)
      .trim()
      .min(1, TASK_MESSAGES.rejectReasonRequired)
      .transform((value) => value.slice(0, TASK_LIMITS.notes)),
  }),
]);

import { z } from "zod";
import { toAsciiDigits } from "~/utils/numbers.ts";
import { CLIENT_ASSIGNMENT_MODES, type ClientAssignmentMode } from "~/db/column-types.ts";

/** The manager's pipeline rules form (settings, «العملاء»): shared by the form and the action. */
export const CLIENT_ASSIGNMENT_LABELS = {
  manager: "إلى المدير",
  turn: "بالتناوب بين الموظفين",
  city: "حسب المدينة",
} as const satisfies Record<ClientAssignmentMode, string>;

/** 0 = Sunday … 6 = Saturday. */
export const WEEKDAY_LABELS = ["الأحد", "الاثنين", "الثلاثاء", "الأربعاء", "الخميس", "الجمعة", "السبت"] as const;

export const CLIENT_RULES_MESSAGES = {
  saved: "تم حفظ قواعد العملاء.",
  limit: "يرجى كتابة عدد ساعات بين ١ و٢٠٠.",
  days: "يرجى اختيار يوم عمل واحد على الأقل.",
  hours: "يرجى اختيار ساعة انتهاء بعد ساعة البدء.",
} as const;

const hour = z.coerce.number().int().min(0).max(24);

export const clientRulesSchema = z
  .object({
    assignmentMode: z.enum(CLIENT_ASSIGNMENT_MODES),
    // Typed in either digit style (decision 026).
    firstAnswerLimitHours: z.preprocess(
      (value) => (typeof value === "string" ? toAsciiDigits(value).trim() : value),
      z.coerce.number({ error: CLIENT_RULES_MESSAGES.limit }).int(CLIENT_RULES_MESSAGES.limit).min(1, CLIENT_RULES_MESSAGES.limit).max(200, CLIENT_RULES_MESSAGES.limit),
    ),
    // One day checked posts one value, none posts nothing: always a list.
    workDays: z.preprocess(
      (value): unknown[] => (value === undefined ? [] : Array.isArray(value) ? (value as unknown[]) : [value]),
      z.array(z.coerce.number().int().min(0).max(6), { error: CLIENT_RULES_MESSAGES.days }).min(1, CLIENT_RULES_MESSAGES.days),
    ),
    workStartHour: hour,
    workEndHour: hour,
    // A city left on «المدير» sends no staffId: dropped.
    cityOwners: z
      .array(
        z.object({ city: z.string().trim().min(1).max(100), staffId: z.preprocess((value) => (value === "" ? undefined : value), z.coerce.number().int().positive().optional()) }),
      )
      .default([]),
  })
  .refine((rules) => rules.workEndHour > rules.workStartHour, { path: ["workEndHour"], message: CLIENT_RULES_MESSAGES.hours });

export type ClientRulesInput = z.output<typeof clientRulesSchema>;

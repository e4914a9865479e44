import { z } from "zod";
import { ARREARS_CHANNELS, type ArrearsChannel } from "~/db/column-types.ts";
import { formatDigitsArabic } from "~/utils/format.ts";
import { toAsciiDigits } from "~/utils/numbers.ts";

/** The settings page's «إدارة الأملاك» section (property_management_rules): shared by the form and the action. */
export const PM_RULES_MESSAGES = {
  saved: "تم حفظ إعدادات إدارة الأملاك",
  renewal: formatDigitsArabic("يرجى كتابة عدد أيام بين 1 و365"),
  steps: formatDigitsArabic("يرجى كتابة أعداد أيام بين 1 و365، تصاعدية وبلا تكرار، 6 على الأكثر، تفصل بينها فواصل، مثل 3، 10، 30"),
  statementDay: formatDigitsArabic("يرجى اختيار يوم بين 1 و28"),
  channel: "يرجى اختيار قناة التذكير",
  managerOnly: "إعدادات إدارة الأملاك للمدير العام فقط",
} as const;

export const ARREARS_CHANNEL_LABELS: Record<ArrearsChannel, string> = { sms: "رسالة نصية", whatsapp: "واتساب" };

const wholeDays = (message: string, max: number) =>
  z.preprocess((value) => (typeof value === "string" ? toAsciiDigits(value).trim() : value), z.coerce.number({ error: message }).int(message).min(1, message).max(max, message));

/**
 * The reminder steps typed any way: «3، 10، 30», «٣ ,١٠ ,٣٠», «3 10 30». Each a whole number of
 * days 1..365, strictly ascending, at most six.
 */
export function readReminderSteps(typed: string): number[] | null {
  const parts = toAsciiDigits(typed)
    .split(/[\s,،؛;]+/)
    .filter(Boolean);
  if (!parts.length || parts.length > 6 || !parts.every((part) => /^\d{1,3}$/.test(part))) return null;
  const steps = parts.map(Number);
  return steps.every((step, i) => step >= 1 && step <= 365 && (i === 0 || step > steps[i - 1]!)) ? steps : null;
}

export const pmRulesSchema = z.object({
  renewalNoticeDays: wholeDays(PM_RULES_MESSAGES.renewal, 365),
  arrearsReminderDays: z.string(PM_RULES_MESSAGES.steps).transform((typed, context) => {
    const steps = readReminderSteps(typed);
    if (!steps) {
      context.addIssue({ code: "custom", message: PM_RULES_MESSAGES.steps });
      return z.NEVER;
    }
    return steps;
  }),
  arrearsChannel: z.enum(ARREARS_CHANNELS, PM_RULES_MESSAGES.channel),
  statementDay: wholeDays(PM_RULES_MESSAGES.statementDay, 28),
});

import { z } from "zod";
import { MESSAGES } from "~/utils/messages.ts";

const NOT_FOUND = "لم يُعثر على هذا الإرسال.";

/**
 * The «التقارير المرسلة» page's buttons: «إرسال الآن» (yesterday's report), or «إعادة الإرسال» of
 * one channel of a kept report. Back office, managers only.
 */
export const dailyReportsPostSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("send-now") }),
    z.object({
      intent: z.literal("resend"),
      deliveryId: z.coerce.number({ message: NOT_FOUND }).int(NOT_FOUND).positive(NOT_FOUND).max(2_147_483_647, NOT_FOUND),
    }),
  ],
  { message: MESSAGES.badRequest },
);

/** The channels a daily report goes by, and what became of it on each (shared by browser and server). */
import type { DailyChannel, DailyReportTrigger, DeliveryStatus } from "~/db/column-types.ts";

export type { DailyChannel, DailyReportTrigger, DeliveryStatus } from "~/db/column-types.ts";

export const DAILY_CHANNEL_LABELS: Record<DailyChannel, string> = { email: "البريد الإلكتروني", whatsapp: "واتساب" };

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = { queued: "قيد الإرسال", sent: "أُرسل", failed: "فشل الإرسال" };

export const DAILY_TRIGGER_LABELS: Record<DailyReportTrigger, string> = { schedule: "تلقائي", manual: "يدوي" };

/** A kept report as «التقارير المرسلة» lists it, with each channel's outcome. */
export interface SentReport {
  id: number;
  day: string;
  trigger: DailyReportTrigger;
  requestedByName: string;
  createdAt: string;
  subject: string;
  text: string;
  deliveries: Array<{
    id: number;
    channel: DailyChannel;
    recipient: string;
    status: DeliveryStatus;
    attempts: number;
    lastError: string | null;
    sentAt: string | null;
    updatedAt: string;
  }>;
}

/** The channels a daily report goes by, and what became of it on each (shared by browser and server). */
export type DailyChannel = "email" | "whatsapp";

export const DAILY_CHANNEL_LABELS: Record<DailyChannel, string> = { email: "البريد الإلكتروني", whatsapp: "واتساب" };

/** queued: waiting for its (next) attempt; sent; failed: the last attempt failed too. */
export type DeliveryStatus = "queued" | "sent" | "failed";

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = { queued: "قيد الإرسال", sent: "أُرسل", failed: "فشل الإرسال" };

/** How a report came to be: the scheduler at the set hour (or at start after downtime), or the manager's «إرسال الآن». */
export type DailyReportTrigger = "schedule" | "manual";

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

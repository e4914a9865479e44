export type { MailPurpose } from "~/db/column-types.ts";

/** What a person can read of it: on its way, sent, or not sent (then «إعادة الإرسال»). */
export type DeliveryState = "pending" | "sent" | "failed";

export interface EmailDelivery {
  id: number;
  state: DeliveryState;
  /** When it was sent, ISO. */
  sentAt: string | null;
}

export const DELIVERY_STATE_LABELS: Record<DeliveryState, string> = {
  pending: "جارٍ الإرسال…",
  sent: "أُرسل",
  failed: "تعذّر الإرسال",
};

export const MAIL_QUEUE_MESSAGES = {
  resend: "إعادة الإرسال",
  resent: "أُعيد إرسال البريد",
  notResendable: "لا يمكن إعادة إرسال هذا البريد الآن",
  notFound: "هذا البريد غير موجود",
} as const;

import { isOneOf } from "~/utils/one-of.ts";
import { MESSAGES } from "~/utils/messages.ts";

/** Inquiry statuses (pending, then replied, then completed) and the moves between them, shared by the inbox and the server. */
export const INQUIRY_STATUSES = ["pending", "replied", "completed"] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const INQUIRY_STATUS_LABELS: Record<InquiryStatus, string> = {
  pending: "قيد الانتظار",
  replied: "تم الرد",
  completed: "مكتمل",
};

export const isInquiryStatus = (value: unknown): value is InquiryStatus => isOneOf(INQUIRY_STATUSES, value);

export function inquiryStatusLabel(status: InquiryStatus): string {
  return INQUIRY_STATUS_LABELS[status] ?? status;
}

/**
 * An inquiry stays open until it is completed: while open, staff may reply (WhatsApp or e-mail,
 * which makes it replied) and complete it (once); completed, both buttons go. Replying and
 * completing have the same condition, so they share this one rule.
 */
export function isInquiryOpen(status: InquiryStatus): boolean {
  return status === "pending" || status === "replied";
}

/** Late: still pending more than 24 hours after it arrived (the firm's threshold for tasks and inquiries). */
export const INQUIRY_LATE_AFTER_MS = 24 * 60 * 60_000;
export function isInquiryLate(inquiry: { status: string; createdAt: Date | string }, now = Date.now()): boolean {
  return inquiry.status === "pending" && now - new Date(inquiry.createdAt).getTime() > INQUIRY_LATE_AFTER_MS;
}

export const REPLY_METHODS = { email: "البريد الإلكتروني", whatsapp: "واتساب" } as const;
export type ReplyMethod = keyof typeof REPLY_METHODS;

export const INQUIRY_MESSAGES = {
  replyRequired: "يرجى كتابة نص الرد",
  noEmail: "لا يوجد بريد إلكتروني لهذا العميل، استخدم واتساب",
  mailFailed: "تعذر إرسال البريد الإلكتروني، حاول مرة أخرى",
  replySending: "يجري الآن إرسال رد بالبريد على هذا الاستفسار، انتظر قليلًا ثم حدّث الصفحة",
  repliedEmail: "تم إرسال الرد بالبريد الإلكتروني",
  repliedWhatsapp: "تم تسجيل الرد عبر واتساب",
  completed: "تم إكمال الاستفسار",
  notAllowed: "لا يمكن تنفيذ هذا الإجراء على استفسار مكتمل",
  notFound: "هذا الاستفسار غير موجود",
  helpTitleRequired: "يرجى كتابة عنوان الطلب",
  helpDetailsRequired: "يرجى كتابة تفاصيل الطلب",
  helpSent: "تم إرسال طلب المساعدة إلى المحاسب",
  noAccountant: "لا يوجد محاسب نشط لإسناد الطلب إليه",
  invalidRequest: MESSAGES.badRequest,
} as const;

/** A map link (by coordinates) for the reply text when the offer has a point. */
function mapLink(coordinates: { lat: number; lng: number } | null): string {
  return coordinates ? `https://www.google.com/maps?q=${coordinates.lat},${coordinates.lng}` : "";
}

/** The reply as the visitor receives it, by e-mail or WhatsApp: the text, then the offer's map link if it has one. */
export function replyText(message: string, coordinates: { lat: number; lng: number } | null): string {
  const link = mapLink(coordinates);
  return link ? `${message.trim()}\n\nموقع العقار: ${link}` : message.trim();
}

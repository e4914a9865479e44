import { isOneOf } from "~/utils/one-of.ts";
import { formatCountArabic, formatDigitsArabic } from "~/utils/format.ts";
import { MESSAGES } from "~/utils/messages.ts";

import { INQUIRY_STATUSES, type InquiryStatus, type ReplyMethod } from "~/db/column-types.ts";

export { INQUIRY_STATUSES, type InquiryStatus, type ReplyMethod };

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

/** How the office names an inquirer who gave no name (stored as SPEC's «غير محدد»): a visitor, never the heading «غير محدد». */
export const VISITOR_NAME = "زائر";
export function inquirerName(name: string): string {
  const trimmed = name.trim();
  return !trimmed || trimmed === MESSAGES.unnamed ? VISITOR_NAME : trimmed;
}

/** «استفسار واحد», «استفساران», «٣ استفسارات», «١١ استفسارًا», «١٠٠ استفسار»; none: `zero`. */
export const inquiriesText = (count: number, zero = "لا توجد استفسارات") =>
  formatCountArabic(count, { zero, one: "استفسار واحد", two: "استفساران", few: "استفسارات", many: "استفسارًا", other: "استفسار" });

/** Why an inquiry is marked «متأخر». */
export const INQUIRY_LATE_HINT = formatDigitsArabic("لم يُرد عليه منذ أكثر من 24 ساعة");

export const REPLY_METHODS = { email: "البريد الإلكتروني", whatsapp: "واتساب" } as const satisfies Record<ReplyMethod, string>;

export const INQUIRY_MESSAGES = {
  replyRequired: "يرجى كتابة نص الرد",
  noEmail: "لا يوجد بريد إلكتروني لهذا العميل، استخدم واتساب",
  repliedEmail: "تم تسجيل الرد، وجارٍ إرساله بالبريد الإلكتروني",
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

import type { Tx } from "~/db/client.server.ts";
import { COMPANY_NAME } from "~/utils/company.ts";
import { queueEmail } from "~/modules/messaging/index.server.ts";
import { getSettings } from "~/modules/settings/index.server.ts";
import { formatPriceArabic } from "~/utils/format.ts";
import { log } from "~/utils/log.server.ts";

export interface InquiryNotice {
  id: number;
  name: string;
  phone: string;
  email: string;
  message: string;
  propertyTitle: string;
}

export interface SubmissionNotice {
  id: number;
  clientName: string;
  clientPhone: string;
  clientEmail: string;
  propertyType: string;
  city: string;
  neighbourhood: string;
  area: number;
  description: string;
  /** What the owner wants, in words (the submissions module names it). */
  goalLabel: string;
  expectedPrice: number | null;
  photoCount: number;
}

const line = (label: string, value: string | number) => (value === "" ? null : `${label}: ${value}`);

/**
 * Queues an e-mail to the manager e-mail of the settings, inside the transaction that stores what
 * it reports (decision 032): it is sent once that commits, and tried again while the mail server
 * refuses. No address in the settings: skipped with a log line.
 */
async function queueManagerMail(
  tx: Tx,
  mail: { purpose: "inquiry-notice" | "submission-notice"; subject: string; lines: Array<string | null>; link: { label: string; path: string } },
) {
  const { managerEmail } = await getSettings(tx);
  if (!managerEmail) {
    log.warn("manager notification skipped: no manager e-mail in settings", { subject: mail.subject });
    return;
  }
  await queueEmail(tx, { purpose: mail.purpose, to: managerEmail, subject: mail.subject, body: mail.lines.filter((l) => l !== null).join("\n"), link: mail.link });
}

export function queueInquiryNotice(tx: Tx, inquiry: InquiryNotice) {
  return queueManagerMail(tx, {
    purpose: "inquiry-notice",
    subject: inquiry.propertyTitle ? `استفسار جديد عن: ${inquiry.propertyTitle}` : `استفسار جديد من ${inquiry.name}`,
    lines: [
      `وصل استفسار جديد إلى موقع ${COMPANY_NAME}.`,
      "",
      line("الاسم", inquiry.name),
      line("الهاتف", inquiry.phone),
      line("البريد الإلكتروني", inquiry.email),
      line("العقار", inquiry.propertyTitle),
      inquiry.message ? `الرسالة:\n${inquiry.message}` : null,
    ],
    link: { label: "للمتابعة", path: "/admin/inquiries" },
  });
}

export function queueSubmissionNotice(tx: Tx, submission: SubmissionNotice) {
  return queueManagerMail(tx, {
    purpose: "submission-notice",
    subject: `طلب جديد من مالك عقار: ${submission.propertyType} في ${submission.city}`,
    lines: [
      `أرسل مالك عقار طلبًا جديدًا عبر موقع ${COMPANY_NAME}.`,
      "",
      line("الاسم", submission.clientName),
      line("الهاتف", submission.clientPhone),
      line("البريد الإلكتروني", submission.clientEmail),
      line("المطلوب", submission.goalLabel),
      line("السعر المتوقع", submission.expectedPrice === null ? "" : formatPriceArabic(submission.expectedPrice)),
      line("نوع العقار", submission.propertyType),
      line("المدينة", submission.city),
      line("الحي", submission.neighbourhood),
      line("المساحة (م²)", submission.area),
      line("عدد الصور", submission.photoCount),
      `الوصف:\n${submission.description}`,
    ],
    link: { label: "للمراجعة", path: "/admin/submissions" },
  });
}

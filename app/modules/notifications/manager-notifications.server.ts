import type { AppServices } from "~/context.ts";
import { COMPANY_NAME } from "~/modules/content/defaults.ts";
import { getSettings } from "~/modules/settings/settings.server.ts";
import { submissionGoalLabel, type SubmissionGoal } from "~/modules/submissions/limits.ts";
import { formatPriceArabic } from "~/utils/format.ts";
import { log } from "~/utils/log.server.ts";

type Services = Pick<AppServices, "db" | "env" | "mailer">;

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
  goal: SubmissionGoal | null;
  expectedPrice: number | null;
  photoCount: number;
}

const line = (label: string, value: string | number) => (value === "" ? null : `${label}: ${value}`);

async function mailManager(services: Services, subject: string, lines: Array<string | null>) {
  const { managerEmail } = await getSettings(services.db);
  if (!managerEmail) {
    log.warn("manager notification skipped: no manager e-mail in settings", { subject });
    return;
  }
  await services.mailer.send({ to: managerEmail, subject, body: lines.filter((l) => l !== null).join("\n") });
}

export function inquiryMail(services: Services, inquiry: InquiryNotice) {
  return mailManager(services, inquiry.propertyTitle ? `استفسار جديد عن: ${inquiry.propertyTitle}` : `استفسار جديد من ${inquiry.name}`, [
    `وصل استفسار جديد إلى موقع ${COMPANY_NAME}.`,
    "",
    line("الاسم", inquiry.name),
    line("الهاتف", inquiry.phone),
    line("البريد الإلكتروني", inquiry.email),
    line("العقار", inquiry.propertyTitle),
    inquiry.message ? `الرسالة:\n${inquiry.message}` : null,
    "",
    `للمتابعة: ${services.env.PUBLIC_URL}/admin/inquiries`,
  ]);
}

export function submissionMail(services: Services, submission: SubmissionNotice) {
  return mailManager(services, `طلب جديد من مالك عقار: ${submission.propertyType} في ${submission.city}`, [
    `أرسل مالك عقار طلبًا جديدًا عبر موقع ${COMPANY_NAME}.`,
    "",
    line("الاسم", submission.clientName),
    line("الهاتف", submission.clientPhone),
    line("البريد الإلكتروني", submission.clientEmail),
    line("المطلوب", submissionGoalLabel(submission.goal)),
    line("السعر المتوقع", submission.expectedPrice === null ? "" : formatPriceArabic(submission.expectedPrice)),
    line("نوع العقار", submission.propertyType),
    line("المدينة", submission.city),
    line("الحي", submission.neighbourhood),
    line("المساحة (م²)", submission.area),
    line("عدد الصور", submission.photoCount),
    `الوصف:\n${submission.description}`,
    "",
    `للمراجعة: ${services.env.PUBLIC_URL}/admin/submissions`,
  ]);
}

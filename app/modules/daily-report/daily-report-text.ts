import { workingHoursText } from "~/modules/clients/index.ts";
import { formatCountArabic, formatMoneyArabic, formatNumberArabic } from "~/utils/format.ts";

import type { DailyReport } from "~/db/column-types.ts";

export type { DailyReport, DailyReportLinks } from "~/db/column-types.ts";

export const DAILY_REPORT_TITLE = "التقرير اليومي";

const gregorianDay = new Intl.DateTimeFormat("ar-SA", { calendar: "gregory", weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const hijriDay = new Intl.DateTimeFormat("ar-SA-u-ca-islamic-umalqura", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** "الأحد، ٢٢ نوفمبر ٢٠٢٦ (١ جمادى الآخرة ١٤٤٨ هـ)" for "2026-11-22": Gregorian with the Hijri date beside it. */
export function dailyReportDayLabel(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  return `${gregorianDay.format(date)} (${hijriDay.format(date)})`;
}

/** The e-mail's subject line. */
export function dailyReportSubject(report: Pick<DailyReport, "day">): string {
  return `${DAILY_REPORT_TITLE}: ${dailyReportDayLabel(report.day)}`;
}

export interface DailyReportSection {
  title: string;
  rows: Array<{ label: string; value: string; alert?: boolean }>;
  note?: string;
  link: { label: string; href: string };
}

const count = (n: number) => formatNumberArabic(n);

/** The report's sections in order, as the e-mail, the WhatsApp text and the page show them. */
export function dailyReportSections(report: DailyReport): DailyReportSection[] {
  const { inquiries, submissions, offers, tasks, finance, links } = report;
  return [
    {
      title: "استفسارات العملاء",
      rows: [
        { label: "استفسارات جديدة", value: count(inquiries.received) },
        { label: "ما زالت قيد الانتظار", value: count(inquiries.pending) },
        { label: "متأخرة (أكثر من ٢٤ ساعة)", value: count(inquiries.late), alert: inquiries.late > 0 },
      ],
      link: { label: "فتح الاستفسارات", href: inquiries.pending > 0 ? links.pendingInquiries : links.inquiries },
    },
    {
      title: "طلبات الملاك",
      rows: [{ label: "طلبات جديدة", value: count(submissions.received) }],
      link: { label: "فتح طلبات الملاك", href: links.submissions },
    },
    {
      title: "العروض",
      rows: [
        { label: "عروض جديدة منشورة", value: count(offers.published) },
        { label: "بيعت", value: count(offers.sold) },
        { label: "أُجّرت", value: count(offers.rented) },
      ],
      ...(offers.soldRentedSource === "updated-offers"
        ? { note: "المباعة والمؤجرة تقديرية: العروض التي حالتها الآن «مباع» أو «مؤجر» وعُدّلت في ذلك اليوم (لم يُسجَّل تغيير الحالة بعد)." }
        : {}),
      link: { label: "فتح العروض", href: links.offers },
    },
    {
      title: "المهام",
      rows: [{ label: "مهام متأخرة (مفتوحة منذ أكثر من ٢٤ ساعة)", value: count(tasks.late), alert: tasks.late > 0 }],
      link: { label: "فتح المهام المتأخرة", href: links.lateTasks },
    },
    {
      title: "المالية",
      rows: [
        { label: "طلبات بانتظار الاعتماد", value: count(finance.awaitingApproval), alert: finance.awaitingApproval > 0 },
        { label: "الدخل", value: formatMoneyArabic(finance.income) },
        { label: "المصروفات", value: formatMoneyArabic(finance.expenses) },
        { label: "الصافي", value: formatMoneyArabic(finance.income - finance.expenses) },
      ],
      link: { label: finance.awaitingApproval > 0 ? "فتح طلبات الاعتماد" : "فتح المالية", href: finance.awaitingApproval > 0 ? links.approvals : links.finance },
    },
    ...(report.firstAnswers?.length
      ? [
          {
            title: "الرد الأول على العملاء الجدد",
            rows: report.firstAnswers.map((person) => ({
              label: person.ownerName,
              value: `${formatCountArabic(person.clients, CLIENTS)}، الوسيط ${workingHoursText(person.medianHours)} عمل، ضمن المهلة ${person.withinShare === null ? "—" : `${formatNumberArabic(Math.round(person.withinShare * 100))}٪`}`,
              alert: person.withinShare !== null && person.withinShare < 1,
            })),
            note: "زمن الرد الأول بساعات العمل، والمهلة كما في الإعدادات.",
            link: { label: "فتح التقارير", href: links.reports },
          },
        ]
      : []),
  ];
}

const CLIENTS = { zero: "لا يوجد عملاء", one: "عميل واحد", two: "عميلان", few: "عملاء", many: "عميلًا", other: "عميل" };

/**
 * The report as plain text: the e-mail's text part, the WhatsApp message and the reports page's
 * «إرسال عبر واتساب» link all carry exactly this.
 */
export function dailyReportText(report: DailyReport): string {
  const lines = [`*${DAILY_REPORT_TITLE}*`, dailyReportDayLabel(report.day)];
  for (const section of dailyReportSections(report)) {
    lines.push("", `*${section.title}*`);
    for (const row of section.rows) lines.push(`• ${row.label}: ${row.value}`);
    if (section.note) lines.push(section.note);
    lines.push(`${section.link.label}: ${section.link.href}`);
  }
  lines.push("", `التقارير: ${report.links.reports}`);
  return lines.join("\n");
}

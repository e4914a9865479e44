import { EMAIL_FONT, emailButton, emailCard, emailDocument, escapeHtml, safeHref, EMAIL_BRAND as BRAND } from "~/modules/messaging/email-html.server.ts";
import { COMPANY_NAME } from "~/utils/company.ts";
import { DAILY_REPORT_TITLE, dailyReportDayLabel, dailyReportSections, dailyReportSubject, type DailyReport } from "./daily-report-text.ts";

const FONT = EMAIL_FONT;

/**
 * The report as an Arabic right-to-left HTML e-mail: tables and inline styles only (mail clients
 * drop <style> and most CSS), `dir="rtl"` on every block, each section with its figures and a
 * button into the back office. The plain-text part is `dailyReportText`.
 */
export function dailyReportHtml(report: DailyReport): string {
  const sections = dailyReportSections(report)
    .map((section) => {
      const rows = section.rows
        .map(
          (row) => `<tr>
<td dir="rtl" style="${FONT}padding:8px 0;border-bottom:1px solid #e7e5e4;color:#44403c;font-size:15px;text-align:right;">${escapeHtml(row.label)}</td>
<td dir="rtl" style="${FONT}padding:8px 0;border-bottom:1px solid #e7e5e4;font-size:16px;font-weight:bold;text-align:left;white-space:nowrap;color:${row.alert ? "#b91c1c" : "#1c1917"};">${escapeHtml(row.value)}</td>
</tr>`,
        )
        .join("\n");
      const note = section.note ? `<p dir="rtl" style="${FONT}margin:8px 0 0;color:#78716c;font-size:13px;line-height:1.7;text-align:right;">${escapeHtml(section.note)}</p>` : "";
      return emailCard(
        section.title,
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;">
${rows}
</table>
${note}
${emailButton(section.link.href, section.link.label)}`,
      );
    })
    .join("\n");

  return emailDocument({
    title: dailyReportSubject(report),
    header: `<p dir="rtl" style="${FONT}margin:0;color:#57534e;font-size:14px;">${escapeHtml(COMPANY_NAME)}</p>
<h1 dir="rtl" style="${FONT}margin:4px 0 0;color:#1c1917;font-size:22px;">${escapeHtml(DAILY_REPORT_TITLE)}</h1>
<p dir="rtl" style="${FONT}margin:4px 0 0;color:#44403c;font-size:15px;">${escapeHtml(dailyReportDayLabel(report.day))}</p>`,
    cards: sections,
    footer: `<tr><td dir="rtl" style="${FONT}padding:8px 0 0;color:#78716c;font-size:13px;line-height:1.7;text-align:right;">
وصلتك هذه الرسالة لأن التقرير اليومي بالبريد مفعّل في الإعدادات. <a href="${safeHref(report.links.reports)}" style="color:${BRAND};">التقارير</a>
</td></tr>`,
  });
}

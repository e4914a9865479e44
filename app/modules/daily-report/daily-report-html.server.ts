import { COMPANY_NAME } from "~/utils/company.ts";
import { DAILY_REPORT_TITLE, dailyReportDayLabel, dailyReportSections, dailyReportSubject, type DailyReport } from "./daily-report-text.ts";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text and attribute values: every character HTML gives a meaning to is escaped. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Only http(s) links become links; anything else is dropped. */
const safeHref = (href: string) => (/^https?:\/\//i.test(href) ? escapeHtml(href) : "#");

const FONT = "font-family:Tahoma,'Segoe UI',Arial,sans-serif;";
const BRAND = "#0f5132";

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
      return `<tr><td style="padding:0 0 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;background:#ffffff;border:1px solid #e7e5e4;border-radius:12px;">
<tr><td dir="rtl" style="padding:16px 20px;">
<h2 dir="rtl" style="${FONT}margin:0 0 8px;font-size:17px;color:${BRAND};text-align:right;">${escapeHtml(section.title)}</h2>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;">
${rows}
</table>
${note}
<p dir="rtl" style="${FONT}margin:14px 0 0;text-align:right;"><a href="${safeHref(section.link.href)}" style="${FONT}display:inline-block;background:${BRAND};color:#ffffff;text-decoration:none;font-weight:bold;font-size:14px;padding:8px 16px;border-radius:8px;">${escapeHtml(section.link.label)}</a></p>
</td></tr>
</table>
</td></tr>`;
    })
    .join("\n");

  return `<!doctype html>
<html lang="ar" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(dailyReportSubject(report))}</title>
</head>
<body dir="rtl" style="margin:0;padding:0;background:#f5f5f4;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;background:#f5f5f4;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;max-width:600px;">
<tr><td dir="rtl" style="padding:0 0 16px;text-align:right;">
<p dir="rtl" style="${FONT}margin:0;color:#57534e;font-size:14px;">${escapeHtml(COMPANY_NAME)}</p>
<h1 dir="rtl" style="${FONT}margin:4px 0 0;color:#1c1917;font-size:22px;">${escapeHtml(DAILY_REPORT_TITLE)}</h1>
<p dir="rtl" style="${FONT}margin:4px 0 0;color:#44403c;font-size:15px;">${escapeHtml(dailyReportDayLabel(report.day))}</p>
</td></tr>
${sections}
<tr><td dir="rtl" style="${FONT}padding:8px 0 0;color:#78716c;font-size:13px;line-height:1.7;text-align:right;">
وصلتك هذه الرسالة لأن التقرير اليومي بالبريد مفعّل في الإعدادات. <a href="${safeHref(report.links.reports)}" style="color:${BRAND};">التقارير</a>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

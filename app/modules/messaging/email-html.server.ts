/**
 * The firm's HTML e-mails (search alerts, the daily report): tables and inline styles only (mail
 * clients drop <style> and most CSS), `dir="rtl"` on every block, one white card per section on a
 * stone background, 600 px wide at most. The plain-text part is each mail's own.
 */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text and attribute values: every character HTML gives a meaning to is escaped. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Only http(s) links become links; anything else is dropped. */
export const safeHref = (href: string) => (/^https?:\/\//i.test(href) ? escapeHtml(href) : "#");

export const EMAIL_FONT = "font-family:Tahoma,'Segoe UI',Arial,sans-serif;";
/** The site's brand-700. */
export const EMAIL_BRAND = "#0f5652";

/** A filled button link (a section's way on: «كل نتائج هذا البحث», a back-office page). */
export function emailButton(href: string, label: string): string {
  return `<p dir="rtl" style="${EMAIL_FONT}margin:14px 0 0;text-align:right;"><a href="${safeHref(href)}" style="${EMAIL_FONT}display:inline-block;background:${EMAIL_BRAND};color:#ffffff;text-decoration:none;font-weight:bold;font-size:14px;padding:8px 16px;border-radius:8px;">${escapeHtml(label)}</a></p>`;
}

/** One section's white card, its title (escaped) first; `body` is HTML. */
export function emailCard(title: string, body: string): string {
  return `<tr><td style="padding:0 0 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;background:#ffffff;border:1px solid #e7e5e4;border-radius:12px;">
<tr><td dir="rtl" style="padding:16px 20px;">
<h2 dir="rtl" style="${EMAIL_FONT}margin:0 0 8px;font-size:17px;color:${EMAIL_BRAND};text-align:right;">${escapeHtml(title)}</h2>
${body}
</td></tr>
</table>
</td></tr>`;
}

/**
 * The whole document: `title` (escaped) in <title>, then the header cell's HTML, the cards, and the
 * footer row (a whole `<tr>`).
 */
export function emailDocument({ title, header, cards, footer }: { title: string; header: string; cards: string; footer: string }): string {
  return `<!doctype html>
<html lang="ar" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body dir="rtl" style="margin:0;padding:0;background:#f5f5f4;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;background:#f5f5f4;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;max-width:600px;">
<tr><td dir="rtl" style="padding:0 0 16px;text-align:right;">
${header}
</td></tr>
${cards}
${footer}
</table>
</td></tr>
</table>
</body>
</html>
`;
}

import { EMAIL_BRAND, EMAIL_FONT, emailButton, emailCard, emailDocument, escapeHtml, safeHref } from "~/modules/messaging/email-html.server.ts";
import { COMPANY_NAME } from "~/utils/company.ts";
import { formatCountArabic, formatNumberArabic } from "~/utils/format.ts";

/** The e-mails of the search alerts: plain text always; the alert e-mail has an HTML part too. */
interface Mail {
  subject: string;
  body: string;
  html?: string;
}

const hours = formatNumberArabic(48);

/** Double opt-in: the link that turns the alert on (its page has the button that does it). */
export function alertConfirmationMail({ description, confirmUrl, searchUrl }: { description: string; confirmUrl: string; searchUrl: string }): Mail {
  return {
    subject: `أكّد تنبيه العروض الجديدة — ${COMPANY_NAME}`,
    body: [
      "مرحبًا،",
      "",
      `طلبتَ أن نرسل إليك العروض الجديدة التي تطابق هذا البحث في موقع ${COMPANY_NAME}:`,
      description,
      "",
      `لتأكيد التنبيه افتح الرابط التالي خلال ${hours} ساعة واضغط «تأكيد التنبيه»:`,
      confirmUrl,
      "",
      "لن نرسل إليك أي عروض قبل تأكيده، وستصلك بعده رسالة واحدة في اليوم على الأكثر، وفي كل رسالة رابط لإلغاء التنبيه.",
      "إذا لم تطلب ذلك فتجاهل هذه الرسالة، ولن يصلك شيء.",
      "",
      "نتائج هذا البحث الآن:",
      searchUrl,
      "",
      COMPANY_NAME,
    ].join("\n"),
  };
}

/** Asked again for an alert that is already on: its links, nothing to confirm. */
export function alertActiveMail({ description, searchUrl, unsubscribeUrl }: { description: string; searchUrl: string; unsubscribeUrl: string }): Mail {
  return {
    subject: `تنبيه العروض الجديدة مفعّل من قبل — ${COMPANY_NAME}`,
    body: [
      "مرحبًا،",
      "",
      "طُلب للتو تنبيه بالعروض الجديدة لهذا البحث على بريدك، وهو مفعّل من قبل:",
      description,
      "",
      "ستصلك العروض الجديدة المطابقة كما كانت، في رسالة واحدة في اليوم على الأكثر. لا تحتاج إلى فعل شيء.",
      "",
      "نتائج هذا البحث الآن:",
      searchUrl,
      "",
      "لإلغاء هذا التنبيه:",
      unsubscribeUrl,
      "",
      COMPANY_NAME,
    ].join("\n"),
  };
}

/** An offer listed in an alert e-mail. */
interface DigestOffer {
  title: string;
  url: string;
  /** «شقة للبيع — الملقا، الرياض» */
  summary: string;
  /** «٨٥٠٬٠٠٠ ر.س.», a rent offer's with its period. */
  price: string;
}

/** One alert's part of the day's e-mail. */
export interface DigestSection {
  description: string;
  searchUrl: string;
  unsubscribeUrl: string;
  offers: DigestOffer[];
  /** New matches beyond those listed (the saved search shows them all). */
  more: number;
}

/** Each alert lists at most this many of its new offers; the link to its search shows the rest. */
export const DIGEST_OFFERS_LISTED = 10;

const FONT = EMAIL_FONT;
const BRAND = EMAIL_BRAND;

/** «وعرض آخر»، «وعرضان آخران»، «و٣ عروض أخرى»، «و١١ عرضًا آخر». */
const moreText = (n: number) => `و${formatCountArabic(n, { zero: "", one: "عرض آخر", two: "عرضان آخران", few: "عروض أخرى", many: "عرضًا آخر", other: "عرض آخر" })}`;

/** «عرض جديد يطابق بحثك»، «عرضان جديدان يطابقان بحثك»، «٣ عروض جديدة تطابق بحثك»، «١١ عرضًا جديدًا يطابق بحثك». */
const newOffersText = (n: number) =>
  `${formatCountArabic(n, { zero: "لا عروض جديدة تطابق", one: "عرض جديد يطابق", two: "عرضان جديدان يطابقان", few: "عروض جديدة تطابق", many: "عرضًا جديدًا يطابق", other: "عرض جديد يطابق" })} بحثك`;

/**
 * The day's e-mail to one address: the new offers of each of its alerts (one e-mail a day at most,
 * whatever the number of alerts), each alert with the link to its search and its own cancel link;
 * at the end the link that cancels them all (also in the List-Unsubscribe header). `total`: the
 * different offers in it (one matching two alerts is listed under both, counted once).
 */
export function alertDigestMail({ sections, total, unsubscribeAllUrl }: { sections: DigestSection[]; total: number; unsubscribeAllUrl: string }): Required<Mail> {
  const subject = `${newOffersText(total)} — ${COMPANY_NAME}`;
  const several = sections.length > 1;

  const text = [
    "مرحبًا،",
    "",
    several ? "هذه العروض الجديدة التي تطابق تنبيهات البحث التي فعّلتها:" : "هذه العروض الجديدة التي تطابق تنبيه البحث الذي فعّلته:",
    ...sections.flatMap((section) => [
      "",
      `■ البحث: ${section.description}`,
      ...section.offers.flatMap((offer) => [`• ${offer.title}`, `  ${offer.summary} — ${offer.price}`, `  ${offer.url}`]),
      ...(section.more ? [moreText(section.more)] : []),
      `كل نتائج هذا البحث: ${section.searchUrl}`,
      `إلغاء هذا التنبيه: ${section.unsubscribeUrl}`,
    ]),
    "",
    "تصلك هذه الرسالة مرة واحدة في اليوم على الأكثر لأنك طلبت التنبيه من موقعنا وأكّدته.",
    `${several ? "إلغاء كل التنبيهات" : "إلغاء التنبيه"}: ${unsubscribeAllUrl}`,
    "",
    COMPANY_NAME,
  ].join("\n");

  const p = (content: string, style = "") => `<p dir="rtl" style="${FONT}margin:0 0 8px;text-align:right;color:#44403c;font-size:15px;line-height:1.7;${style}">${content}</p>`;
  const link = (href: string, label: string, style = "") => `<a href="${safeHref(href)}" style="${FONT}color:${BRAND};font-weight:bold;${style}">${escapeHtml(label)}</a>`;
  const htmlSections = sections
    .map((section) => {
      const offers = section.offers
        .map(
          (offer) => `<tr><td dir="rtl" style="${FONT}padding:10px 0;border-bottom:1px solid #e7e5e4;text-align:right;">
${link(offer.url, offer.title, "font-size:16px;text-decoration:none;")}
<div dir="rtl" style="${FONT}color:#57534e;font-size:14px;line-height:1.7;">${escapeHtml(offer.summary)}</div>
<div dir="rtl" style="${FONT}color:#1c1917;font-size:15px;font-weight:bold;">${escapeHtml(offer.price)}</div>
</td></tr>`,
        )
        .join("\n");
      return emailCard(
        `البحث: ${section.description}`,
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;">
${offers}
</table>
${section.more ? p(escapeHtml(moreText(section.more)), "margin-top:8px;") : ""}
${emailButton(section.searchUrl, "كل نتائج هذا البحث")}
<p dir="rtl" style="${FONT}margin:12px 0 0;text-align:right;font-size:13px;">${link(section.unsubscribeUrl, "إلغاء هذا التنبيه", "font-weight:normal;color:#57534e;")}</p>`,
      );
    })
    .join("\n");

  const html = emailDocument({
    title: subject,
    header: `<h1 dir="rtl" style="${FONT}margin:0 0 8px;font-size:22px;color:${BRAND};text-align:right;">عروض جديدة تطابق بحثك</h1>
${p(several ? "هذه العروض الجديدة التي تطابق تنبيهات البحث التي فعّلتها:" : "هذه العروض الجديدة التي تطابق تنبيه البحث الذي فعّلته:")}`,
    cards: htmlSections,
    footer: `<tr><td dir="rtl" style="padding:8px 0 0;text-align:right;">
${p("تصلك هذه الرسالة مرة واحدة في اليوم على الأكثر لأنك طلبت التنبيه من موقعنا وأكّدته.", "font-size:13px;color:#78716c;")}
${p(link(unsubscribeAllUrl, several ? "إلغاء كل التنبيهات" : "إلغاء التنبيه", "font-weight:normal;color:#57534e;"), "font-size:13px;")}
${p(escapeHtml(COMPANY_NAME), "font-size:13px;color:#78716c;")}
</td></tr>`,
  });
  return { subject, body: text, html };
}

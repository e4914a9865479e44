import { describe, expect, it } from "vitest";
import { createMailer } from "~/modules/messaging/mail.server.ts";
import { useSmtpServer } from "../../../tests/factories/smtp-server.ts";
import { alertDigestMail } from "./alert-mail.server.ts";
import { listUnsubscribeHeaders } from "./alerts.server.ts";

const received: string[] = [];
const smtpUrl = useSmtpServer((text) => {
  received.push(text);
  return "accept";
});

describe("an alert e-mail over SMTP", () => {
  it("carries the one-click unsubscribe headers (RFC 8058), its text and its HTML", async () => {
    const unsubscribe = "https://aqar.example.sa/alerts/unsubscribe/d7-abc";
    const mail = alertDigestMail({
      sections: [
        {
          description: "الرياض، شقة",
          searchUrl: "https://aqar.example.sa/offers?city=x",
          unsubscribeUrl: "https://aqar.example.sa/alerts/unsubscribe/a3-xyz",
          offers: [{ title: "شقة <جديدة>", url: "https://aqar.example.sa/offer/9", summary: "شقة للبيع — الملقا، الرياض", price: "٨٥٠٬٠٠٠ ر.س." }],
          more: 0,
        },
      ],
      total: 1,
      unsubscribeAllUrl: unsubscribe,
    });
    const mailer = createMailer({ MAIL_TRANSPORT: "smtp", SMTP_URL: smtpUrl(), MAIL_FROM: "no-reply@aqar.example.sa", DATA_DIR: "/nonexistent" });
    await mailer.send({ to: "visitor@example.sa", subject: mail.subject, body: mail.body, html: mail.html, headers: listUnsubscribeHeaders(unsubscribe) });
    const [raw] = received;
    expect(raw).toContain(`List-Unsubscribe: <${unsubscribe}>`);
    expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(raw).toContain("multipart/alternative");
    // The HTML escapes what the staff typed.
    expect(mail.html).toContain("شقة &lt;جديدة&gt;");
    expect(mail.subject).toContain("عرض جديد يطابق بحثك");
  });
});

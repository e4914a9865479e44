import nodemailer from "nodemailer";
import type { EmailAttachment } from "~/db/column-types.ts";
import type { Env } from "~/utils/env.server.ts";
import { writeToOutbox } from "./outbox.server.ts";

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text; the firm's staff read it in any mail client. */
  body: string;
  /** An HTML alternative of the same text (the daily report); mail clients show it, and the text where they cannot. */
  html?: string;
  /** Extra header fields (a search alert's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
  /** Files sent with it (a viewing's calendar invitation, RFC 5545). */
  attachments?: EmailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * How long nodemailer waits for an SMTP server: to connect, for its greeting, and with no traffic
 * at all (its defaults are 2 and 10 minutes). A hung server fails the send within about a minute.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 } as const;

/** The mail adapter: SMTP through nodemailer in production, the outbox elsewhere (env.server.ts decides). */
export function createMailer(env: Pick<Env, "MAIL_TRANSPORT" | "SMTP_URL" | "MAIL_FROM" | "DATA_DIR">): Mailer {
  if (env.MAIL_TRANSPORT === "outbox" || !env.SMTP_URL) {
    return {
      async send(message) {
        await writeToOutbox(env.DATA_DIR, "email", message);
      },
    };
  }
  // Bounded waits (the SMTP_URL may set its own): a reply waits for the send before it is recorded.
  const transport = nodemailer.createTransport({ url: env.SMTP_URL, ...SMTP_TIMEOUTS });
  return {
    async send(message) {
      await transport.sendMail({
        from: env.MAIL_FROM,
        to: message.to,
        subject: message.subject,
        text: message.body,
        ...(message.html === undefined ? {} : { html: message.html }),
        ...(message.headers === undefined ? {} : { headers: message.headers }),
        ...(message.attachments === undefined
          ? {}
          : {
              attachments: message.attachments.map((file) => ({
                filename: file.filename,
                contentType: file.contentType,
                content: file.content,
                ...(file.encoding ? { encoding: file.encoding } : {}),
              })),
            }),
      });
    },
  };
}

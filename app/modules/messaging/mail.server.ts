import nodemailer from "nodemailer";
import type { Env } from "~/utils/env.server.ts";
import { writeToOutbox } from "./outbox.server.ts";

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text; the firm's staff read it in any mail client. */
  body: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The mail adapter: SMTP through nodemailer in production, the outbox elsewhere (DESIGN.md). */
export function createMailer(env: Pick<Env, "MAIL_TRANSPORT" | "SMTP_URL" | "MAIL_FROM" | "DATA_DIR">): Mailer {
  if (env.MAIL_TRANSPORT === "outbox" || !env.SMTP_URL) {
    return {
      async send(message) {
        await writeToOutbox(env.DATA_DIR, "email", message);
      },
    };
  }
  const transport = nodemailer.createTransport(env.SMTP_URL);
  return {
    async send(message) {
      await transport.sendMail({ from: env.MAIL_FROM, to: message.to, subject: message.subject, text: message.body });
    },
  };
}

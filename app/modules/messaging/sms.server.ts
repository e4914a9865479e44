import type { Env } from "~/utils/env.server.ts";
import { writeToOutbox } from "./outbox.server.ts";
import { postToProvider, ProviderSendError } from "./provider-post.server.ts";

export interface SmsMessage {
  /** International form, e.g. +966500000001. */
  to: string;
  /** Carries one-time codes: never logged. */
  body: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/** An SMS that could not be sent (see ProviderSendError); the login page shows a provider's reason. */
export class SmsSendError extends ProviderSendError {
  override name = "SmsSendError";
}

const SMS_TIMEOUT_MS = 10_000;

type SmsEnv = Pick<Env, "SMS_TRANSPORT" | "SMS_API_URL" | "SMS_API_USER" | "SMS_API_PASSWORD" | "SMS_SENDER" | "DATA_DIR">;

/**
 * The SMS adapter: the outbox outside production, else one HTTP provider in the
 * Twilio/Unifonic style: a form POST of To, From and Body with HTTP Basic authentication.
 */
export function createSmsSender(env: SmsEnv, options: { timeoutMs?: number } = {}): SmsSender {
  const url = env.SMS_API_URL;
  if (env.SMS_TRANSPORT === "outbox" || !url) {
    return {
      async send(message) {
        await writeToOutbox(env.DATA_DIR, "sms", { to: message.to, body: message.body });
      },
    };
  }
  const timeoutMs = options.timeoutMs ?? SMS_TIMEOUT_MS;
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
    accept: "application/json",
  };
  if (env.SMS_API_USER) {
    headers.authorization = `Basic ${Buffer.from(`${env.SMS_API_USER}:${env.SMS_API_PASSWORD ?? ""}`).toString("base64")}`;
  }

  return {
    async send(message) {
      const form = new URLSearchParams({ To: message.to });
      if (env.SMS_SENDER) form.set("From", env.SMS_SENDER);
      form.set("Body", message.body);

      await postToProvider({
        channel: "sms",
        provider: "SMS provider",
        url,
        headers,
        body: form,
        to: message.to,
        timeoutMs,
        reasonOf: (text) => redact(extractProviderMessage(text), message.body),
        fail: (text, options) => new SmsSendError(text, options),
      });
    },
  };
}

/** `message` or `error` (a string, or an object with a `message`) of a JSON answer. */
function extractProviderMessage(text: string): string | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!json || typeof json !== "object") return undefined;
  const record = json as Record<string, unknown>;
  const error = record.error;
  const candidates = [record.message, error, error && typeof error === "object" ? (error as Record<string, unknown>).message : undefined];
  const found = candidates.find((value): value is string => typeof value === "string" && value.trim() !== "");
  return found?.trim().slice(0, 300);
}

/**
 * A provider that quotes the refused text back must not reveal a one-time code to whoever asked
 * for it (the message can reach the login page): drop the body and every number it contains.
 */
function redact(text: string | undefined, body: string): string | undefined {
  if (text === undefined) return undefined;
  let result = body ? text.split(body).join("…") : text;
  for (const digits of body.match(/\d{4,}/g) ?? []) result = result.split(digits).join("…");
  return result;
}

import type { Env } from "~/utils/env.server.ts";
import { log } from "~/utils/log.server.ts";
import { writeToOutbox } from "./outbox.server.ts";

export interface SmsMessage {
  /** International form, e.g. +966500000001. */
  to: string;
  /** Carries one-time codes: never logged. */
  body: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/**
 * Sending failed: the provider refused (non-2xx), did not answer in time, or could not be reached.
 * When the provider's JSON answer names the reason, `message` is that text and `providerMessage`
 * holds it too, so the login page can show the provider's message, else a default of ours.
 */
export class SmsSendError extends Error {
  override name = "SmsSendError";
  readonly status: number | undefined;
  readonly providerMessage: string | undefined;

  constructor(message: string, options: { status?: number; providerMessage?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.providerMessage = options.providerMessage;
  }
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

      let response: Response;
      try {
        response = await fetch(url, { method: "POST", headers, body: form, signal: AbortSignal.timeout(timeoutMs), redirect: "error" });
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === "TimeoutError";
        const reason = timedOut ? `no answer within ${timeoutMs} ms` : describeNetworkError(error);
        log.warn("sms failed", { to: message.to, reason });
        throw new SmsSendError(`SMS provider unreachable: ${reason}`, { cause: error });
      }

      if (response.ok) {
        // Nothing in a success answer is needed; release the connection.
        await response.body?.cancel().catch(() => {});
        log.info("sms sent", { to: message.to, status: response.status });
        return;
      }

      const text = await response.text().catch(() => "");
      const providerMessage = redact(extractProviderMessage(text), message.body);
      log.warn("sms failed", { to: message.to, status: response.status, providerMessage });
      throw new SmsSendError(providerMessage ?? `SMS provider answered ${response.status}`, {
        status: response.status,
        ...(providerMessage === undefined ? {} : { providerMessage }),
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

/** The reason a fetch never got an answer (ECONNREFUSED, ENOTFOUND, …), for the log and the error. */
export function describeNetworkError(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (cause && typeof cause.code === "string") return cause.code;
  if (cause && typeof cause.message === "string") return cause.message;
  return error instanceof Error ? error.message : String(error);
}

import type { Env } from "~/utils/env.server.ts";
import { log } from "~/utils/log.server.ts";
import { writeToOutbox } from "./outbox.server.ts";
import { postToProvider, ProviderSendError } from "./provider-post.server.ts";

interface WhatsappMessage {
  /** International form without + or 00, e.g. 966500000001 (the settings' managerWhatsapp). */
  to: string;
  body: string;
}

export interface WhatsappSender {
  send(message: WhatsappMessage): Promise<void>;
}

/**
 * A WhatsApp message that could not be sent (see ProviderSendError): the Cloud API's `error.message`
 * and `error_data.details` are kept for the «التقارير المرسلة» page; also when WhatsApp is not
 * configured on this server.
 */
export class WhatsappSendError extends ProviderSendError {
  override name = "WhatsappSendError";
}

const WHATSAPP_TIMEOUT_MS = 10_000;

export const WHATSAPP_NOT_CONFIGURED = "لم يُضبط إرسال واتساب على الخادم بعد؛ يضبطه مسؤول الخادم.";

type WhatsappEnv = Pick<Env, "WHATSAPP_TRANSPORT" | "WHATSAPP_API_URL" | "WHATSAPP_TOKEN" | "WHATSAPP_PHONE_NUMBER_ID" | "DATA_DIR">;

/**
 * The WhatsApp adapter, as the SMS one: the outbox (DATA_DIR/outbox/whatsapp.jsonl) outside
 * production; in production the WhatsApp Business Cloud API — a JSON POST of a text message to
 * {WHATSAPP_API_URL}/{WHATSAPP_PHONE_NUMBER_ID}/messages with the bearer token, 10 s at most.
 * Production without its settings ("off") fails every send saying so.
 */
export function createWhatsappSender(env: WhatsappEnv, options: { timeoutMs?: number } = {}): WhatsappSender {
  if (env.WHATSAPP_TRANSPORT === "outbox") {
    return {
      async send(message) {
        await writeToOutbox(env.DATA_DIR, "whatsapp", { to: message.to, body: message.body });
      },
    };
  }
  const { WHATSAPP_API_URL: base, WHATSAPP_TOKEN: token, WHATSAPP_PHONE_NUMBER_ID: sender } = env;
  if (env.WHATSAPP_TRANSPORT === "off" || !base || !token || !sender) {
    return {
      send(message) {
        log.warn("whatsapp not configured", { to: message.to, needs: "WHATSAPP_API_URL, WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID" });
        return Promise.reject(new WhatsappSendError(WHATSAPP_NOT_CONFIGURED));
      },
    };
  }
  const url = `${base.replace(/\/+$/, "")}/${encodeURIComponent(sender)}/messages`;
  const timeoutMs = options.timeoutMs ?? WHATSAPP_TIMEOUT_MS;
  const headers = { "content-type": "application/json", accept: "application/json", authorization: `Bearer ${token}` };

  return {
    async send(message) {
      const body = JSON.stringify({ messaging_product: "whatsapp", recipient_type: "individual", to: message.to, type: "text", text: { preview_url: false, body: message.body } });
      await postToProvider({
        channel: "whatsapp",
        provider: "WhatsApp Cloud API",
        url,
        headers,
        body,
        to: message.to,
        timeoutMs,
        reasonOf: cloudApiError,
        fail: (text, options) => new WhatsappSendError(text, options),
      });
    },
  };
}

/** The Cloud API's reason: `error.message`, with `error.error_data.details` when it says more. */
function cloudApiError(text: string): string | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const error = json && typeof json === "object" ? (json as { error?: unknown }).error : undefined;
  if (!error || typeof error !== "object") return undefined;
  const { message, error_data: data } = error as { message?: unknown; error_data?: unknown };
  const details = data && typeof data === "object" ? (data as { details?: unknown }).details : undefined;
  const parts = [message, details].filter((part): part is string => typeof part === "string" && part.trim() !== "").map((part) => part.trim());
  const unique = parts.filter((part, index) => parts.indexOf(part) === index);
  return unique.length ? unique.join(" — ").slice(0, 500) : undefined;
}

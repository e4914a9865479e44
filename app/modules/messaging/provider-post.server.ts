import { log } from "~/utils/log.server.ts";

/**
 * Sending failed: the provider refused (non-2xx), did not answer in time, or could not be reached.
 * When the provider's answer names the reason, `message` is that text and `providerMessage` holds
 * it too, so a page can show the provider's own words. Each channel has its subclass (its name).
 */
export class ProviderSendError extends Error {
  readonly status: number | undefined;
  readonly providerMessage: string | undefined;

  constructor(message: string, options: { status?: number; providerMessage?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.providerMessage = options.providerMessage;
  }
}

/** The reason a fetch never got an answer (ECONNREFUSED, ENOTFOUND, …), for the log and the error. */
function describeNetworkError(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (cause && typeof cause.code === "string") return cause.code;
  if (cause && typeof cause.message === "string") return cause.message;
  return error instanceof Error ? error.message : String(error);
}

export interface ProviderPost {
  /** For the log ("sms", "whatsapp") and the error ("SMS provider", "WhatsApp Cloud API"). */
  channel: string;
  provider: string;
  url: string;
  headers: Record<string, string>;
  body: BodyInit;
  /** The recipient, for the log (never the message: it may carry a code). */
  to: string;
  timeoutMs: number;
  /** The provider's reason in a refusal's body, if it gives one. */
  reasonOf: (text: string) => string | undefined;
  /** The channel's error class. */
  fail: (message: string, options: { status?: number; providerMessage?: string; cause?: unknown }) => ProviderSendError;
}

/**
 * One message to an HTTP provider (SMS, WhatsApp): a POST with a time limit and no redirects; a
 * success's answer is discarded, a refusal's reason kept, everything logged without the message.
 */
export async function postToProvider(post: ProviderPost): Promise<void> {
  let response: Response;
  try {
    response = await fetch(post.url, { method: "POST", headers: post.headers, body: post.body, signal: AbortSignal.timeout(post.timeoutMs), redirect: "error" });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    const reason = timedOut ? `no answer within ${post.timeoutMs} ms` : describeNetworkError(error);
    log.warn(`${post.channel} failed`, { to: post.to, reason });
    throw post.fail(`${post.provider} unreachable: ${reason}`, { cause: error });
  }
  if (response.ok) {
    // Nothing in a success answer is needed; release the connection.
    await response.body?.cancel().catch(() => {});
    log.info(`${post.channel} sent`, { to: post.to, status: response.status });
    return;
  }
  const providerMessage = post.reasonOf(await response.text().catch(() => ""));
  log.warn(`${post.channel} failed`, { to: post.to, status: response.status, providerMessage });
  throw post.fail(providerMessage ?? `${post.provider} answered ${response.status}`, {
    status: response.status,
    ...(providerMessage === undefined ? {} : { providerMessage }),
  });
}

import { log } from "~/utils/log.server.ts";

/** The messages still being sent after their request was answered, so a stopping server can wait for them. */
const pending = new Set<Promise<void>>();

/**
 * Sends a message after the person's request has been answered: a failing mail or SMS
 * server is logged, never shown to them, and never fails their request.
 */
export function notifyInBackground(what: string, send: () => Promise<void>): Promise<void> {
  const sending = send().catch((error: unknown) => {
    log.error("notification failed", { what, error: error instanceof Error ? error.message : String(error) });
  });
  pending.add(sending);
  void sending.finally(() => pending.delete(sending));
  return sending;
}

/**
 * Waits, at most `timeoutMs`, for the messages still being sent: an instance stopping in a rolling
 * deploy finishes the e-mails of the requests it answered before it closes the database they read.
 * Resolves with how many were still unsent when the time ran out.
 */
export async function settleBackgroundNotifications(timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  // Again while new ones come: requests still being answered may start one.
  while (pending.size > 0 && Date.now() < deadline) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<void>((resolve) => (timer = setTimeout(resolve, deadline - Date.now())));
    await Promise.race([Promise.all(pending), timedOut]);
    clearTimeout(timer);
  }
  if (pending.size > 0) log.warn("stopping with notifications still being sent", { unsent: pending.size });
  return pending.size;
}

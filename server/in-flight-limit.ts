// Imported by server.ts as plain TypeScript (no `~/` alias here).
import type { NextFunction, Request, Response } from "express";
import { AddressSlots } from "../app/utils/address-slots.ts";
import { log } from "../app/utils/log.server.ts";

/**
 * Requests one client address may have in flight at once in this process. A browser keeps at
 * most 6 connections to a site (and photos and live streams are not counted), so a visitor,
 * or a family or an office behind one address, stays far below; a flood from one address is
 * answered at once and cheaply instead of queueing in front of everyone else's pages.
 */
const IN_FLIGHT_LIMITS = { total: Number.MAX_SAFE_INTEGER, perAddress: 16 } as const;

/** Paths not counted: photos (cheap file streams, many per page) and the long-lived event stream. */
const UNCOUNTED = [/^\/images\//, /^\/api\/offers\/events$/];

const REFUSED = "طلبات كثيرة في وقت واحد من هذا الجهاز، يرجى المحاولة بعد لحظات";

/** Express middleware: counts each request until its answer ends (or the client goes away). */
export function inFlightLimit(limits: { total: number; perAddress: number } = IN_FLIGHT_LIMITS) {
  const slots = new AddressSlots(limits);
  let refusedSinceLog = 0;
  let lastLog = 0;
  return (req: Request, res: Response, next: NextFunction) => {
    if (UNCOUNTED.some((pattern) => pattern.test(req.path))) return next();
    const address = req.ip ?? req.socket.remoteAddress ?? "unknown";
    const release = slots.acquire(address);
    if (!release) {
      // One line a minute at most, however long the flood.
      refusedSinceLog += 1;
      if (Date.now() - lastLog > 60_000) {
        log.warn("requests in flight limit", { address, refused: refusedSinceLog });
        refusedSinceLog = 0;
        lastLog = Date.now();
      }
      res.status(429).set("Retry-After", "1").type("text/plain; charset=utf-8").send(REFUSED);
      return;
    }
    res.once("close", release);
    next();
  };
}

import type { NextFunction, Request, Response } from "express";
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { offerViewDays } from "~/db/schema.ts";
import { log } from "~/utils/log.server.ts";
import { riyadhDayOf } from "~/utils/riyadh-day.ts";

/** An offer's page, or its data on a navigation inside the site: `/offer/12`, `/offer/12.data`. */
const OFFER_PAGE = /^\/offer\/(\d{1,9})(?:\.data)?$/;

/** One more view of an offer on its Riyadh day: one row per offer and day, added to in place. */
export async function recordOfferView(db: Db, offerId: number, now = Date.now()) {
  await db
    .insert(offerViewDays)
    .values({ offerId, day: riyadhDayOf(now), views: 1 })
    .onConflictDoUpdate({ target: [offerViewDays.offerId, offerViewDays.day], set: { views: sql`${offerViewDays.views} + 1` } });
}

/**
 * Counts the openings of an offer's page for its owner's portal (decision 056). It runs ahead of
 * the page cache, so a page served from the cache counts like a rendered one; it counts once the
 * answer is sent and was the page (200, or 304 to a browser that kept it), never a prefetch
 * (the browser says `Sec-Purpose: prefetch`) and never in the visitor's way: a failure is logged.
 */
export function offerViewCounter(db: Db) {
  return (req: Request, res: Response, next: NextFunction) => {
    const match = req.method === "GET" ? OFFER_PAGE.exec(req.path) : null;
    const purpose = req.get("Sec-Purpose") ?? req.get("Purpose") ?? "";
    if (match && !purpose.includes("prefetch")) {
      const offerId = Number(match[1]);
      res.once("finish", () => {
        if (res.statusCode !== 200 && res.statusCode !== 304) return;
        recordOfferView(db, offerId).catch((error: unknown) => log.warn("offer view not counted", { offerId, error: error instanceof Error ? error.message : String(error) }));
      });
    }
    next();
  };
}

import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { rateLimitCounters } from "~/db/schema.ts";

/**
 * Public forms: at least 20 posts per address per 10 minutes must always pass; we allow 30
 * per form so that a family behind one address, or a visitor correcting a form, is never
 * refused. Counted in PostgreSQL so every app instance shares the count.
 */
export const PUBLIC_FORM_LIMIT = { limit: 30, windowMs: 10 * 60_000 } as const;

import type { RateLimitScope } from "~/db/column-types.ts";

export type { RateLimitScope };

/**
 * The staff's uploads, per person and kind (a stolen session must not fill the disk or the bucket,
 * nor keep the image pipeline busy): far above what a person does — an offer's photos are a few
 * dozen, licences at most 10, receipts one per request.
 */
export const STAFF_UPLOAD_LIMITS = {
  "offer-photo": { limit: 120, windowMs: 10 * 60_000 },
  "content-image": { limit: 120, windowMs: 10 * 60_000 },
  licence: { limit: 30, windowMs: 10 * 60_000 },
  receipt: { limit: 30, windowMs: 10 * 60_000 },
} as const;
export type StaffUploadKind = keyof typeof STAFF_UPLOAD_LIMITS;

/** Counts one upload of this kind by this person (an atomic counter in PostgreSQL, shared by every instance). */
export function hitStaffUploadLimit(db: Db, userId: number, kind: StaffUploadKind, now = Date.now()): Promise<RateLimitResult> {
  return hitRateLimit(db, { scope: "staff-upload", address: `${kind}:user:${userId}`, ...STAFF_UPLOAD_LIMITS[kind], now });
}

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  retryAfterSeconds: number;
}

/** Counts one post from this address and says whether it is still within the limit. */
export async function hitRateLimit(
  db: Db,
  {
    scope,
    address,
    limit = PUBLIC_FORM_LIMIT.limit,
    windowMs = PUBLIC_FORM_LIMIT.windowMs,
    now = Date.now(),
  }: {
    scope: RateLimitScope;
    address: string;
    limit?: number;
    windowMs?: number;
    now?: number;
  },
): Promise<RateLimitResult> {
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ scope, address, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.scope, rateLimitCounters.address, rateLimitCounters.windowStart],
      set: { hits: sql`${rateLimitCounters.hits} + 1` },
    })
    .returning({ hits: rateLimitCounters.hits });
  const hits = row?.hits ?? 1;
  if (Math.random() < 0.01) {
    await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, new Date(now - 2 * windowMs)));
  }
  return { allowed: hits <= limit, hits, retryAfterSeconds: Math.ceil((windowStart.getTime() + windowMs - now) / 1000) };
}

/** The hits counted so far in the current window, without counting one more. */
export async function peekRateLimit(
  db: Db,
  { scope, address, windowMs = PUBLIC_FORM_LIMIT.windowMs, now = Date.now() }: { scope: RateLimitScope; address: string; windowMs?: number; now?: number },
): Promise<number> {
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const [row] = await db
    .select({ hits: rateLimitCounters.hits })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.scope, scope), eq(rateLimitCounters.address, address), eq(rateLimitCounters.windowStart, windowStart)));
  return row?.hits ?? 0;
}

import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { siteContent } from "~/db/schema.ts";
import { log } from "~/utils/log.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { SITE_CONTENT_DEFAULTS, type SiteContent, type SiteContentKey } from "./defaults.ts";

let cached: SiteContent | undefined;
let lastGood: SiteContent | undefined;

function isKey(key: string): key is SiteContentKey {
  return Object.hasOwn(SITE_CONTENT_DEFAULTS, key);
}

/** Stored entries merged over the Arabic defaults; unknown stored keys are ignored. */
export function mergeContent(rows: { key: string; value: string }[]): SiteContent {
  const content: SiteContent = { ...SITE_CONTENT_DEFAULTS };
  for (const row of rows) if (isKey(row.key)) content[row.key] = row.value;
  return content;
}

/**
 * Site content, cached in this process until a write invalidates it. If reading fails, the
 * last good copy (or the defaults) is used and the failure is logged (MESSAGES.contentLoadFailed).
 */
export async function getSiteContent(db: Db): Promise<{ content: SiteContent; stale: boolean }> {
  if (cached) return { content: cached, stale: false };
  try {
    const rows = await db.select({ key: siteContent.key, value: siteContent.value }).from(siteContent);
    cached = mergeContent(rows);
    lastGood = cached;
    return { content: cached, stale: false };
  } catch (error) {
    log.error(MESSAGES.contentLoadFailed, { error: (error as Error).message });
    return { content: lastGood ?? { ...SITE_CONTENT_DEFAULTS }, stale: true };
  }
}

export function invalidateSiteContent() {
  cached = undefined;
}

/** Writes entries (only known keys) and invalidates the cache. */
export async function saveSiteContent(db: Db, entries: Partial<SiteContent>) {
  const rows = Object.entries(entries)
    .filter(([key, value]) => isKey(key) && typeof value === "string")
    .map(([key, value]) => ({ key, value, updatedAt: new Date() }));
  if (rows.length === 0) return;
  await db
    .insert(siteContent)
    .values(rows)
    .onConflictDoUpdate({ target: siteContent.key, set: { value: sql`excluded.value`, updatedAt: sql`now()` } });
  invalidateSiteContent();
}

import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { siteContent } from "~/db/schema.ts";
import { announceCacheChange } from "~/modules/live-updates/cache-sync.server.ts";
import { log } from "~/utils/log.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { SITE_CONTENT_DEFAULTS, type SiteContent, type SiteContentKey } from "./defaults.ts";

let cached: SiteContent | undefined;
let lastGood: SiteContent | undefined;
/** Bumped by every invalidation: a read that began before one must not cache what it read. */
let generation = 0;

function isKey(key: string): key is SiteContentKey {
  return Object.hasOwn(SITE_CONTENT_DEFAULTS, key);
}

/**
 * Stored entries merged over the Arabic defaults; unknown stored keys are ignored, and so is an
 * empty value: a field the editor left empty shows its default (an image key's default is empty).
 */
export function mergeContent(rows: { key: string; value: string }[]): SiteContent {
  const content: SiteContent = { ...SITE_CONTENT_DEFAULTS };
  for (const row of rows) if (isKey(row.key) && row.value.trim() !== "") content[row.key] = row.value;
  return content;
}

/**
 * Site content, cached in this process until a write invalidates it. If reading fails, the
 * last good copy (or the defaults) is used and the failure is logged (MESSAGES.contentLoadFailed).
 */
export async function getSiteContent(db: Db): Promise<{ content: SiteContent; stale: boolean }> {
  if (cached) return { content: cached, stale: false };
  const started = generation;
  try {
    const rows = await db.select({ key: siteContent.key, value: siteContent.value }).from(siteContent);
    const content = mergeContent(rows);
    lastGood = content;
    if (started === generation) cached = content;
    return { content, stale: false };
  } catch (error) {
    log.error(MESSAGES.contentLoadFailed, { error: (error as Error).message });
    return { content: lastGood ?? { ...SITE_CONTENT_DEFAULTS }, stale: true };
  }
}

/**
 * The site content a page shows, and only that: what a loader returns is sent with the page as
 * data, so each public page carries its own texts and not every page's (decision 028).
 */
export async function getPageContent<K extends keyof SiteContent>(db: Db, keys: readonly K[]): Promise<Pick<SiteContent, K>> {
  const { content } = await getSiteContent(db);
  return Object.fromEntries(keys.map((key) => [key, content[key]])) as Pick<SiteContent, K>;
}

export function invalidateSiteContent() {
  generation += 1;
  cached = undefined;
}

/** Writes entries (only known keys) and invalidates the cache, this process's and every other instance's. */
export async function saveSiteContent(db: Db, entries: Partial<SiteContent>) {
  const rows = Object.entries(entries)
    .filter(([key, value]) => isKey(key) && typeof value === "string")
    .map(([key, value]) => ({ key, value, updatedAt: new Date() }));
  if (rows.length === 0) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(siteContent)
      .values(rows)
      .onConflictDoUpdate({ target: siteContent.key, set: { value: sql`excluded.value`, updatedAt: sql`now()` } });
    await announceCacheChange(tx, "content");
  });
  invalidateSiteContent();
}

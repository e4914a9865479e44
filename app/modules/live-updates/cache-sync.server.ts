import type { Db, Tx } from "~/db/client.server.ts";
import { publishCacheChange, type CacheName, type EventHub } from "./event-hub.server.ts";

export type { CacheName };

/**
 * Announces that a cached table changed (content, settings, lookup lists, licences). Call it
 * inside the saving transaction: on commit every server instance, this one included, drops its
 * copy, so the next page shows the change whichever instance serves it; a rollback announces nothing.
 */
export async function announceCacheChange(tx: Db | Tx, name: CacheName): Promise<void> {
  await publishCacheChange(tx, name);
}

/**
 * Keeps this process's caches honest: each announcement drops the named cache, and after a lost
 * connection (anything may have changed meanwhile) every cache is dropped. Returns the unsubscribe.
 */
export function startCacheSync(events: EventHub, invalidate: Record<CacheName, () => void>): () => void {
  return events.subscribe("cache", (event) => {
    if (!("name" in event)) for (const drop of Object.values(invalidate)) drop();
    else if (event.name !== "pages") invalidate[event.name]();
  });
}

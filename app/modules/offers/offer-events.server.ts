import { sql } from "drizzle-orm";
import type pg from "pg";
import type { Db, Tx } from "~/db/client.server.ts";
import { log } from "~/utils/log.server.ts";

/** The PostgreSQL channel every server instance listens on. */
const OFFER_CHANNEL = "offers_changed";

export type OfferChange = { id: number; kind: "created" | "updated" | "deleted" };
/** A change, or "resync": the hub was disconnected for a while, so anything may have changed. */
export type OfferEvent = OfferChange | { kind: "resync" };
type OfferChangeListener = (event: OfferEvent) => void;

/**
 * Announces a change to every server instance. Called inside the writer's transaction:
 * PostgreSQL delivers a NOTIFY only when that transaction commits, and never if it rolls back.
 */
export async function publishOfferChange(db: Db | Tx, change: OfferChange): Promise<void> {
  await db.execute(sql`select pg_notify(${OFFER_CHANNEL}, ${JSON.stringify(change)})`);
}

function parseChange(payload: string | undefined): OfferChange | null {
  try {
    const value = JSON.parse(payload ?? "") as Partial<OfferChange>;
    if (typeof value.id === "number" && (value.kind === "created" || value.kind === "updated" || value.kind === "deleted")) {
      return { id: value.id, kind: value.kind };
    }
  } catch {
    // not ours
  }
  return null;
}

export interface OfferEventHub {
  /** Calls the listener for every committed change; returns the unsubscribe function. */
  subscribe(listener: OfferChangeListener): () => void;
  /** Resolves once the hub listens (tests and start-up use it). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/**
 * One LISTEN connection per server process, fanned out to its open event streams. Several
 * instances on one database each hold their own, so a change saved through any of them reaches
 * the browsers of all. The connection is taken from the pool when the first browser subscribes
 * (a server nobody watches holds none) and comes back after a drop with a capped back-off.
 */
export function createOfferEventHub(pool: pg.Pool): OfferEventHub {
  const listeners = new Set<OfferChangeListener>();
  let client: pg.PoolClient | null = null;
  let connecting: Promise<void> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let failures = 0;
  let closed = false;

  let everListened = false;
  const released = new WeakSet<pg.PoolClient>();

  const broadcast = (event: OfferEvent) => {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        log.warn("offer event listener failed", { error: String(error) });
      }
    }
  };

  const deliver = (message: pg.Notification) => {
    if (message.channel !== OFFER_CHANNEL) return;
    const change = parseChange(message.payload);
    if (change) broadcast(change);
  };

  const drop = (held: pg.PoolClient, error?: Error) => {
    // The error event and a failed query can both report the same connection: give it back once.
    if (released.has(held)) return;
    released.add(held);
    held.removeListener("notification", deliver);
    if (client === held) client = null;
    held.release(error ?? true); // never reuse a connection that was listening
    if (closed || listeners.size === 0) return;
    const delay = Math.min(30_000, 500 * 2 ** failures++);
    log.warn("offer events connection lost, reconnecting", { error: error?.message, delayMs: delay });
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delay);
    retryTimer.unref();
  };

  const connect = (): Promise<void> => {
    if (client || closed) return Promise.resolve();
    connecting ??= (async () => {
      let held: pg.PoolClient | undefined;
      try {
        held = await pool.connect();
        held.on("notification", deliver);
        held.on("error", (error) => drop(held!, error));
        await held.query(`LISTEN ${OFFER_CHANNEL}`);
        if (closed) {
          released.add(held);
          held.release(true);
          return;
        }
        client = held;
        failures = 0;
        // Back after a drop: changes made meanwhile were not heard, so every page refetches.
        if (everListened) broadcast({ kind: "resync" });
        everListened = true;
      } catch (error) {
        if (held) drop(held, error as Error);
        else if (!closed && listeners.size) {
          const delay = Math.min(30_000, 500 * 2 ** failures++);
          retryTimer = setTimeout(() => {
            retryTimer = null;
            void connect();
          }, delay);
          retryTimer.unref();
        }
      } finally {
        connecting = null;
      }
    })();
    return connecting;
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      void connect();
      return () => listeners.delete(listener);
    },
    async ready() {
      await connect();
      if (!client) throw new Error("offer events are not connected");
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      await connecting;
      const held = client;
      client = null;
      listeners.clear();
      if (held && !released.has(held)) {
        released.add(held);
        held.removeListener("notification", deliver);
        held.release(true);
      }
    },
  };
}

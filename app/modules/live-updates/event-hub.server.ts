import { sql } from "drizzle-orm";
import type pg from "pg";
import type { Db, Tx } from "~/db/client.server.ts";
import { log } from "~/utils/log.server.ts";

/**
 * What can be followed live (decision 007): the offer lists, and the back office's tasks and
 * finance; "cache" is for servers, not pages: a saved setting, content, lookup list or licence
 * that every instance must stop serving from its cache.
 */
export type LiveTopic = "offers" | "tasks" | "finance" | "cache";
export type OfficeTopic = "tasks" | "finance";
const CACHE_NAMES = ["content", "settings", "lookups", "licences"] as const;
export type CacheName = (typeof CACHE_NAMES)[number];
/**
 * Sent by the database itself (drizzle/0020: triggers on offers, their photos and images) on any
 * write, whoever makes it: only the public page cache (decision 020) listens for it.
 */
const PAGES_CHANGED = "pages";

export type OfferChange = { id: number; kind: "created" | "updated" | "deleted" };
/** A back-office record changed: only its topic and id, never its contents (the page refetches). */
export type OfficeChange = { topic: OfficeTopic; id: number };

interface TopicChange {
  offers: OfferChange;
  tasks: OfficeChange;
  finance: OfficeChange;
  cache: { name: CacheName | typeof PAGES_CHANGED };
}
/** A committed change of the topic, or "resync": the hub was disconnected for a while, so anything may have changed. */
export type LiveEvent<T extends LiveTopic = LiveTopic> = TopicChange[T] | { kind: "resync" };
type Listener = (event: LiveEvent) => void;

/**
 * The PostgreSQL channels every server instance listens on, on one connection. Offers keep their
 * channel and payload ({id, kind}); the back office's topics share a second one whose payload
 * names its topic ({topic, id}), so a new topic needs no new LISTEN.
 */
const OFFER_CHANNEL = "offers_changed";
const OFFICE_CHANNEL = "office_changed";
const OFFICE_TOPICS: readonly string[] = ["tasks", "finance"] satisfies OfficeTopic[];
const CACHE_CHANNEL = "cache_changed";

/**
 * Announces an offer change to every server instance. Called inside the writer's transaction:
 * PostgreSQL delivers a NOTIFY only when that transaction commits, and never if it rolls back.
 */
export async function publishOfferChange(db: Db | Tx, change: OfferChange): Promise<void> {
  await db.execute(sql`select pg_notify(${OFFER_CHANNEL}, ${JSON.stringify({ id: change.id, kind: change.kind })})`);
}

/**
 * Announces a change of a task or a finance record to every server instance. Call it inside the
 * writer's transaction (`tx`), as publishOfferChange: delivered on commit only. Only the topic
 * and the id travel; a page that hears it refetches through its own loader.
 */
export async function publishOfficeChange(db: Db | Tx, change: OfficeChange): Promise<void> {
  await db.execute(sql`select pg_notify(${OFFICE_CHANNEL}, ${JSON.stringify({ topic: change.topic, id: change.id })})`);
}

/** Tells every server instance, on commit, that a cached table changed (see cache-sync.server.ts). */
export async function publishCacheChange(db: Db | Tx, name: CacheName): Promise<void> {
  await db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${name})`);
}

/** A notification's topic and event, or null for anything that is not ours. */
function parseNotification(message: pg.Notification): { topic: LiveTopic; event: LiveEvent } | null {
  if (message.channel === CACHE_CHANNEL) {
    if (message.payload === PAGES_CHANGED) return { topic: "cache", event: { name: PAGES_CHANGED } };
    const name = CACHE_NAMES.find((known) => known === message.payload);
    return name ? { topic: "cache", event: { name } } : null;
  }
  try {
    const value = JSON.parse(message.payload ?? "") as { id?: unknown; kind?: unknown; topic?: unknown };
    if (typeof value.id !== "number" || !Number.isSafeInteger(value.id)) return null;
    if (message.channel === OFFER_CHANNEL && (value.kind === "created" || value.kind === "updated" || value.kind === "deleted")) {
      return { topic: "offers", event: { id: value.id, kind: value.kind } };
    }
    if (message.channel === OFFICE_CHANNEL && typeof value.topic === "string" && OFFICE_TOPICS.includes(value.topic)) {
      const topic = value.topic as OfficeTopic;
      return { topic, event: { topic, id: value.id } };
    }
  } catch {
    // not ours
  }
  return null;
}

/** The hub server/app.ts makes: it also tells whether it is listening now (the page cache serves nothing while it is not). */
export interface ListeningEventHub extends EventHub {
  isListening: () => boolean;
}

export interface EventHub {
  /** Calls the listener for every committed change of the topic (and "resync"); returns the unsubscribe function. */
  subscribe<T extends LiveTopic>(topic: T, listener: (event: LiveEvent<T>) => void): () => void;
  /** Resolves once the hub listens (tests and start-up use it). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/**
 * One LISTEN connection per server process for every topic, fanned out to its open event streams.
 * Several instances on one database each hold their own, so a change saved through any of them
 * reaches the browsers of all. The connection is taken from the pool when the first browser
 * subscribes (a server nobody watches holds none) and comes back after a drop with a back-off
 * capped at 2 s, then tells the listeners of every topic to resync.
 */
export function createEventHub(pool: pg.Pool): ListeningEventHub {
  const listeners = new Map<LiveTopic, Set<Listener>>();
  const anyListener = () => [...listeners.values()].some((set) => set.size > 0);
  let client: pg.PoolClient | null = null;
  let connecting: Promise<void> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let failures = 0;
  let closed = false;

  let everListened = false;
  const released = new WeakSet<pg.PoolClient>();

  const notify = (listener: Listener, event: LiveEvent) => {
    try {
      listener(event);
    } catch (error) {
      log.warn("live event listener failed", { error: String(error) });
    }
  };

  const deliver = (message: pg.Notification) => {
    const parsed = parseNotification(message);
    if (!parsed) return;
    for (const listener of listeners.get(parsed.topic) ?? []) notify(listener, parsed.event);
  };

  const retryLater = () => {
    // At most 2 s apart: the page cache serves nothing fresh until this connection is back (issue 30:
    // with 30 s it resumed 11.7 s after a 20-second database stop), and an attempt on a database that
    // is down is refused at once, so trying often costs nothing.
    const delay = Math.min(2_000, 500 * 2 ** failures++);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delay);
    retryTimer.unref();
    return delay;
  };

  const drop = (held: pg.PoolClient, error?: Error) => {
    // The error event and a failed query can both report the same connection: give it back once.
    if (released.has(held)) return;
    released.add(held);
    held.removeListener("notification", deliver);
    if (client === held) client = null;
    held.release(error ?? true); // never reuse a connection that was listening
    if (closed || !anyListener()) return;
    const delayMs = retryLater();
    log.warn("live events connection lost, reconnecting", { error: error?.message, delayMs });
  };

  const connect = (): Promise<void> => {
    if (client || closed) return Promise.resolve();
    connecting ??= (async () => {
      let held: pg.PoolClient | undefined;
      try {
        held = await pool.connect();
        held.on("notification", deliver);
        held.on("error", (error) => drop(held!, error));
        await held.query(`LISTEN ${OFFER_CHANNEL}; LISTEN ${OFFICE_CHANNEL}; LISTEN ${CACHE_CHANNEL}`);
        if (closed) {
          released.add(held);
          held.release(true);
          return;
        }
        client = held;
        failures = 0;
        // Back after a drop: changes made meanwhile were not heard, so every page of every topic refetches.
        if (everListened) for (const set of listeners.values()) for (const listener of set) notify(listener, { kind: "resync" });
        everListened = true;
      } catch (error) {
        if (held) drop(held, error as Error);
        else if (!closed && anyListener()) retryLater();
      } finally {
        connecting = null;
      }
    })();
    return connecting;
  };

  return {
    subscribe(topic, listener) {
      const set = listeners.get(topic) ?? new Set<Listener>();
      listeners.set(topic, set);
      set.add(listener as Listener);
      void connect();
      return () => set.delete(listener as Listener);
    },
    isListening: () => client !== null,
    async ready() {
      await connect();
      if (!client) throw new Error("live events are not connected");
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

import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, inject, vi } from "vitest";
import { connect } from "~/db/client.server.ts";
import { announceCacheChange, startCacheSync } from "./cache-sync.server.ts";
import { createEventHub, publishOfferChange, publishOfficeChange, type EventHub, type LiveEvent, type LiveTopic } from "./event-hub.server.ts";

// Two "server instances": separate pools on one database of this file's own (NOTIFY stays inside a
// database), each with its own hub.
const templateUrl = inject("databaseUrl");
const adminUrl = templateUrl.replace(/\/[^/]+$/, "/postgres");
const name = `t_${crypto.randomBytes(6).toString("hex")}`;
const url = templateUrl.replace(/\/[^/]+$/, `/${name}`);
let first: ReturnType<typeof connect>;
let second: ReturnType<typeof connect>;
let hubs: [EventHub, EventHub];

async function asAdmin(query: string, target = adminUrl) {
  const admin = new pg.Client(target);
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

beforeAll(async () => {
  await asAdmin(`create database ${name} template aqar`);
  first = connect(url, 3);
  second = connect(url, 3);
  hubs = [createEventHub(first.pool), createEventHub(second.pool)];
  await Promise.all(hubs.map((hub) => hub.ready()));
});
afterAll(async () => {
  await Promise.all(hubs.map((hub) => hub.close()));
  await Promise.all([first.pool.end(), second.pool.end()]);
  await asAdmin(`drop database if exists ${name} with (force)`);
});

function collect<T extends LiveTopic>(hub: EventHub, topic: T) {
  const seen: Array<Exclude<LiveEvent<T>, { kind: "resync" }>> = [];
  let resyncs = 0;
  const unsubscribe = hub.subscribe(topic, (event) => {
    if ("kind" in event && event.kind === "resync") resyncs++;
    else seen.push(event as Exclude<LiveEvent<T>, { kind: "resync" }>);
  });
  return { seen, unsubscribe, resyncs: () => resyncs };
}

const until = async (check: () => boolean, ms = 5000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe("cache sync between server instances", () => {
  it("a committed announcement drops the named cache on every instance; a rolled back one drops nothing", async () => {
    const dropped = hubs.map(() => ({ content: vi.fn(), settings: vi.fn(), lookups: vi.fn(), licences: vi.fn() }));
    const stops = hubs.map((hub, i) => startCacheSync(hub, dropped[i]!));
    try {
      await first.db
        .transaction(async (tx) => {
          await announceCacheChange(tx, "settings");
          throw new Error("rolled back");
        })
        .catch(() => undefined);
      await second.db.transaction((tx) => announceCacheChange(tx, "content"));
      await vi.waitFor(() => {
        for (const caches of dropped) expect(caches.content).toHaveBeenCalledOnce();
      });
      // (Before the connection-cut test below, whose "resync" drops every cache.)
      for (const caches of dropped) expect([caches.settings, caches.lookups, caches.licences].map((drop) => drop.mock.calls)).toEqual([[], [], []]);
    } finally {
      for (const stop of stops) stop();
    }
  });
});

describe("live events across instances (LISTEN/NOTIFY, one connection per hub)", () => {
  // Subscribed in beforeAll, once the hubs exist.
  let a: ReturnType<typeof collect<"offers">>;
  let b: ReturnType<typeof collect<"offers">>;
  let tasksA: ReturnType<typeof collect<"tasks">>;
  let tasksB: ReturnType<typeof collect<"tasks">>;
  let financeA: ReturnType<typeof collect<"finance">>;
  beforeAll(() => {
    a = collect(hubs[0], "offers");
    b = collect(hubs[1], "offers");
    tasksA = collect(hubs[0], "tasks");
    tasksB = collect(hubs[1], "tasks");
    financeA = collect(hubs[0], "finance");
  });

  it("an offer change committed through one instance reaches the listeners of both", async () => {
    await first.db.transaction(async (tx) => publishOfferChange(tx, { id: 7, kind: "created" }));
    await until(() => a.seen.length === 1 && b.seen.length === 1);
    expect([a.seen, b.seen]).toEqual([[{ id: 7, kind: "created" }], [{ id: 7, kind: "created" }]]);
  });

  it("nothing is announced for a transaction that rolls back", async () => {
    await expect(
      second.db.transaction(async (tx) => {
        await publishOfferChange(tx, { id: 8, kind: "updated" });
        throw new Error("save failed");
      }),
    ).rejects.toThrow("save failed");
    await publishOfferChange(first.db, { id: 9, kind: "deleted" }); // a marker after it
    await until(() => a.seen.length === 2 && b.seen.length === 2);
    expect(a.seen.map((c) => c.id)).toEqual([7, 9]);
  });

  it("a task change committed in the writer's transaction reaches both instances' tasks listeners", async () => {
    await second.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`); // the writer's own work
      await publishOfficeChange(tx, { topic: "tasks", id: 41 });
    });
    await until(() => tasksA.seen.length === 1 && tasksB.seen.length === 1);
    expect([tasksA.seen, tasksB.seen]).toEqual([[{ topic: "tasks", id: 41 }], [{ topic: "tasks", id: 41 }]]);
  });

  it("a task change is not announced while its transaction is open, nor ever if it rolls back", async () => {
    await expect(
      first.db.transaction(async (tx) => {
        await publishOfficeChange(tx, { topic: "tasks", id: 42 });
        await new Promise((r) => setTimeout(r, 200)); // time enough to be heard, were it sent
        expect([tasksA.seen.length, tasksB.seen.length]).toEqual([1, 1]);
        throw new Error("save failed");
      }),
    ).rejects.toThrow("save failed");
    await publishOfficeChange(first.db, { topic: "tasks", id: 43 }); // a marker after it
    await until(() => tasksA.seen.length === 2 && tasksB.seen.length === 2);
    expect(tasksB.seen.map((c) => c.id)).toEqual([41, 43]);
  });

  it("each topic's listeners hear only that topic", async () => {
    await publishOfficeChange(first.db, { topic: "finance", id: 5 });
    await publishOfferChange(first.db, { id: 12, kind: "updated" });
    await publishOfficeChange(first.db, { topic: "tasks", id: 44 }); // a marker after them
    await until(() => tasksA.seen.length === 3 && financeA.seen.length === 1 && a.seen.length === 3);
    expect(financeA.seen).toEqual([{ topic: "finance", id: 5 }]);
    expect(a.seen.map((c) => c.id)).toEqual([7, 9, 12]); // no task or finance id among the offers
    expect(tasksA.seen.map((c) => c.id)).toEqual([41, 43, 44]);
  });

  it("ignores payloads that are not ours", async () => {
    await first.db.execute(sql`select pg_notify('offers_changed', 'nonsense')`);
    await first.db.execute(sql`select pg_notify('office_changed', '{"topic":"offers","id":1,"kind":"created"}')`);
    await first.db.execute(sql`select pg_notify('office_changed', '{"topic":"secrets","id":1}')`);
    await first.db.execute(sql`select pg_notify('office_changed', '{"topic":"tasks","id":"1"}')`);
    await first.db.execute(sql`select pg_notify('offers_changed', '{"topic":"tasks","id":2}')`);
    await publishOfferChange(first.db, { id: 10, kind: "updated" });
    await publishOfficeChange(first.db, { topic: "tasks", id: 45 });
    await until(() => a.seen.length === 4 && b.seen.length === 4 && tasksA.seen.length === 4 && tasksB.seen.length === 4);
    expect(a.seen.at(-1)).toEqual({ id: 10, kind: "updated" });
    expect(tasksA.seen.at(-1)).toEqual({ topic: "tasks", id: 45 });
    expect(financeA.seen).toHaveLength(1);
  });

  it("after unsubscribing nothing more arrives", async () => {
    b.unsubscribe();
    tasksB.unsubscribe();
    await publishOfferChange(first.db, { id: 11, kind: "created" });
    await publishOfficeChange(first.db, { topic: "tasks", id: 46 });
    await until(() => a.seen.length === 5 && tasksA.seen.length === 5);
    expect(b.seen.map((c) => c.id)).toEqual([7, 9, 12, 10]);
    expect(tasksB.seen.map((c) => c.id)).toEqual([41, 43, 44, 45]);
  });

  it("comes back after its connection is cut, and tells the listeners of every topic to refetch", async () => {
    await asAdmin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and query like 'LISTEN %' and pid <> pg_backend_pid()`);
    // Publish until the reconnected listeners hear one (the back-off starts at half a second).
    let n = 100;
    await until(() => {
      void publishOfferChange(first.db, { id: ++n, kind: "updated" });
      void publishOfficeChange(first.db, { topic: "finance", id: n });
      return a.resyncs() > 0 && a.seen.some((c) => c.id > 100) && financeA.seen.some((c) => c.id > 100);
    }, 10_000);
    expect([a.resyncs(), tasksA.resyncs(), financeA.resyncs()]).toEqual([1, 1, 1]);
    // One LISTEN connection for the three topics of the first hub; the second, whose listeners
    // all left, did not come back (a server nobody watches holds none).
    const listening = await first.pool.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = current_database() and query like 'LISTEN %'");
    expect(listening.rows[0]!.n).toBe(1);
    a.unsubscribe();
    tasksA.unsubscribe();
    financeA.unsubscribe();
  });
});

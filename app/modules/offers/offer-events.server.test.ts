import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { connect } from "~/db/client.server.ts";
import { createOfferEventHub, publishOfferChange, type OfferEvent } from "./offer-events.server.ts";

// Two "server instances": separate pools on the same database, each with its own hub.
const url = inject("databaseUrl");
const first = connect(url, 3);
const second = connect(url, 3);
const hubs = [createOfferEventHub(first.pool), createOfferEventHub(second.pool)];
afterAll(async () => {
  await Promise.all(hubs.map((hub) => hub.close()));
  await Promise.all([first.pool.end(), second.pool.end()]);
});

function collect(hub: (typeof hubs)[number]) {
  const seen: Array<Extract<OfferEvent, { id: number }>> = [];
  let resyncs = 0;
  const unsubscribe = hub.subscribe((event) => (event.kind === "resync" ? resyncs++ : seen.push(event)));
  return { seen, unsubscribe, resyncs: () => resyncs };
}

const until = async (check: () => boolean, ms = 5000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe("offer events across instances (LISTEN/NOTIFY)", () => {
  const a = collect(hubs[0]!);
  const b = collect(hubs[1]!);
  beforeAll(async () => Promise.all(hubs.map((hub) => hub.ready())));

  it("a change committed through one instance reaches the listeners of both", async () => {
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

  it("ignores payloads that are not offer changes", async () => {
    await first.db.execute(sql`select pg_notify('offers_changed', 'nonsense')`);
    await publishOfferChange(first.db, { id: 10, kind: "updated" });
    await until(() => a.seen.length === 3 && b.seen.length === 3);
    expect(a.seen.at(-1)).toEqual({ id: 10, kind: "updated" });
  });

  it("after unsubscribing nothing more arrives", async () => {
    b.unsubscribe();
    await publishOfferChange(first.db, { id: 11, kind: "created" });
    await until(() => a.seen.length === 4);
    expect(b.seen.map((c) => c.id)).toEqual([7, 9, 10]);
  });

  it("comes back after its connection is cut, and tells its listeners to refetch", async () => {
    const admin = new pg.Client(url);
    await admin.connect();
    await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN offers_changed' and pid <> pg_backend_pid()");
    await admin.end();
    // Publish until the reconnected listener hears one (the back-off starts at half a second).
    let n = 100;
    await until(() => {
      void publishOfferChange(first.db, { id: ++n, kind: "updated" });
      return a.seen.some((c) => c.id > 100);
    }, 10_000);
    expect(a.resyncs()).toBe(1);
    a.unsubscribe();
  });
});

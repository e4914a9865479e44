import { RouterContextProvider } from "react-router";
import { afterAll, describe, expect, it } from "vitest";
import { readinessContext } from "~/context.ts";
import { connect } from "~/db/client.server.ts";
import { loader as liveness } from "~/routes/resources/healthz.ts";
import { loader as readinessLoader } from "~/routes/resources/healthz-ready.ts";
import { freePort } from "../../../tests/setup/free-port.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { createReadiness, databaseCheck, type Readiness } from "./readiness.server.ts";

const db = useTestDatabase({ connections: 2 });

/** A database nobody answers at: a free port on this machine. */
const unreachable = connect(`postgres://nobody:nothing@127.0.0.1:${await freePort()}/none`, 1);
afterAll(() => unreachable.pool.end());

/** What GET /healthz/ready answers with this readiness. */
async function ask(readiness: Readiness) {
  const context = new RouterContextProvider();
  context.set(readinessContext, readiness);
  const response = await readinessLoader({ context, request: new Request("http://localhost/healthz/ready"), params: {} } as unknown as Parameters<typeof readinessLoader>[0]);
  return { status: response.status, cacheControl: response.headers.get("Cache-Control"), body: (await response.json()) as unknown };
}

const storageUp = () => Promise.resolve();
const storageDown = () => Promise.reject(new Error("bucket unreachable"));

describe("liveness: GET /healthz", () => {
  it("answers 200 without asking anything of the database", () => {
    // No services in the context: the loader reads none.
    const response = liveness();
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("readiness: GET /healthz/ready", () => {
  it("answers 200 when the database answers and the storage is reachable", async () => {
    expect(await ask(createReadiness({ database: databaseCheck(db()), storage: storageUp }))).toEqual({
      status: 200,
      cacheControl: "no-store",
      body: { status: "ready", checks: { database: "ok", storage: "ok" } },
    });
  });

  it("answers 503 when the database does not answer, naming which check failed", async () => {
    expect(await ask(createReadiness({ database: databaseCheck(unreachable.db), storage: storageUp }))).toEqual({
      status: 503,
      cacheControl: "no-store",
      body: { status: "not ready", checks: { database: "failed", storage: "ok" } },
    });
  });

  it("stays in service when only the storage is unreachable (every page but an upload still works): 200, degraded, naming it", async () => {
    const answer = await ask(createReadiness({ database: databaseCheck(db()), storage: storageDown }));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: "degraded", checks: { database: "ok", storage: "failed" } });
  });

  it("a check that hangs counts as failed after the time limit, and is told to give up", async () => {
    let aborted = false;
    const hanging = (signal: AbortSignal) => new Promise(() => signal.addEventListener("abort", () => (aborted = true)));
    const started = Date.now();
    const report = await createReadiness({ database: hanging, storage: storageUp }, { timeoutMs: 200 }).check();
    expect(report).toEqual({ ready: false, status: "not ready", checks: { database: "timeout", storage: "ok" } });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(aborted).toBe(true);
  });

  it("a check that throws at once fails like one that rejects", async () => {
    const throwing = () => {
      throw new Error("no client configured");
    };
    expect((await createReadiness({ database: throwing }).check()).ready).toBe(false);
  });

  it("tells whether one part answers now (a failed render asks about the database), within a second", async () => {
    expect(await createReadiness({ database: databaseCheck(db()) }).answers("database")).toBe(true);
    expect(await createReadiness({ database: databaseCheck(unreachable.db) }).answers("database")).toBe(false);
    const started = Date.now();
    expect(await createReadiness({ database: () => new Promise(() => undefined) }).answers("database")).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("comes back by itself once the database answers again", async () => {
    let up = false;
    const readiness = createReadiness({ database: () => (up ? databaseCheck(db())(new AbortController().signal) : Promise.reject(new Error("down"))) });
    expect((await ask(readiness)).status).toBe(503);
    up = true;
    expect((await ask(readiness)).status).toBe(200);
  });

  it("answers 503 «draining» from the moment the process begins to stop, without running the checks", async () => {
    let checked = 0;
    const readiness = createReadiness({ database: () => Promise.resolve(checked++) });
    expect((await ask(readiness)).status).toBe(200);
    expect(readiness.draining).toBe(false);
    readiness.drain();
    expect(readiness.draining).toBe(true);
    expect(await ask(readiness)).toEqual({ status: 503, cacheControl: "no-store", body: { status: "draining" } });
    expect(checked).toBe(1);
  });
});

import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inFlightLimit } from "../../server/in-flight-limit.ts";

// A real HTTP server: requests to /slow are held until the test lets them go.
let base = "";
let close = () => {};
const held: (() => void)[] = [];

beforeAll(async () => {
  const app = express();
  app.set("trust proxy", 1);
  app.use(inFlightLimit({ total: 1000, perAddress: 4 }));
  app.get(["/slow", "/images/:file", "/api/offers/events"], (_req, res) => {
    held.push(() => res.end("ok"));
  });
  app.get("/fast", (_req, res) => res.end("ok"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => close());

const from = (address: string) => ({ headers: { "x-forwarded-for": address } });
/** Waits for a condition, at most 10 s (a loaded machine can take seconds to answer a dozen requests). */
const until = async (check: () => boolean) => {
  for (let i = 0; i < 2000 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
};
const releaseAll = () => held.splice(0).forEach((end) => end());

describe("requests in flight per address", () => {
  it("answers 429 at once beyond the limit, counts each address apart, and frees a slot when an answer ends", async () => {
    const first = Array.from({ length: 4 }, () => fetch(`${base}/slow`, from("198.51.100.1")));
    await until(() => held.length === 4);
    const refused = await fetch(`${base}/fast`, from("198.51.100.1"));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(await refused.text()).toContain("طلبات كثيرة");
    expect((await fetch(`${base}/fast`, from("198.51.100.2"))).status).toBe(200);
    releaseAll();
    expect((await Promise.all(first)).map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await fetch(`${base}/fast`, from("198.51.100.1"))).status).toBe(200);
  });

  it("of many at once from one address, exactly the limit go through", async () => {
    // Released only once every request has been held or refused: one that reached the server after
    // the release would take a freed slot and wait for ever (it did on a loaded machine).
    let refused = 0;
    const all = Array.from({ length: 12 }, () =>
      fetch(`${base}/slow`, from("198.51.100.3")).then((response) => {
        refused += 1;
        return response;
      }),
    );
    await until(() => held.length + refused === 12);
    expect(held).toHaveLength(4);
    expect(refused).toBe(8);
    releaseAll();
    const statuses = (await Promise.all(all)).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(8);
  });

  it("does not count photos or the live stream, and a client that goes away gives its slot back", async () => {
    const uncounted = [...Array.from({ length: 5 }, (_, i) => fetch(`${base}/images/p${i}.webp`, from("198.51.100.4"))), fetch(`${base}/api/offers/events`, from("198.51.100.4"))];
    await until(() => held.length === 6);
    expect((await fetch(`${base}/fast`, from("198.51.100.4"))).status).toBe(200);
    releaseAll();
    await Promise.all(uncounted);

    const aborts = Array.from({ length: 4 }, () => new AbortController());
    const gone = aborts.map((a) => fetch(`${base}/slow`, { ...from("198.51.100.5"), signal: a.signal }).catch(() => undefined));
    await until(() => held.length === 4);
    aborts.forEach((a) => a.abort());
    await Promise.all(gone);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await fetch(`${base}/fast`, from("198.51.100.5"))).status).toBe(200);
    releaseAll();
  });
});

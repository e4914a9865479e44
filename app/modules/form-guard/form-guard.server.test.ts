import { createChallenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/utils/messages.ts";
import { getAppSecret } from "~/utils/secrets.server.ts";
import { solvedProof } from "../../../tests/factories/proof-of-work.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { guardPublicForm } from "./form-guard.server.ts";
import { HONEYPOT_FIELD } from "./honeypot.ts";
import { verifyFormProof } from "./proof-of-work.server.ts";
import { hitRateLimit, PUBLIC_FORM_LIMIT } from "./rate-limit.server.ts";
import { isCrossSitePost } from "./same-origin.server.ts";

const db = useTestDatabase();

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64");
/** The parts of an ALTCHA payload these tests change; the rest is carried over by spreading. */
interface ProofPayload {
  challenge: { parameters: Record<string, unknown> };
  solution: { counter: number };
}
const decode = (payload: string) => JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as ProofPayload;

describe("proof of work (ALTCHA)", () => {
  it("accepts a solved challenge once, then refuses it as replayed", async () => {
    const payload = await solvedProof(db());
    expect(await verifyFormProof(db(), payload)).toBe("ok");
    expect(await verifyFormProof(db(), payload)).toBe("replayed");
  });

  it("refuses a missing, garbled, tampered or wrong solution", async () => {
    expect(await verifyFormProof(db(), undefined)).toBe("missing");
    expect(await verifyFormProof(db(), "")).toBe("missing");
    expect(await verifyFormProof(db(), "not base64 json")).toBe("invalid");
    const good = decode(await solvedProof(db()));
    const wrongCounter = { ...good, solution: { ...good.solution, counter: good.solution.counter + 1 } };
    expect(await verifyFormProof(db(), encode(wrongCounter))).toBe("invalid");
    const easier = { ...good, challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, keyPrefix: "00" } } };
    expect(await verifyFormProof(db(), encode(easier))).toBe("invalid");
  });

  it("refuses a challenge signed with another key (a self-made one)", async () => {
    const challenge = await createChallenge({ algorithm: "SHA-256", cost: 1, counter: 5, deriveKey, hmacSignatureSecret: "attacker" });
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(await verifyFormProof(db(), encode({ challenge, solution }))).toBe("invalid");
  });

  it("refuses an expired challenge", async () => {
    const challenge = await createChallenge({
      algorithm: "SHA-256",
      cost: 1,
      counter: 5,
      deriveKey,
      expiresAt: new Date(Date.now() - 1000),
      hmacSignatureSecret: await getAppSecret(db(), "altcha-hmac"),
    });
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(await verifyFormProof(db(), encode({ challenge, solution }))).toBe("expired");
  });
});

describe("rate limit per address", () => {
  it(`lets ${PUBLIC_FORM_LIMIT.limit} posts through in 10 minutes (at least 20), then refuses`, async () => {
    expect(PUBLIC_FORM_LIMIT.limit).toBeGreaterThanOrEqual(20);
    const now = Date.UTC(2026, 0, 1, 10, 0, 0);
    for (let i = 1; i <= PUBLIC_FORM_LIMIT.limit; i++) {
      expect(await hitRateLimit(db(), { scope: "inquiry", address: "203.0.113.7", now: now + i * 1000 })).toMatchObject({ allowed: true, hits: i });
    }
    const refused = await hitRateLimit(db(), { scope: "inquiry", address: "203.0.113.7", now: now + 60_000 });
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    // Other addresses and other forms are counted apart; the next window starts afresh.
    expect((await hitRateLimit(db(), { scope: "inquiry", address: "203.0.113.8", now })).allowed).toBe(true);
    expect((await hitRateLimit(db(), { scope: "submission", address: "203.0.113.7", now })).allowed).toBe(true);
    expect((await hitRateLimit(db(), { scope: "inquiry", address: "203.0.113.7", now: now + PUBLIC_FORM_LIMIT.windowMs })).allowed).toBe(true);
  });

  it("answers the rate limit in Arabic once the address is over it", async () => {
    const fields = new Map<string, string>();
    let verdict;
    for (let i = 0; i <= PUBLIC_FORM_LIMIT.limit; i++) verdict = await guardPublicForm(db(), "inquiry", "198.51.100.1", fields);
    expect(verdict).toMatchObject({ ok: false, silent: false, status: 429, message: MESSAGES.tooManyRequests });
  });
});

describe("guardPublicForm", () => {
  it("passes a solved form, answers a filled honeypot quietly, refuses a missing proof in Arabic", async () => {
    const solved = new Map([["altcha", await solvedProof(db())]]);
    expect(await guardPublicForm(db(), "inquiry", "192.0.2.1", solved)).toEqual({ ok: true });
    const bot = new Map([
      ["altcha", await solvedProof(db())],
      [HONEYPOT_FIELD, "http://spam.example"],
    ]);
    expect(await guardPublicForm(db(), "inquiry", "192.0.2.1", bot)).toEqual({ ok: false, silent: true });
    expect(await guardPublicForm(db(), "inquiry", "192.0.2.1", new Map())).toMatchObject({ ok: false, silent: false, message: MESSAGES.botCheckFailed });
    expect(await guardPublicForm(db(), "inquiry", "192.0.2.1", solved)).toMatchObject({ ok: false, message: MESSAGES.botCheckExpired });
  });
});

describe("cross-site posts to resource routes", () => {
  const post = (headers: Record<string, string>) => new Request("http://localhost:3000/api/submissions", { method: "POST", headers });
  it("refuses another origin or a cross-site fetch", () => {
    expect(isCrossSitePost(post({ origin: "https://evil.example" }), "http://localhost:3000")).toBe(true);
    expect(isCrossSitePost(post({ origin: "null" }), "http://localhost:3000")).toBe(true);
    expect(isCrossSitePost(post({ "sec-fetch-site": "cross-site" }), "http://localhost:3000")).toBe(true);
    expect(isCrossSitePost(post({ "sec-fetch-site": "same-site", origin: "https://sub.localhost:3000" }), "http://localhost:3000")).toBe(true);
  });
  it("accepts our own origin, the public URL behind a proxy, and clients that send neither header", () => {
    expect(isCrossSitePost(post({ origin: "http://localhost:3000", "sec-fetch-site": "same-origin" }), "http://localhost:3000")).toBe(false);
    expect(isCrossSitePost(post({ origin: "https://aqar.example.sa" }), "https://aqar.example.sa")).toBe(false);
    expect(isCrossSitePost(post({}), "http://localhost:3000")).toBe(false);
  });
});

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loginCodes, sessions, staffUsers } from "~/db/schema.ts";
import { seedDemoStaff } from "../../../demo/staff.server.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { CODE_RULES, checkLoginCode, pendingSignIn, requestLoginCode } from "./login-codes.server.ts";
import { createSession, deleteUserSessions, newToken, readSession, SESSION_LIMITS } from "./sessions.server.ts";

// Enough connections for the concurrency tests to be really concurrent.
const db = useTestDatabase({ connections: 24 });
const MANAGER = "0500000001";
const ACCOUNTANT = "0500000003";
const STAFF = "0500000004";
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
let clock = Date.UTC(2026, 5, 1, 8, 0, 0);
/** A fresh, controllable moment for each test: codes of one test never meet another's. */
const nextHour = () => new Date((clock += 3 * 60 * 60_000));

beforeAll(async () => {
  await seedDemoStaff(db());
});

async function issue(phone: string, now: Date, flowToken = newToken()) {
  const result = await requestLoginCode(db(), { phone, flowToken, address: `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`, now });
  if (!result.ok) throw new Error(`expected a code, got ${result.reason}`);
  return { ...result, flowToken };
}

describe("sign-in codes", () => {
  it("refuses a number that is not an active staff phone, and stores nothing", async () => {
    const result = await requestLoginCode(db(), { phone: "0555555555", flowToken: newToken(), address: "10.9.9.9", now: nextHour() });
    expect(result).toEqual({ ok: false, reason: "not-allowed" });
    expect(await db().select().from(loginCodes).where(eq(loginCodes.phone, "+966555555555"))).toEqual([]);
  });

  it("issues 6 digits, stores only a hash, and signs in once with the right code", async () => {
    const now = nextHour();
    const { code, flowToken, user } = await issue(MANAGER, now);
    expect(code).toMatch(/^\d{6}$/);
    expect(user.role).toBe("manager");
    const [row] = await db()
      .select()
      .from(loginCodes)
      .where(eq(loginCodes.flowHash, (await import("./sessions.server.ts")).sha256(flowToken)));
    expect(row!.codeHash).not.toContain(code);
    expect(await pendingSignIn(db(), flowToken, now)).toEqual({ phone: "+966500000001" });
    expect(await checkLoginCode(db(), { flowToken, code, now: at(now, 1000) })).toMatchObject({ ok: true, user: { phone: "+966500000001" } });
    expect(await checkLoginCode(db(), { flowToken, code, now: at(now, 2000) })).toEqual({ ok: false, reason: "no-code" });
  });

  it("is bound to the browser that asked for it", async () => {
    const now = nextHour();
    const { code } = await issue(ACCOUNTANT, now);
    expect(await checkLoginCode(db(), { flowToken: newToken(), code, now })).toEqual({ ok: false, reason: "no-code" });
    expect(await checkLoginCode(db(), { flowToken: undefined, code, now })).toEqual({ ok: false, reason: "no-code" });
  });

  it("expires after 10 minutes", async () => {
    const now = nextHour();
    const { code, flowToken } = await issue(STAFF, now);
    expect(await checkLoginCode(db(), { flowToken, code, now: at(now, CODE_RULES.validMs + 1) })).toEqual({ ok: false, reason: "expired" });
  });

  it("allows 5 wrong tries, then the code is spent even for the right digits", async () => {
    const now = nextHour();
    const { code, flowToken } = await issue(MANAGER, now);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 1; i < CODE_RULES.maxWrongTries; i++) expect(await checkLoginCode(db(), { flowToken, code: wrong, now })).toEqual({ ok: false, reason: "wrong" });
    expect(await checkLoginCode(db(), { flowToken, code: wrong, now })).toMatchObject({ ok: false, reason: "locked" });
    expect(await checkLoginCode(db(), { flowToken, code, now })).toMatchObject({ ok: false, reason: "locked" });
    // No new code (and no SMS) for the locked number until the tries leave the 15-minute window.
    expect(await requestLoginCode(db(), { phone: MANAGER, flowToken, address: "10.4.0.1", now: at(now, 60_000) })).toEqual({
      ok: false,
      reason: "locked",
      retryAfterSeconds: (CODE_RULES.perNumber.windowMs - 60_000) / 1000,
    });
    expect((await requestLoginCode(db(), { phone: MANAGER, flowToken, address: "10.4.0.1", now: at(now, CODE_RULES.perNumber.windowMs + 1) })).ok).toBe(true);
  });

  it("a new code keeps the wrong tries of the one before", async () => {
    const now = nextHour();
    const first = await issue(ACCOUNTANT, now);
    for (let i = 0; i < 4; i++) await checkLoginCode(db(), { flowToken: first.flowToken, code: "999999x", now });
    const second = await issue(ACCOUNTANT, at(now, CODE_RULES.minGapMs + 1), first.flowToken);
    expect(await checkLoginCode(db(), { flowToken: first.flowToken, code: "999999x", now: at(now, 40_000) })).toMatchObject({ ok: false, reason: "locked" });
    expect(await checkLoginCode(db(), { flowToken: first.flowToken, code: second.code, now: at(now, 41_000) })).toMatchObject({ ok: false, reason: "locked" });
  });

  it("one code per number per 30 seconds, at most 5 per 15 minutes", async () => {
    const now = nextHour();
    await issue(STAFF, now);
    expect(await requestLoginCode(db(), { phone: STAFF, flowToken: newToken(), address: "10.2.0.1", now: at(now, 29_000) })).toEqual({
      ok: false,
      reason: "too-soon",
      retryAfterSeconds: 1,
    });
    for (let i = 1; i < CODE_RULES.perNumber.limit; i++) await issue(STAFF, at(now, i * 31_000));
    expect(await requestLoginCode(db(), { phone: STAFF, flowToken: newToken(), address: "10.2.0.1", now: at(now, 5 * 31_000) })).toEqual({
      ok: false,
      reason: "too-many",
      retryAfterSeconds: (CODE_RULES.perNumber.windowMs - 5 * 31_000) / 1000,
    });
    // After the window, codes flow again.
    expect((await requestLoginCode(db(), { phone: STAFF, flowToken: newToken(), address: "10.2.0.1", now: at(now, CODE_RULES.perNumber.windowMs + 1) })).ok).toBe(true);
  });

  it("caps the codes asked from one address (at least 30 an hour pass)", async () => {
    expect(CODE_RULES.perAddress.limit).toBeGreaterThanOrEqual(30);
    const now = nextHour();
    for (let i = 0; i < CODE_RULES.perAddress.limit; i++) {
      const result = await requestLoginCode(db(), { phone: "0555000000", flowToken: newToken(), address: "10.3.3.3", now });
      expect(result).toEqual({ ok: false, reason: "not-allowed" });
    }
    expect(await requestLoginCode(db(), { phone: MANAGER, flowToken: newToken(), address: "10.3.3.3", now })).toMatchObject({ ok: false, reason: "address-limited" });
  });

  it("counts wrong tries per number: five over several browsers' codes kill every code of the number", async () => {
    const now = nextHour();
    const flows = [await issue(STAFF, now), await issue(STAFF, at(now, 31_000)), await issue(STAFF, at(now, 62_000))];
    const later = at(now, 70_000);
    for (const [i, tries] of [2, 2, 1].entries()) {
      for (let t = 0; t < tries; t++) await checkLoginCode(db(), { flowToken: flows[i]!.flowToken, code: "000000x", now: later });
    }
    for (const flow of flows) expect(await checkLoginCode(db(), { flowToken: flow.flowToken, code: flow.code, now: later })).toMatchObject({ ok: false, reason: "locked" });
  });

  it("holds the five tries under concurrent guesses: 59 wrong and the right code at once never sign in", async () => {
    const now = nextHour();
    const { code, flowToken } = await issue(ACCOUNTANT, now);
    const wrong = code === "000000" ? "111111" : "000000";
    const guesses = [...Array.from({ length: 59 }, () => wrong), code];
    const results = await Promise.all(guesses.map((guess) => checkLoginCode(db(), { flowToken, code: guess, now })));
    const wrongAnswers = results.filter((r) => !r.ok && r.reason === "wrong").length;
    expect(results.filter((r) => r.ok)).toEqual([]);
    expect(wrongAnswers).toBeLessThanOrEqual(CODE_RULES.maxWrongTries - 1);
    const [row] = await db()
      .select()
      .from(loginCodes)
      .where(eq(loginCodes.flowHash, (await import("./sessions.server.ts")).sha256(flowToken)));
    expect(row!.failedAttempts).toBe(CODE_RULES.maxWrongTries);
    expect(row!.usedAt).toBeNull();
  });

  it("sends one code when 20 requests for one number arrive at once", async () => {
    const now = nextHour();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => requestLoginCode(db(), { phone: MANAGER, flowToken: newToken(), address: `10.20.0.${i}`, now })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === "too-soon")).toHaveLength(19);
    const rows = await db().select().from(loginCodes).where(eq(loginCodes.phone, "+966500000001"));
    expect(rows.filter((r) => r.createdAt.getTime() === now.getTime())).toHaveLength(1);
  });

  it("caps the codes tried from one address, whatever the browser", async () => {
    const now = nextHour();
    const { code, flowToken } = await issue(MANAGER, now);
    for (let i = 0; i < CODE_RULES.verifyPerAddress.limit; i++) {
      await checkLoginCode(db(), { flowToken: newToken(), code: "123456", address: "10.5.5.5", now });
    }
    const refused = await checkLoginCode(db(), { flowToken, code, address: "10.5.5.5", now });
    expect(refused).toMatchObject({ ok: false, reason: "address-limited" });
    expect(!refused.ok && refused.retryAfterSeconds).toBeGreaterThan(0);
    // The same code from another address still works: the refusal spent nothing.
    expect(await checkLoginCode(db(), { flowToken, code, address: "10.5.5.6", now })).toMatchObject({ ok: true });
  });

  it("refuses a right code once the staff member has been deactivated", async () => {
    const now = nextHour();
    const { code, flowToken, user } = await issue("0500000002", now);
    await db().update(staffUsers).set({ active: false }).where(eq(staffUsers.id, user.id));
    expect(await checkLoginCode(db(), { flowToken, code, now })).toEqual({ ok: false, reason: "not-allowed" });
    await db().update(staffUsers).set({ active: true }).where(eq(staffUsers.id, user.id));
  });
});

describe("sessions", () => {
  async function managerId() {
    const [row] = await db().select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, "khaled"));
    return row!.id;
  }

  it("stores only a hash of the token and finds the user back", async () => {
    const now = new Date();
    const token = await createSession(db(), await managerId(), now);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    expect(await db().select().from(sessions).where(eq(sessions.idHash, token))).toEqual([]);
    expect(await readSession(db(), token, now)).toMatchObject({ username: "khaled", role: "manager" });
    expect(await readSession(db(), "forged", now)).toBeUndefined();
  });

  it("ends after 2 idle hours, even when younger than a day", async () => {
    const start = new Date(Date.UTC(2026, 6, 1, 8));
    const token = await createSession(db(), await managerId(), start);
    expect(await readSession(db(), token, at(start, SESSION_LIMITS.idleMs - 60_000))).toBeDefined();
    // Used a minute before the idle limit, so it lives on...
    expect(await readSession(db(), token, at(start, 2 * SESSION_LIMITS.idleMs - 120_000))).toBeDefined();
    // ...until it is left alone for more than 2 hours.
    expect(await readSession(db(), token, at(start, 3 * SESSION_LIMITS.idleMs))).toBeUndefined();
    expect(await readSession(db(), token, at(start, 3 * SESSION_LIMITS.idleMs - 60_000))).toBeUndefined(); // deleted
  });

  it("ends after 24 hours however active", async () => {
    const start = new Date(Date.UTC(2026, 6, 2, 8));
    const token = await createSession(db(), await managerId(), start);
    for (let h = 1; h < 24; h++) expect(await readSession(db(), token, at(start, h * 60 * 60_000))).toBeDefined();
    expect(await readSession(db(), token, at(start, SESSION_LIMITS.absoluteMs + 1000))).toBeUndefined();
  });

  it("ends at once when the user is deactivated or their sessions are deleted", async () => {
    const id = await managerId();
    const now = new Date();
    const token = await createSession(db(), id, now);
    await db().update(staffUsers).set({ active: false }).where(eq(staffUsers.id, id));
    expect(await readSession(db(), token, now)).toBeUndefined();
    await db().update(staffUsers).set({ active: true }).where(eq(staffUsers.id, id));
    const second = await createSession(db(), id, now);
    await deleteUserSessions(db(), id);
    expect(await readSession(db(), second, now)).toBeUndefined();
  });
});

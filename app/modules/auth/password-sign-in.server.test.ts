import { beforeAll, describe, expect, it } from "vitest";
import { createStaffUser, setStaffPasswordHash } from "~/modules/users/users.server.ts";
import { ARGON2_CONCURRENCY, hashPassword, passwordWorkLoad, PasswordWorkBusyError, verifyPassword } from "~/utils/password.server.ts";
import { solvedProof } from "../../../tests/factories/proof-of-work.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { SIGN_IN_MESSAGES } from "./messages.ts";
import { PASSWORD_SIGN_IN, signInWithPassword } from "./password-sign-in.server.ts";

const db = useTestDatabase({ connections: 16 });
const PASSWORD = "نخلة-وبحر-2026";
let clock = Date.UTC(2026, 8, 1, 6, 0, 0);
/** A fresh moment per test, on a 15-minute boundary: counters of one test never meet another's. */
const nextWindow = () => (clock += 60 * 60_000);

beforeAll(async () => {
  const user = await createStaffUser(db(), { name: "سلمان", username: "salman", phone: "0512000077", role: "staff", email: "salman@example.sa" });
  await setStaffPasswordHash(db(), user.id, await hashPassword(PASSWORD));
});

async function attempt(args: { identifier: string; password: string; address: string; now: number; proof?: string | null }) {
  const proof = args.proof === null ? undefined : (args.proof ?? (await solvedProof(db())));
  return signInWithPassword({ db: db() }, { ...args, proof });
}

describe("password sign-in limits", () => {
  it("needs the proof of work before any password is checked", async () => {
    const now = nextWindow();
    expect(await attempt({ identifier: "salman", password: PASSWORD, address: "7.0.0.1", now, proof: null })).toEqual({
      ok: false,
      status: 400,
      error: SIGN_IN_MESSAGES.botCheckMissing,
    });
    expect(await attempt({ identifier: "salman", password: PASSWORD, address: "7.0.0.1", now, proof: "bm9wZQ==" })).toMatchObject({ ok: false, status: 400 });
    expect((await attempt({ identifier: "salman", password: PASSWORD, address: "7.0.0.1", now })).ok).toBe(true);
  });

  it("caps the tries from one client address, whatever the accounts, with a time to come back", async () => {
    const now = nextWindow();
    for (let i = 0; i < PASSWORD_SIGN_IN.perAddress.limit; i++) {
      await attempt({ identifier: `someone-${i}`, password: "x", address: "7.0.0.2", now, proof: null });
    }
    const refused = await attempt({ identifier: "salman", password: PASSWORD, address: "7.0.0.2", now });
    expect(refused).toMatchObject({ ok: false, status: 429, error: SIGN_IN_MESSAGES.tooManyFromAddress });
    expect(!refused.ok && refused.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("ten wrong passwords from one address lock that address out of the account, not its owner elsewhere", async () => {
    const now = nextWindow();
    let last;
    for (let i = 0; i <= PASSWORD_SIGN_IN.perAccount.limit; i++) last = await attempt({ identifier: "salman", password: "wrong", address: "7.0.0.3", now });
    expect(last).toMatchObject({ ok: false, status: 429, error: PASSWORD_SIGN_IN.throttled });
    // The owner, from their own address, still signs in (the account-wide rule only slows).
    expect((await attempt({ identifier: "salman", password: PASSWORD, address: "7.0.0.4", now: now + 1000 })).ok).toBe(true);
  });

  it("slows an account tried from many addresses: one try per growing slot, however many arrive at once", async () => {
    const now = nextWindow();
    const free = PASSWORD_SIGN_IN.accountWide.freeFailures;
    for (let i = 0; i < free; i++) expect(await attempt({ identifier: "SALMAN", password: "wrong", address: `7.1.0.${i}`, now })).toMatchObject({ status: 400 });
    // Twelve attackers at once, each from its own address: one is let through, the rest wait.
    const proofs = await Promise.all(Array.from({ length: 12 }, () => solvedProof(db())));
    const burst = await Promise.all(proofs.map((proof, i) => attempt({ identifier: "salman", password: "wrong", address: `7.2.0.${i}`, now, proof })));
    expect(burst.filter((r) => !r.ok && r.status === 400)).toHaveLength(1);
    const slowed = burst.filter((r) => !r.ok && r.status === 429);
    expect(slowed).toHaveLength(11);
    expect(slowed[0]).toMatchObject({ error: PASSWORD_SIGN_IN.slowed });
    // The slot doubles with each failure: 2 s after the eleventh failure, one more try.
    const slotAfter11 = 2 * PASSWORD_SIGN_IN.accountWide.firstSlotMs;
    const next = Math.ceil((now + 1) / slotAfter11) * slotAfter11;
    expect(await attempt({ identifier: "salman", password: PASSWORD, address: "7.3.0.1", now: next })).toMatchObject({ ok: true });
  });
});

describe("password work cap", () => {
  it("runs at most a few argon2 checks at once and refuses beyond its queue instead of queueing without bound", async () => {
    const stored = await hashPassword("a-long-enough-secret");
    let peak = 0;
    const watcher = setInterval(() => (peak = Math.max(peak, passwordWorkLoad().running)), 1);
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, () => verifyPassword("a-long-enough-secret", stored)));
    clearInterval(watcher);
    const busy = outcomes.filter((o) => o.status === "rejected" && o.reason instanceof PasswordWorkBusyError);
    const done = outcomes.filter((o) => o.status === "fulfilled" && o.value === true);
    expect(done).toHaveLength(ARGON2_CONCURRENCY.running + ARGON2_CONCURRENCY.waiting);
    expect(busy).toHaveLength(30 - done.length);
    expect(peak).toBeLessThanOrEqual(ARGON2_CONCURRENCY.running);
    expect(passwordWorkLoad()).toEqual({ running: 0, waiting: 0 });
  });

  it("answers a sign-in that finds the work full with 429, not a queue", async () => {
    const now = nextWindow();
    const stored = await hashPassword("another-secret-1");
    const proof = await solvedProof(db());
    // A flood: more checks than the cap, each resubmitted as soon as it ends or is refused.
    let flooding = true;
    const worker = async () => {
      while (flooding) await verifyPassword("x", stored).catch(() => new Promise((resolve) => setImmediate(resolve)));
    };
    const load = Array.from({ length: ARGON2_CONCURRENCY.running + ARGON2_CONCURRENCY.waiting + 4 }, worker);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const refused = await attempt({ identifier: "salman", password: PASSWORD, address: "7.4.0.1", now, proof });
    flooding = false;
    await Promise.all(load);
    expect(refused).toMatchObject({ ok: false, status: 429, error: PASSWORD_SIGN_IN.busy });
  });
});

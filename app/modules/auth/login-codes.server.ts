import crypto from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { loginCodes } from "~/db/schema.ts";
import { hitRateLimit } from "~/modules/form-guard/index.server.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import { findActiveStaffByPhone } from "~/modules/users/index.server.ts";
import { getAppSecret } from "~/utils/secrets.server.ts";
import { sha256 } from "./sessions.server.ts";

/** Rules of the one-time sign-in codes (issue 4, hardened in issue 11; see decision 010). */
export const CODE_RULES = {
  digits: 6,
  validMs: 10 * 60_000,
  /** Wrong tries per number (all its codes together) in the window below; then every code is dead. */
  maxWrongTries: 5,
  /** One code per number per 30 seconds, at most 5 per number per 15 minutes. */
  minGapMs: 30_000,
  perNumber: { limit: 5, windowMs: 15 * 60_000 },
  /** Codes asked per client address: at least 30 an hour must always pass (an office shares one address). */
  perAddress: { limit: 30, windowMs: 60 * 60_000 },
  /** Codes tried per client address: a person mistypes a few times, a guesser thousands. */
  verifyPerAddress: { limit: 30, windowMs: 15 * 60_000 },
} as const;

/**
 * What a code confirms. A staff sign-in code keeps its original HMAC input; any other purpose is
 * prefixed, so a code sent to confirm a maintenance report can never open the back office (and
 * the reverse), though both share the number's limits.
 */
export type CodePurpose = "sign-in" | "maintenance-report";

async function hashCode(db: Db, phone: string, code: string, purpose: CodePurpose = "sign-in"): Promise<string> {
  return crypto
    .createHmac("sha256", await getAppSecret(db, "login-code-hmac"))
    .update(purpose === "sign-in" ? `${phone}:${code}` : `${purpose}:${phone}:${code}`)
    .digest("hex");
}

/**
 * Everything that reads and then changes a number's codes runs in one transaction holding this
 * lock on the number, so concurrent requests (on any app instance) take turns: the limits are
 * read and written as one step.
 */
async function lockNumber(tx: Pick<Db, "execute">, phone: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`login-code:${phone}`}, 0))`);
}

/** Wrong tries of all the number's codes issued within the window. */
async function wrongTriesOfNumber(tx: Db, phone: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ wrong: sql<number>`coalesce(sum(${loginCodes.failedAttempts}), 0)::int` })
    .from(loginCodes)
    .where(and(eq(loginCodes.phone, phone), gt(loginCodes.createdAt, new Date(now.getTime() - CODE_RULES.perNumber.windowMs))));
  return row?.wrong ?? 0;
}

const secondsUntil = (at: number, now: Date) => Math.max(1, Math.ceil((at - now.getTime()) / 1000));

export type CodeRequestRefusal = "not-allowed" | "too-soon" | "too-many" | "address-limited" | "locked";
export type CodeRequestResult = { ok: true; user: StaffProfile; code: string; codeId: number } | { ok: false; reason: CodeRequestRefusal; retryAfterSeconds?: number };

/**
 * Issues a code for an active staff phone, bound to the browser's sign-in token. The caller
 * sends it by SMS; only its HMAC is stored. Concurrent requests for one number are serialised,
 * so the limits hold however many arrive at once: exactly one of them gets a code.
 */
export async function requestLoginCode(
  db: Db,
  { phone, flowToken, address, now = new Date() }: { phone: string; flowToken: string; address: string; now?: Date },
): Promise<CodeRequestResult> {
  const perAddress = await hitRateLimit(db, { scope: "login-code", address, ...CODE_RULES.perAddress, now: now.getTime() });
  if (!perAddress.allowed) return { ok: false, reason: "address-limited", retryAfterSeconds: perAddress.retryAfterSeconds };
  const user = await findActiveStaffByPhone(db, phone);
  if (!user) return { ok: false, reason: "not-allowed" };
  const issued = await issuePhoneCode(db, { phone: user.phone, flowToken, now });
  return issued.ok ? { ...issued, user } : issued;
}

export type PhoneCodeResult =
  { ok: true; code: string; codeId: number } | { ok: false; reason: Exclude<CodeRequestRefusal, "not-allowed" | "address-limited">; retryAfterSeconds?: number };

/**
 * Issues a code for a number (already in E.164), bound to a browser's flow token, under the
 * number's limits (one per 30 seconds, 5 per 15 minutes, none while locked by wrong tries), all
 * read and written under the number's lock. The staff sign-in and the tenants' maintenance reports
 * (decision 054) share it; the caller checks who may ask and the per-address limit.
 */
export async function issuePhoneCode(
  db: Db,
  { phone, flowToken, now = new Date(), purpose = "sign-in" }: { phone: string; flowToken: string; now?: Date; purpose?: CodePurpose },
): Promise<PhoneCodeResult> {
  const code = crypto
    .randomInt(0, 10 ** CODE_RULES.digits)
    .toString()
    .padStart(CODE_RULES.digits, "0");
  const codeHash = await hashCode(db, phone, code, purpose);
  return db.transaction(async (tx): Promise<PhoneCodeResult> => {
    await lockNumber(tx, phone);
    const windowStart = now.getTime() - CODE_RULES.perNumber.windowMs;
    const recent = await tx
      .select({ createdAt: loginCodes.createdAt })
      .from(loginCodes)
      .where(and(eq(loginCodes.phone, phone), gt(loginCodes.createdAt, new Date(windowStart))))
      .orderBy(desc(loginCodes.createdAt));
    const newest = recent[0]?.createdAt.getTime();
    if (newest !== undefined && now.getTime() - newest < CODE_RULES.minGapMs) {
      return { ok: false, reason: "too-soon", retryAfterSeconds: secondsUntil(newest + CODE_RULES.minGapMs, now) };
    }
    const oldestLeavesAt = (recent.at(-1)?.createdAt.getTime() ?? now.getTime()) + CODE_RULES.perNumber.windowMs;
    if (recent.length >= CODE_RULES.perNumber.limit) return { ok: false, reason: "too-many", retryAfterSeconds: secondsUntil(oldestLeavesAt, now) };
    // Five wrong tries lock the number until they leave the 15-minute window: no new SMS meanwhile.
    if ((await wrongTriesOfNumber(tx, phone, now)) >= CODE_RULES.maxWrongTries) {
      return { ok: false, reason: "locked", retryAfterSeconds: secondsUntil(oldestLeavesAt, now) };
    }
    const [row] = await tx
      .insert(loginCodes)
      .values({
        phone: phone,
        codeHash,
        flowHash: sha256(flowToken),
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_RULES.validMs),
      })
      .returning({ id: loginCodes.id });
    return { ok: true, code, codeId: row!.id };
  });
}

/** The phone a browser's sign-in token is waiting for a code on (step 2), if any. */
export async function pendingSignIn(db: Db, flowToken: string | undefined, now = new Date()): Promise<{ phone: string } | undefined> {
  if (!flowToken) return undefined;
  const [row] = await db
    .select({ phone: loginCodes.phone })
    .from(loginCodes)
    .where(and(eq(loginCodes.flowHash, sha256(flowToken)), isNull(loginCodes.usedAt), gt(loginCodes.expiresAt, now)))
    .orderBy(desc(loginCodes.createdAt))
    .limit(1);
  return row;
}

/**
 * When the number's newest code was sent, and the seconds until it may be sent another (one per 30
 * seconds): the code step's countdown on «إعادة إرسال الرمز». 0 when it may now; the other limits
 * answer when it is pressed.
 */
export async function nextCodeWait(db: Db, phone: string, now = new Date()): Promise<{ sentAt: number; seconds: number }> {
  const [newest] = await db.select({ createdAt: loginCodes.createdAt }).from(loginCodes).where(eq(loginCodes.phone, phone)).orderBy(desc(loginCodes.createdAt)).limit(1);
  if (!newest) return { sentAt: 0, seconds: 0 };
  const at = newest.createdAt.getTime() + CODE_RULES.minGapMs;
  return { sentAt: newest.createdAt.getTime(), seconds: at > now.getTime() ? secondsUntil(at, now) : 0 };
}

export type CodeCheckResult =
  { ok: true; user: StaffProfile } | { ok: false; reason: "no-code" | "wrong" | "expired" | "locked" | "not-allowed" | "address-limited"; retryAfterSeconds?: number };

/**
 * Checks a code against the newest code issued to this browser. Wrong tries are counted per
 * number: after the fifth, every code of the number is dead (the right digits included) until the
 * window lets a new one be sent. Reading the count, comparing and counting are one step under the
 * number's lock, so concurrent guesses cannot all be compared before any is counted. A right code
 * is used once; the staff member must still be active. With `address`, the tries of one client
 * address are capped as well.
 */
export async function checkLoginCode(
  db: Db,
  { flowToken, code, address, now = new Date() }: { flowToken: string | undefined; code: string; address?: string; now?: Date },
): Promise<CodeCheckResult> {
  if (address !== undefined) {
    const rate = await hitRateLimit(db, { scope: "login-verify", address, ...CODE_RULES.verifyPerAddress, now: now.getTime() });
    if (!rate.allowed) return { ok: false, reason: "address-limited", retryAfterSeconds: rate.retryAfterSeconds };
  }
  const verdict = await db.transaction((tx) => checkPhoneCodeIn(tx, { flowToken, code, now }));
  if (!verdict.ok) return verdict;
  const user = await findActiveStaffByPhone(db, verdict.phone);
  if (!user) return { ok: false, reason: "not-allowed" };
  return { ok: true, user };
}

export type PhoneCodeVerdict = { ok: true; phone: string } | { ok: false; reason: "no-code" | "wrong" | "expired" | "locked"; retryAfterSeconds?: number };

/**
 * Checks a code against the newest unused code of a browser's flow token, inside the caller's
 * transaction (so a maintenance report is stored with its code used, or neither). Wrong tries are
 * counted per number: after the fifth, every code of the number is dead (the right digits included)
 * until the window lets a new one be sent. Reading the count, comparing and counting are one step
 * under the number's lock, so concurrent guesses cannot all be compared before any is counted.
 * A refusal changes only the tries count: the caller commits it and stores nothing else.
 */
export async function checkPhoneCodeIn(
  tx: Db,
  { flowToken, code, now = new Date(), purpose = "sign-in" }: { flowToken: string | undefined; code: string; now?: Date; purpose?: CodePurpose },
): Promise<PhoneCodeVerdict> {
  if (!flowToken) return { ok: false, reason: "no-code" };
  const [found] = await tx
    .select({ id: loginCodes.id, phone: loginCodes.phone })
    .from(loginCodes)
    .where(and(eq(loginCodes.flowHash, sha256(flowToken)), isNull(loginCodes.usedAt)))
    .orderBy(desc(loginCodes.createdAt))
    .limit(1);
  if (!found) return { ok: false, reason: "no-code" };
  const given = await hashCode(tx, found.phone, code.trim(), purpose);
  await lockNumber(tx, found.phone);
  const [row] = await tx.select().from(loginCodes).where(eq(loginCodes.id, found.id));
  if (!row || row.usedAt) return { ok: false, reason: "no-code" };
  const lockedFor = { ok: false as const, reason: "locked" as const, retryAfterSeconds: secondsUntil(row.createdAt.getTime() + CODE_RULES.perNumber.windowMs, now) };
  const wrongSoFar = await wrongTriesOfNumber(tx, row.phone, now);
  if (wrongSoFar >= CODE_RULES.maxWrongTries) return lockedFor;
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  const matches = given.length === row.codeHash.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(row.codeHash));
  if (!matches) {
    await tx
      .update(loginCodes)
      .set({ failedAttempts: sql`${loginCodes.failedAttempts} + 1` })
      .where(eq(loginCodes.id, row.id));
    return wrongSoFar + 1 >= CODE_RULES.maxWrongTries ? lockedFor : { ok: false, reason: "wrong" };
  }
  await tx.update(loginCodes).set({ usedAt: now }).where(eq(loginCodes.id, row.id));
  return { ok: true, phone: row.phone };
}

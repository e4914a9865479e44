import crypto from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { loginCodes } from "~/db/schema.ts";
import { hitRateLimit } from "~/modules/form-guard/rate-limit.server.ts";
import { findActiveStaffByPhone, type StaffProfile } from "~/modules/users/users.server.ts";
import { getAppSecret } from "~/utils/secrets.server.ts";
import { sha256 } from "./sessions.server.ts";

/** Rules of the one-time sign-in codes (issue 4). */
export const CODE_RULES = {
  digits: 6,
  validMs: 10 * 60_000,
  maxWrongTries: 5,
  /** One code per number per 30 seconds, at most 5 per number per 15 minutes. */
  minGapMs: 30_000,
  perNumber: { limit: 5, windowMs: 15 * 60_000 },
  /** Per client address: at least 30 per hour (DESIGN.md) pass. */
  perAddress: { limit: 30, windowMs: 60 * 60_000 },
} as const;

async function hashCode(db: Db, phone: string, code: string): Promise<string> {
  return crypto.createHmac("sha256", await getAppSecret(db, "login-code-hmac")).update(`${phone}:${code}`).digest("hex");
}

export type CodeRequestResult =
  | { ok: true; user: StaffProfile; code: string; codeId: number }
  | { ok: false; reason: "not-allowed" | "too-soon" | "too-many" | "address-limited" | "locked" };

/**
 * Issues a code for an active staff phone, bound to the browser's sign-in token. The caller
 * sends it by SMS; only its HMAC is stored. A new code keeps the wrong tries of the previous one.
 */
export async function requestLoginCode(
  db: Db,
  { phone, flowToken, address, now = new Date() }: { phone: string; flowToken: string; address: string; now?: Date },
): Promise<CodeRequestResult> {
  const perAddress = await hitRateLimit(db, { scope: "login-code", address, ...CODE_RULES.perAddress, now: now.getTime() });
  if (!perAddress.allowed) return { ok: false, reason: "address-limited" };
  const user = await findActiveStaffByPhone(db, phone);
  if (!user) return { ok: false, reason: "not-allowed" };

  const recent = await db
    .select({ createdAt: loginCodes.createdAt, failedAttempts: loginCodes.failedAttempts })
    .from(loginCodes)
    .where(and(eq(loginCodes.phone, user.phone), gt(loginCodes.createdAt, new Date(now.getTime() - CODE_RULES.perNumber.windowMs))))
    .orderBy(desc(loginCodes.createdAt));
  if (recent[0] && now.getTime() - recent[0].createdAt.getTime() < CODE_RULES.minGapMs) return { ok: false, reason: "too-soon" };
  if (recent.length >= CODE_RULES.perNumber.limit) return { ok: false, reason: "too-many" };
  // Five wrong tries lock the number until they leave the 15-minute window: no new SMS meanwhile.
  if ((recent[0]?.failedAttempts ?? 0) >= CODE_RULES.maxWrongTries) return { ok: false, reason: "locked" };

  const code = crypto.randomInt(0, 10 ** CODE_RULES.digits).toString().padStart(CODE_RULES.digits, "0");
  const [row] = await db
    .insert(loginCodes)
    .values({
      phone: user.phone,
      codeHash: await hashCode(db, user.phone, code),
      flowHash: sha256(flowToken),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_RULES.validMs),
      failedAttempts: recent[0]?.failedAttempts ?? 0,
    })
    .returning({ id: loginCodes.id });
  return { ok: true, user, code, codeId: row!.id };
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

export type CodeCheckResult = { ok: true; user: StaffProfile } | { ok: false; reason: "no-code" | "wrong" | "expired" | "locked" | "not-allowed" };

/**
 * Checks a code against the newest code issued to this browser. Wrong tries are counted; the
 * fifth spends the code. A right code is used once; the staff member must still be active.
 */
export async function checkLoginCode(
  db: Db,
  { flowToken, code, now = new Date() }: { flowToken: string | undefined; code: string; now?: Date },
): Promise<CodeCheckResult> {
  if (!flowToken) return { ok: false, reason: "no-code" };
  const [row] = await db
    .select()
    .from(loginCodes)
    .where(and(eq(loginCodes.flowHash, sha256(flowToken)), isNull(loginCodes.usedAt)))
    .orderBy(desc(loginCodes.createdAt))
    .limit(1);
  if (!row) return { ok: false, reason: "no-code" };
  if (row.failedAttempts >= CODE_RULES.maxWrongTries) return { ok: false, reason: "locked" };
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };

  const given = await hashCode(db, row.phone, code.trim());
  const matches = given.length === row.codeHash.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(row.codeHash));
  if (!matches) {
    const [updated] = await db
      .update(loginCodes)
      .set({ failedAttempts: sql`${loginCodes.failedAttempts} + 1` })
      .where(eq(loginCodes.id, row.id))
      .returning({ failedAttempts: loginCodes.failedAttempts });
    return { ok: false, reason: (updated?.failedAttempts ?? 0) >= CODE_RULES.maxWrongTries ? "locked" : "wrong" };
  }
  // Single use, even when two requests race: only one update finds it unused.
  const spent = await db
    .update(loginCodes)
    .set({ usedAt: now })
    .where(and(eq(loginCodes.id, row.id), isNull(loginCodes.usedAt)))
    .returning({ id: loginCodes.id });
  if (spent.length === 0) return { ok: false, reason: "no-code" };
  const user = await findActiveStaffByPhone(db, row.phone);
  if (!user) return { ok: false, reason: "not-allowed" };
  return { ok: true, user };
}

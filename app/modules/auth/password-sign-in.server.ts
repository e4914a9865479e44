import { and, eq, sql } from "drizzle-orm";
import type { AppServices } from "~/context.ts";
import { staffUsers } from "~/db/schema.ts";
import { verifyFormProof } from "~/modules/form-guard/index.server.ts";
import { hitRateLimit, peekRateLimit } from "~/modules/form-guard/index.server.ts";
import { log } from "~/utils/log.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { isPasswordWorkFull, PasswordWorkBusyError, verifyAgainstDummy, verifyPassword } from "~/utils/password.server.ts";
import { SIGN_IN_MESSAGES } from "./messages.ts";
import { createSession } from "./sessions.server.ts";
import { formatDigitsArabic } from "~/utils/format.ts";

const MINUTES_15 = 15 * 60_000;

/** Limits of password sign-in (issue 11; decision 010 says why each is where it is). */
export const PASSWORD_SIGN_IN = {
  /** Tries from one client address, whatever the account. */
  perAddress: { limit: 30, windowMs: MINUTES_15 },
  /** Tries for one account (username or e-mail as typed, known or not) from one address. */
  perAccount: { limit: 10, windowMs: MINUTES_15 },
  /**
   * Failures for one account from every address together: the first 10 in 15 minutes are free,
   * then one try per slot of 1 s, 2 s, 4 s … up to a minute. A flood from many addresses slows
   * to a trickle, and the owner is never locked out for long.
   */
  accountWide: { freeFailures: 10, windowMs: MINUTES_15, firstSlotMs: 1000, maxSlotMs: 60_000 },
  failed: "اسم المستخدم أو كلمة المرور غير صحيحة",
  throttled: formatDigitsArabic("محاولات كثيرة لهذا الحساب، يرجى المحاولة بعد 15 دقيقة"),
  slowed: "محاولات كثيرة لهذا الحساب، يرجى الانتظار قليلًا ثم المحاولة مرة أخرى",
  busy: MESSAGES.serverBusy,
} as const;

export type PasswordSignInResult = { ok: true; sessionToken: string; role: string } | { ok: false; status: 400 | 429; error: string; retryAfterSeconds?: number };

const refuse = (error: string, retryAfterSeconds?: number): PasswordSignInResult => ({ ok: false, status: 429, error, retryAfterSeconds });

/** The account-wide slowing: may this account be tried now? */
async function accountSlotFree(db: AppServices["db"], key: string, now: number): Promise<{ free: true } | { free: false; retryAfterSeconds: number }> {
  const rules = PASSWORD_SIGN_IN.accountWide;
  const failures = await peekRateLimit(db, { scope: "password-failures", address: key, windowMs: rules.windowMs, now });
  if (failures < rules.freeFailures) return { free: true };
  const slotMs = Math.min(rules.maxSlotMs, rules.firstSlotMs * 2 ** (failures - rules.freeFailures));
  // One try per slot, claimed atomically: of concurrent tries, one gets it.
  const slot = await hitRateLimit(db, { scope: "password-slot", address: key, limit: 1, windowMs: slotMs, now });
  return slot.allowed ? { free: true } : { free: false, retryAfterSeconds: slot.retryAfterSeconds };
}

/**
 * Sign-in with username or e-mail and password, the second way in beside the SMS code. Unknown account, inactive account,
 * no password yet or a wrong password: one message, one status, and the same argon2 work. Before
 * any argon2 work: the address's limit, the proof of work, the account-and-address limit and the
 * account-wide slowing; the argon2 work itself is capped process-wide.
 */
export async function signInWithPassword(
  services: Pick<AppServices, "db">,
  { identifier, password, proof, address, now = Date.now() }: { identifier: string; password: string; proof: string | undefined; address: string; now?: number },
): Promise<PasswordSignInResult> {
  const { db } = services;
  // Under a flood the password work is full: refuse before any database work, the cheapest answer.
  if (isPasswordWorkFull()) {
    log.warn("password sign-in refused: password work busy", { address });
    return refuse(PASSWORD_SIGN_IN.busy, 5);
  }
  const key = `account:${identifier.trim().toLowerCase().slice(0, 200)}`;
  const perAddress = await hitRateLimit(db, { scope: "password-sign-in", address: `address:${address}`, ...PASSWORD_SIGN_IN.perAddress, now });
  if (!perAddress.allowed) {
    log.warn("password sign-in throttled", { address, limit: "address" });
    return refuse(SIGN_IN_MESSAGES.tooManyFromAddress, perAddress.retryAfterSeconds);
  }
  const verdict = await verifyFormProof(db, proof);
  if (verdict !== "ok") {
    log.warn("password sign-in bot check refused", { verdict, address });
    const error = verdict === "missing" ? SIGN_IN_MESSAGES.botCheckMissing : verdict === "invalid" ? SIGN_IN_MESSAGES.botCheckSetupFailed : SIGN_IN_MESSAGES.botCheckExpired;
    return { ok: false, status: 400, error };
  }
  const perAccount = await hitRateLimit(db, { scope: "password-sign-in", address: `${key}|${address}`, ...PASSWORD_SIGN_IN.perAccount, now });
  if (!perAccount.allowed) {
    log.warn("password sign-in throttled", { address, limit: "account and address" });
    return refuse(PASSWORD_SIGN_IN.throttled, perAccount.retryAfterSeconds);
  }
  const slot = await accountSlotFree(db, key, now);
  if (!slot.free) {
    log.warn("password sign-in throttled", { address, limit: "account" });
    return refuse(PASSWORD_SIGN_IN.slowed, slot.retryAfterSeconds);
  }

  const wanted = key.slice("account:".length);
  const [user] = wanted
    ? await db
        .select({ id: staffUsers.id, passwordHash: staffUsers.passwordHash, role: staffUsers.role })
        .from(staffUsers)
        .where(and(eq(staffUsers.active, true), sql`(${staffUsers.username} = ${wanted} or lower(${staffUsers.email}) = ${wanted})`))
        .limit(1)
    : [];
  let matches: boolean;
  try {
    matches = user?.passwordHash ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password);
  } catch (error) {
    if (!(error instanceof PasswordWorkBusyError)) throw error;
    log.warn("password sign-in refused: password work busy", { address });
    return refuse(PASSWORD_SIGN_IN.busy, 5);
  }
  if (!user || !matches) {
    await hitRateLimit(db, { scope: "password-failures", address: key, limit: Number.MAX_SAFE_INTEGER, windowMs: PASSWORD_SIGN_IN.accountWide.windowMs, now });
    log.warn("password sign-in failed", { address, known: Boolean(user) });
    return { ok: false, status: 400, error: PASSWORD_SIGN_IN.failed };
  }
  log.info("signed in with password", { userId: user.id, role: user.role, address });
  return { ok: true, sessionToken: await createSession(db, user.id), role: user.role };
}

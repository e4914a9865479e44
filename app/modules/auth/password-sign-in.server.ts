import { and, eq, sql } from "drizzle-orm";
import type { AppServices } from "~/context.ts";
import { staffUsers } from "~/db/schema.ts";
import { hitRateLimit } from "~/modules/form-guard/rate-limit.server.ts";
import { log } from "~/utils/log.server.ts";
import { verifyAgainstDummy, verifyPassword } from "~/utils/password.server.ts";
import { createSession } from "./sessions.server.ts";

export const PASSWORD_SIGN_IN = {
  /** Tries per account (username or e-mail as typed) per 15 minutes, whether or not it exists. */
  perAccount: { limit: 10, windowMs: 15 * 60_000 },
  failed: "اسم المستخدم أو كلمة المرور غير صحيحة",
  throttled: "محاولات كثيرة لهذا الحساب، يرجى المحاولة بعد 15 دقيقة",
} as const;

export type PasswordSignInResult = { ok: true; sessionToken: string } | { ok: false; status: 400 | 429; error: string };

/**
 * Sign-in with username or e-mail and password (SPEC.md §7). Unknown account, inactive account,
 * no password yet or a wrong password: one message, one status, and the same argon2 work.
 */
export async function signInWithPassword(
  services: Pick<AppServices, "db">,
  { identifier, password, address }: { identifier: string; password: string; address: string },
): Promise<PasswordSignInResult> {
  const { db } = services;
  const key = identifier.trim().toLowerCase().slice(0, 200);
  const rate = await hitRateLimit(db, { scope: "password-sign-in", address: `account:${key}`, ...PASSWORD_SIGN_IN.perAccount });
  if (!rate.allowed) {
    log.warn("password sign-in throttled", { address });
    return { ok: false, status: 429, error: PASSWORD_SIGN_IN.throttled };
  }
  const [user] = key
    ? await db
        .select({ id: staffUsers.id, passwordHash: staffUsers.passwordHash, role: staffUsers.role })
        .from(staffUsers)
        .where(and(eq(staffUsers.active, true), sql`(${staffUsers.username} = ${key} or lower(${staffUsers.email}) = ${key})`))
        .limit(1)
    : [];
  const matches = user?.passwordHash ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password);
  if (!user || !matches) {
    log.warn("password sign-in failed", { address, known: Boolean(user) });
    return { ok: false, status: 400, error: PASSWORD_SIGN_IN.failed };
  }
  log.info("signed in with password", { userId: user.id, role: user.role, address });
  return { ok: true, sessionToken: await createSession(db, user.id) };
}

import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { AppServices } from "~/context.ts";
import { passwordResetTokens, staffUsers } from "~/db/schema.ts";
import { COMPANY_NAME } from "~/utils/company.ts";
import { hitRateLimit } from "~/modules/form-guard/index.server.ts";
import type { Db, Tx } from "~/db/client.server.ts";
import { notifyInBackground } from "~/modules/messaging/index.server.ts";
import { queueEmail } from "~/modules/messaging/index.server.ts";
import { log } from "~/utils/log.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { hashPassword, PasswordWorkBusyError } from "~/utils/password.server.ts";
import { RESET_MESSAGES } from "./messages.ts";
import { deleteUserSessions, newToken, sha256 } from "./sessions.server.ts";

export const PASSWORD_RESET = {
  validMs: 60 * 60_000,
  perAddress: { limit: 10, windowMs: 60 * 60_000 },
  ...RESET_MESSAGES,
} as const;

/** The reset page's address: built from PUBLIC_URL, never from the request's Host header. */
export const resetLink = (publicUrl: string, token: string) => `${publicUrl}/reset-password/${token}`;

/**
 * Asks for a reset link for an e-mail (checked by the form's schema). The page says the same
 * whether or not the e-mail belongs to someone, or the address's limit was reached, and the mail
 * goes out after the answer, so neither text nor timing tells.
 */
export async function requestPasswordReset(services: Pick<AppServices, "db" | "env" | "mailer">, { email, address }: { email: string; address: string }): Promise<void> {
  const { db, env, mailer } = services;
  const wanted = email.trim().toLowerCase();
  const rate = await hitRateLimit(db, { scope: "password-sign-in", address: `reset:${address}`, ...PASSWORD_RESET.perAddress });
  if (!rate.allowed) return;
  const [user] = await db
    .select({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email })
    .from(staffUsers)
    .where(and(eq(staffUsers.active, true), sql`lower(${staffUsers.email}) = ${wanted}`))
    .limit(1);
  if (!user) {
    log.info("password reset for an unknown e-mail", { address });
    return;
  }
  const token = newToken();
  // Sent directly, not queued (decision 032): a queued e-mail keeps its text in the database, and
  // the link's token is kept there only as its hash. A lost link is asked for again.
  await db.insert(passwordResetTokens).values({ tokenHash: sha256(token), userId: user.id, expiresAt: new Date(Date.now() + PASSWORD_RESET.validMs) });
  void notifyInBackground("password reset link", () =>
    mailer.send({
      to: user.email,
      subject: `إعادة تعيين كلمة المرور — ${COMPANY_NAME}`,
      body: [
        `مرحبًا ${user.name}،`,
        "",
        "طلبت إعادة تعيين كلمة المرور للوحة التحكم. افتح الرابط التالي خلال ساعة واحدة لاختيار كلمة مرور جديدة:",
        resetLink(env.PUBLIC_URL, token),
        "",
        "إذا لم تطلب ذلك فتجاهل هذه الرسالة، ولن يتغير شيء.",
      ].join("\n"),
    }),
  );
  log.info("password reset link sent", { userId: user.id });
}

/**
 * Every open reset link of a person stops working: after a reset (the other links), a password
 * change on the profile, or an e-mail change (the links went to the old address).
 */
export async function invalidateResetTokens(db: Db | Tx, userId: number, now = new Date()) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** Whether a reset link can still be used (the page shows the form or the "invalid" text). */
export async function isResetTokenUsable(services: Pick<AppServices, "db">, token: string, now = new Date()): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const [row] = await services.db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, sha256(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)));
  return Boolean(row);
}

/**
 * Sets the new password (checked by the form's schema) from a reset link: single use, within the
 * hour; every session of the person and every other open link of theirs ends, they are told by
 * e-mail, and they sign in themselves (no automatic sign-in).
 */
export async function resetPassword(
  services: Pick<AppServices, "db" | "mailer">,
  { token, password, now = new Date() }: { token: string; password: string; now?: Date },
): Promise<{ ok: true } | { ok: false; error: string; invalidLink?: boolean }> {
  const { db } = services;
  if (!(await isResetTokenUsable(services, token, now))) return { ok: false, error: PASSWORD_RESET.invalidLink, invalidLink: true };
  let passwordHash: string;
  try {
    passwordHash = await hashPassword(password);
  } catch (error) {
    // A flood of sign-ins holds the password work: the link stays usable, try again in a moment.
    if (error instanceof PasswordWorkBusyError) return { ok: false, error: MESSAGES.serverBusy };
    throw error;
  }
  // Spend the token first: of two racing posts, only one finds it unused. The notice to the address
  // on file is queued in the same transaction (decision 032).
  const spent = await db.transaction(async (tx) => {
    const [token_] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.tokenHash, sha256(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
      .returning({ userId: passwordResetTokens.userId });
    if (!token_) return null;
    const [user] = await tx
      .update(staffUsers)
      .set({ passwordHash, updatedAt: now })
      .where(eq(staffUsers.id, token_.userId))
      .returning({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email });
    await deleteUserSessions(tx, token_.userId);
    // The person's other links (asked for earlier, or by someone else) stop working too.
    await invalidateResetTokens(tx, token_.userId, now);
    if (user?.email) {
      await queueEmail(tx, {
        purpose: "password-changed",
        to: user.email,
        subject: `تم تغيير كلمة المرور — ${COMPANY_NAME}`,
        body: `مرحبًا ${user.name}،\n\nتم تغيير كلمة المرور لحسابك في لوحة التحكم للتو. إذا لم تكن أنت من غيّرها، فتواصل مع المدير فورًا.`,
      });
    }
    return token_;
  });
  if (!spent) return { ok: false, error: PASSWORD_RESET.invalidLink, invalidLink: true };
  log.info("password reset", { userId: spent.userId });
  return { ok: true };
}

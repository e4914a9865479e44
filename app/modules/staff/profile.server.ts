import type { AppServices } from "~/context.ts";
import { invalidateResetTokens } from "~/modules/auth/index.server.ts";
import { deleteOtherSessions } from "~/modules/auth/index.server.ts";
import { COMPANY_NAME } from "~/utils/company.ts";
import type { Tx } from "~/db/client.server.ts";
import { notifyInBackground } from "~/modules/messaging/index.server.ts";
import { queueEmail } from "~/modules/messaging/index.server.ts";
import { log } from "~/utils/log.server.ts";
import { hashPassword } from "~/utils/password.server.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import { setStaffPasswordHash, updateStaffEmail } from "~/modules/users/index.server.ts";

export const PROFILE_MESSAGES = {
  // The product's own wording: keep these texts exactly.
  emailSaved: "تم تحديث البريد الإلكتروني بنجاح",
  passwordSaved: "تم تغيير كلمة المرور بنجاح",
  passwordFailed: "حدث خطأ أثناء تحديث كلمة المرور",
  // Our own wording: the firm's texts have none for this.
  emailFailed: "حدث خطأ أثناء تحديث البريد الإلكتروني",
} as const;

const securityFooter = "إذا لم تكن أنت من قام بذلك، فتواصل مع المدير فورًا.";

/** The e-mail changed: the old address is told (queued with the change, decision 032), and the phone after the answer. */
async function noticeEmailChanged(tx: Tx, user: StaffProfile, newEmail: string) {
  if (!user.email) return;
  await queueEmail(tx, {
    purpose: "email-changed",
    to: user.email,
    subject: `تم تغيير البريد الإلكتروني — ${COMPANY_NAME}`,
    body: [
      `مرحبًا ${user.name}،`,
      "",
      `تم تغيير البريد الإلكتروني لحسابك في لوحة التحكم للتو من هذا العنوان إلى: ${newEmail}`,
      "لن تصلك بعد الآن رسائل الحساب على هذا العنوان، وأُلغيت روابط إعادة تعيين كلمة المرور المرسلة إليه.",
      "",
      securityFooter,
    ].join("\n"),
  });
}

function textEmailChanged(services: AppServices, user: StaffProfile) {
  void notifyInBackground("e-mail changed SMS", () =>
    services.sms.send({
      to: user.phone,
      body: `${COMPANY_NAME}: تم تغيير البريد الإلكتروني لحسابك في لوحة التحكم. ${securityFooter}`,
    }),
  );
}

/** The password changed: the address on file is told (queued with the change). */
async function noticePasswordChanged(tx: Tx, user: StaffProfile) {
  if (!user.email) return;
  await queueEmail(tx, {
    purpose: "password-changed",
    to: user.email,
    subject: `تم تغيير كلمة المرور — ${COMPANY_NAME}`,
    body: [`مرحبًا ${user.name}،`, "", "تم تغيير كلمة المرور لحسابك في لوحة التحكم للتو، وانتهت جلساتك على الأجهزة الأخرى.", "", securityFooter].join("\n"),
  });
}

/**
 * Saves a new e-mail (checked by the form's schema, the person confirmed): reset links sent to the
 * old address stop working, and the old address and the phone are told.
 */
export async function changeEmail(services: AppServices, user: StaffProfile, email: string): Promise<{ ok: true } | { ok: false; error: string }> {
  const changed = email.toLowerCase() !== user.email.trim().toLowerCase();
  try {
    await services.db.transaction(async (tx) => {
      await updateStaffEmail(tx, user.id, email);
      if (!changed) return;
      // Links sent to the old address stop working.
      await invalidateResetTokens(tx, user.id);
      await noticeEmailChanged(tx, user, email);
    });
  } catch (error) {
    log.error("e-mail update failed", { userId: user.id, error: error instanceof Error ? error.message : String(error) });
    return { ok: false, error: PROFILE_MESSAGES.emailFailed };
  }
  if (changed) {
    log.info("e-mail changed", { userId: user.id });
    textEmailChanged(services, user);
  }
  return { ok: true };
}

/**
 * Saves a new password (checked by the form's schema, the person confirmed): the person's other
 * sessions and every open reset link end, this session stays; the address on file is told.
 */
export async function changePassword(
  services: AppServices,
  user: StaffProfile,
  password: string,
  sessionToken: string | undefined,
): Promise<{ ok: true } | { ok: false; error: string }> {
  try {
    const passwordHash = await hashPassword(password);
    await services.db.transaction(async (tx) => {
      await setStaffPasswordHash(tx, user.id, passwordHash);
      await deleteOtherSessions(tx, user.id, sessionToken);
      await invalidateResetTokens(tx, user.id);
      await noticePasswordChanged(tx, user);
    });
  } catch (error) {
    log.error("password update failed", { userId: user.id, error: error instanceof Error ? error.message : String(error) });
    return { ok: false, error: PROFILE_MESSAGES.passwordFailed };
  }
  log.info("password changed", { userId: user.id });
  return { ok: true };
}

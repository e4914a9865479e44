import type { AppServices } from "~/context.ts";
import { checkLoginCode, requestLoginCode } from "~/modules/auth/login-codes.server.ts";
import { SIGN_IN_MESSAGES } from "~/modules/auth/messages.ts";
import { invalidateResetTokens } from "~/modules/auth/password-reset.server.ts";
import { deleteOtherSessions } from "~/modules/auth/sessions.server.ts";
import { CODE_REFUSAL_MESSAGES, maskPhone, readCodeDigits, textCode } from "~/modules/auth/sign-in.server.ts";
import { COMPANY_NAME } from "~/modules/content/defaults.ts";
import { hitRateLimit } from "~/modules/form-guard/rate-limit.server.ts";
import { notifyInBackground } from "~/modules/messaging/background.server.ts";
import { log } from "~/utils/log.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { checkRequiredEmail } from "~/utils/form-fields.ts";
import { checkNewPassword, hashPassword, verifyPassword } from "~/utils/password.server.ts";
import { getStaffPasswordHash, setStaffPasswordHash, updateStaffEmail, type StaffProfile } from "./users.server.ts";

export const PROFILE_MESSAGES = {
  // SPEC.md §5, exactly.
  emailSaved: "تم تحديث البريد الإلكتروني بنجاح",
  passwordSaved: "تم تغيير كلمة المرور بنجاح",
  passwordFailed: "حدث خطأ أثناء تحديث كلمة المرور",
  // Ours (SPEC.md is silent): confirming who is asking before a change (issue 11).
  currentPasswordRequired: "يرجى إدخال كلمة المرور الحالية",
  currentPasswordWrong: "كلمة المرور الحالية غير صحيحة",
  codeRequired: SIGN_IN_MESSAGES.codeRequired,
  codeSent: "تم إرسال رمز التحقق إلى جوالك",
  codeNotNeeded: "لحسابك كلمة مرور: أدخل كلمة المرور الحالية بدلًا من الرمز",
  verifyFailed: "تعذر التحقق من هويتك، يرجى المحاولة مرة أخرى",
  tooManyTries: "محاولات كثيرة، يرجى المحاولة بعد 15 دقيقة",
  busy: MESSAGES.serverBusy,
  emailFailed: "حدث خطأ أثناء تحديث البريد الإلكتروني",
} as const;

/** Re-authentication before a change of e-mail or password (issue 11). */
export const PROFILE_REAUTH = {
  /**
   * Tries per person, counted before the check (so concurrent guesses are all counted): a person
   * changes their e-mail or password a few times at most; a stolen session guessing the password
   * gets 10 tries per 15 minutes. Wrong SMS codes also lock the number (CODE_RULES).
   */
  perUser: { limit: 10, windowMs: 15 * 60_000 },
} as const;

export type ProfileIntent = "email" | "password" | "send-code";
export type ProfileResult = { intent: ProfileIntent; ok: true; message: string } | { intent: ProfileIntent; ok: false; error: string };

/**
 * The code of a re-authentication is bound to the session that asked for it (as a sign-in code is
 * bound to the browser's sign-in cookie): another session, or the sign-in page, cannot use it.
 */
export const reauthFlowToken = (sessionToken: string) => `reauth:${sessionToken}`;

/** Whether the person has a password (the page then asks for it; without one, for an SMS code). */
export async function hasPassword(services: Pick<AppServices, "db">, user: Pick<StaffProfile, "id">): Promise<boolean> {
  return Boolean(await getStaffPasswordHash(services.db, user.id));
}

/** Texts the person a code for a change of e-mail or password; only for those without a password. */
async function sendReauthCode(services: AppServices, user: StaffProfile, sessionToken: string | undefined, address: string): Promise<ProfileResult> {
  const fail = (error: string): ProfileResult => ({ intent: "send-code", ok: false, error });
  if (await hasPassword(services, user)) return fail(PROFILE_MESSAGES.codeNotNeeded);
  if (!sessionToken) return fail(PROFILE_MESSAGES.verifyFailed);
  const issued = await requestLoginCode(services.db, { phone: user.phone, flowToken: reauthFlowToken(sessionToken), address });
  if (!issued.ok) {
    log.warn("re-authentication code refused", { userId: user.id, reason: issued.reason, address });
    return fail(issued.reason === "not-allowed" ? PROFILE_MESSAGES.verifyFailed : CODE_REFUSAL_MESSAGES[issued.reason]);
  }
  if (issued.user.id !== user.id) return fail(PROFILE_MESSAGES.verifyFailed);
  const sent = await textCode(services, { phone: user.phone, code: issued.code, purpose: "لتأكيد تغيير البريد الإلكتروني أو كلمة المرور في لوحة تحكم" });
  if (!sent.ok) return fail(sent.error);
  log.info("re-authentication code sent", { userId: user.id, phone: maskPhone(user.phone) });
  return { intent: "send-code", ok: true, message: PROFILE_MESSAGES.codeSent };
}

/**
 * A session alone does not change the e-mail or the password: the current password, or for
 * someone without one a fresh SMS code sent to their phone from this session. Tries are counted
 * per person.
 */
async function reauthenticate(
  services: AppServices,
  user: StaffProfile,
  form: FormData,
  sessionToken: string | undefined,
  address: string,
): Promise<{ ok: true } | { ok: false; error: string }> {
  const { db } = services;
  const storedHash = await getStaffPasswordHash(db, user.id);
  const currentPassword = String(form.get("currentPassword") ?? "");
  const code = readCodeDigits(String(form.get("code") ?? ""));
  if (storedHash && !currentPassword) return { ok: false, error: PROFILE_MESSAGES.currentPasswordRequired };
  if (!storedHash && !code) return { ok: false, error: PROFILE_MESSAGES.codeRequired };

  const rate = await hitRateLimit(db, { scope: "reauth", address: `user:${user.id}`, ...PROFILE_REAUTH.perUser });
  if (!rate.allowed) {
    log.warn("re-authentication throttled", { userId: user.id, address });
    return { ok: false, error: PROFILE_MESSAGES.tooManyTries };
  }

  if (storedHash) {
    let matches: boolean;
    try {
      matches = await verifyPassword(currentPassword, storedHash);
    } catch (error) {
      log.warn("re-authentication refused: password work busy", { userId: user.id, error: error instanceof Error ? error.message : String(error) });
      return { ok: false, error: PROFILE_MESSAGES.busy };
    }
    if (!matches) {
      log.warn("re-authentication failed", { userId: user.id, method: "password", address });
      return { ok: false, error: PROFILE_MESSAGES.currentPasswordWrong };
    }
    return { ok: true };
  }

  if (!sessionToken) return { ok: false, error: SIGN_IN_MESSAGES.noCodeYet };
  const checked = await checkLoginCode(db, { flowToken: reauthFlowToken(sessionToken), code });
  if (!checked.ok) {
    log.warn("re-authentication failed", { userId: user.id, method: "code", reason: checked.reason, address });
    return { ok: false, error: checked.reason === "not-allowed" ? PROFILE_MESSAGES.verifyFailed : CODE_REFUSAL_MESSAGES[checked.reason] };
  }
  if (checked.user.id !== user.id) {
    log.warn("re-authentication failed", { userId: user.id, method: "code", reason: "another person's code", address });
    return { ok: false, error: PROFILE_MESSAGES.verifyFailed };
  }
  return { ok: true };
}

const securityFooter = "إذا لم تكن أنت من قام بذلك، فتواصل مع المدير فورًا.";

/** The e-mail changed: the old address and the phone are told, after the answer. */
function noticeEmailChanged(services: AppServices, user: StaffProfile, newEmail: string) {
  if (user.email) {
    void notifyInBackground("e-mail changed notice", () =>
      services.mailer.send({
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
      }),
    );
  }
  void notifyInBackground("e-mail changed SMS", () =>
    services.sms.send({
      to: user.phone,
      body: `${COMPANY_NAME}: تم تغيير البريد الإلكتروني لحسابك في لوحة التحكم. ${securityFooter}`,
    }),
  );
}

/** The password changed: the address on file is told, after the answer. */
function noticePasswordChanged(services: AppServices, user: StaffProfile) {
  if (!user.email) return;
  void notifyInBackground("password changed notice", () =>
    services.mailer.send({
      to: user.email,
      subject: `تم تغيير كلمة المرور — ${COMPANY_NAME}`,
      body: [
        `مرحبًا ${user.name}،`,
        "",
        "تم تغيير كلمة المرور لحسابك في لوحة التحكم للتو، وانتهت جلساتك على الأجهزة الأخرى.",
        "",
        securityFooter,
      ].join("\n"),
    }),
  );
}

/**
 * The profile's forms (SPEC.md §2, §5): the e-mail, and a new password; each needs the current
 * password (or a fresh SMS code for someone without one, asked with "send-code"). The new value is
 * checked first, so a typing mistake does not spend a code.
 */
export async function handleProfilePost(
  services: AppServices,
  user: StaffProfile,
  form: FormData,
  sessionToken: string | undefined,
  address = "unknown",
): Promise<ProfileResult> {
  const intent = form.get("intent");
  if (intent === "send-code") return sendReauthCode(services, user, sessionToken, address);

  if (intent === "email") {
    const checked = checkRequiredEmail(String(form.get("email") ?? ""));
    if (!checked.ok) return { intent: "email", ok: false, error: checked.message };
    const confirmed = await reauthenticate(services, user, form, sessionToken, address);
    if (!confirmed.ok) return { intent: "email", ok: false, error: confirmed.error };
    const changed = checked.email.toLowerCase() !== user.email.trim().toLowerCase();
    try {
      await updateStaffEmail(services.db, user.id, checked.email);
      // Links sent to the old address stop working.
      if (changed) await invalidateResetTokens(services.db, user.id);
    } catch (error) {
      log.error("e-mail update failed", { userId: user.id, error: error instanceof Error ? error.message : String(error) });
      return { intent: "email", ok: false, error: PROFILE_MESSAGES.emailFailed };
    }
    if (changed) {
      log.info("e-mail changed", { userId: user.id });
      noticeEmailChanged(services, user, checked.email);
    }
    return { intent: "email", ok: true, message: PROFILE_MESSAGES.emailSaved };
  }

  const checked = checkNewPassword(form.get("password") as string | null, form.get("confirmation") as string | null);
  if (!checked.ok) return { intent: "password", ok: false, error: checked.message };
  const confirmed = await reauthenticate(services, user, form, sessionToken, address);
  if (!confirmed.ok) return { intent: "password", ok: false, error: confirmed.error };
  try {
    await setStaffPasswordHash(services.db, user.id, await hashPassword(checked.password));
    await deleteOtherSessions(services.db, user.id, sessionToken);
    await invalidateResetTokens(services.db, user.id);
  } catch (error) {
    log.error("password update failed", { userId: user.id, error: error instanceof Error ? error.message : String(error) });
    return { intent: "password", ok: false, error: PROFILE_MESSAGES.passwordFailed };
  }
  log.info("password changed", { userId: user.id });
  noticePasswordChanged(services, user);
  return { intent: "password", ok: true, message: PROFILE_MESSAGES.passwordSaved };
}

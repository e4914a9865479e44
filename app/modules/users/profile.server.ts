import type { AppServices } from "~/context.ts";
import { deleteOtherSessions } from "~/modules/auth/sessions.server.ts";
import { log } from "~/utils/log.server.ts";
import { checkRequiredEmail } from "~/utils/form-fields.ts";
import { checkNewPassword, hashPassword } from "~/utils/password.server.ts";
import { setStaffPasswordHash, updateStaffEmail, type StaffProfile } from "./users.server.ts";

export const PROFILE_MESSAGES = {
  emailSaved: "تم تحديث البريد الإلكتروني بنجاح",
  passwordSaved: "تم تغيير كلمة المرور بنجاح",
  passwordFailed: "حدث خطأ أثناء تحديث كلمة المرور",
} as const;

export type ProfileResult = { intent: "email" | "password"; ok: true; message: string } | { intent: "email" | "password"; ok: false; error: string };

/** The profile's two forms (SPEC.md §2, §5): the e-mail, and a new password. */
export async function handleProfilePost(services: AppServices, user: StaffProfile, form: FormData, sessionToken: string | undefined): Promise<ProfileResult> {
  if (form.get("intent") === "email") {
    const checked = checkRequiredEmail(String(form.get("email") ?? ""));
    if (!checked.ok) return { intent: "email", ok: false, error: checked.message };
    await updateStaffEmail(services.db, user.id, checked.email);
    return { intent: "email", ok: true, message: PROFILE_MESSAGES.emailSaved };
  }
  const checked = checkNewPassword(form.get("password") as string | null, form.get("confirmation") as string | null);
  if (!checked.ok) return { intent: "password", ok: false, error: checked.message };
  try {
    await setStaffPasswordHash(services.db, user.id, await hashPassword(checked.password));
    await deleteOtherSessions(services.db, user.id, sessionToken);
  } catch (error) {
    log.error("password update failed", { userId: user.id, error: error instanceof Error ? error.message : String(error) });
    return { intent: "password", ok: false, error: PROFILE_MESSAGES.passwordFailed };
  }
  log.info("password changed", { userId: user.id });
  return { intent: "password", ok: true, message: PROFILE_MESSAGES.passwordSaved };
}

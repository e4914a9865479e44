import type { Page } from "@playwright/test";
import { queryE2eDatabase, readE2eOutbox } from "./db.ts";
import { expect, test, unique, uniquePhone, type StaffMember, type StaffMembers } from "./fixtures.ts";

// In the last project (*.after.spec.ts): changing where the manager's e-mails go must not race the
// other specs that check an inquiry's mail reaches the demo address.

/** The demo manager's address (demo/content.ts), put back after the test. */
const DEMO_MANAGER_EMAIL = "manager@example.sa";
const PASSWORD = "نخيل-الرياض-2026";

/** A manager of the test's own with a password, signed in: moving the manager's e-mail asks for it. */
async function managerWithPassword(staffMember: StaffMembers, signedInAs: (who: StaffMember) => Promise<unknown>) {
  const manager = await staffMember("manager");
  const { hashPassword } = await import("../../app/utils/password.server.ts");
  await queryE2eDatabase("update staff_users set password_hash = $1 where id = $2", [await hashPassword(PASSWORD), manager.id]);
  await signedInAs(manager);
}

async function saveManagerEmail(page: Page, email: string) {
  await page.goto("/admin/settings");
  const notifications = page.getByRole("region", { name: "الإشعارات والتقارير" });
  await notifications.getByLabel("البريد الإلكتروني للمدير").fill(email);
  await notifications.getByLabel("كلمة المرور الحالية").fill(PASSWORD);
  await notifications.getByRole("button", { name: "حفظ الإشعارات" }).click();
  await expect(page.getByRole("status")).toHaveText("تم حفظ إعدادات الإشعارات");
}

test("the manager's new e-mail address receives the very next inquiry; without the current password it is refused", async ({ page, signedInAs, staffMember }) => {
  await managerWithPassword(staffMember, signedInAs);
  const email = `settings.${unique()}@example.sa`;
  try {
    // Without the password: refused under its field, nothing saved.
    await page.goto("/admin/settings");
    const notifications = page.getByRole("region", { name: "الإشعارات والتقارير" });
    await notifications.getByLabel("البريد الإلكتروني للمدير").fill(email);
    await notifications.getByRole("button", { name: "حفظ الإشعارات" }).click();
    await expect(notifications.getByLabel("كلمة المرور الحالية")).toHaveAccessibleDescription("يرجى إدخال كلمة المرور الحالية");
    await expect(notifications.getByLabel("البريد الإلكتروني للمدير")).toHaveValue(email);
    expect(await queryE2eDatabase("select manager_email from settings")).toEqual([{ manager_email: DEMO_MANAGER_EMAIL }]);

    await saveManagerEmail(page, email);
    const phone = uniquePhone();
    await page.goto("/contact");
    await page.getByLabel("الاسم").fill("هند القحطاني");
    await page.getByLabel("رقم الهاتف (مطلوب)").fill(phone);
    await page.getByRole("button", { name: "إرسال", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText("تم الإرسال بنجاح! شكراً لتواصلك معنا، سنتصل بك قريباً.");
    const international = `+966${phone.slice(1)}`;
    await expect.poll(async () => (await readE2eOutbox("email")).filter((mail) => mail.body.includes(international)).map((mail) => mail.to)).toEqual([email]);
    // The change is in the audit log: who, old → new.
    const [entry] = await queryE2eDatabase<{ details: { changes: Record<string, unknown> } }>(
      "select details from audit_log where entity = 'settings' and action = 'settings-change' order by id desc limit 1",
    );
    expect(entry!.details.changes.managerEmail).toEqual({ from: DEMO_MANAGER_EMAIL, to: email });
  } finally {
    await saveManagerEmail(page, DEMO_MANAGER_EMAIL);
  }
});

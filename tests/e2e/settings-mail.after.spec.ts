import type { Page } from "@playwright/test";
import { readE2eOutbox } from "./db.ts";
import { expect, test, unique, uniquePhone } from "./fixtures.ts";

// In the last project (*.after.spec.ts): changing where the manager's e-mails go must not race the
// other specs that check an inquiry's mail reaches the demo address.

/** The demo manager's address (demo/content.ts), put back after the test. */
const DEMO_MANAGER_EMAIL = "manager@example.sa";

async function saveManagerEmail(page: Page, email: string) {
  await page.goto("/admin/settings");
  const notifications = page.getByRole("region", { name: "الإشعارات والتقارير" });
  await notifications.getByLabel("البريد الإلكتروني للمدير").fill(email);
  await notifications.getByRole("button", { name: "حفظ الإشعارات" }).click();
  await expect(page.getByRole("status")).toHaveText("تم حفظ إعدادات الإشعارات");
}

test("the manager's new e-mail address receives the very next inquiry", async ({ page, signedInAs }) => {
  await signedInAs("manager");
  const email = `settings.${unique()}@example.sa`;
  try {
    await saveManagerEmail(page, email);
    const phone = uniquePhone();
    await page.goto("/contact");
    await page.getByLabel("الاسم").fill("هند القحطاني");
    await page.getByLabel("رقم الهاتف (مطلوب)").fill(phone);
    await page.getByRole("button", { name: "إرسال", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText("تم الإرسال بنجاح! شكراً لتواصلك معنا، سنتصل بك قريباً.");
    const international = `+966${phone.slice(1)}`;
    await expect.poll(async () => (await readE2eOutbox("email")).filter((mail) => mail.body.includes(international)).map((mail) => mail.to)).toEqual([email]);
  } finally {
    await saveManagerEmail(page, DEMO_MANAGER_EMAIL);
  }
});

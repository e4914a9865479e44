import { expect, test } from "@playwright/test";
import { queryE2eDatabase } from "./db.ts";
import { createStaffMember, SESSION_COOKIE, signInAs } from "./staff.ts";

/**
 * SPEC.md §6, route by route, for everyone: a page request and a post, anonymous and each role.
 * Not signed in goes to /login; a role that is not allowed goes to /admin.
 */
const ROUTES: Array<{ path: string; roles: string[] }> = [
  { path: "/admin", roles: ["manager", "accountant", "staff"] },
  { path: "/admin/profile", roles: ["manager", "accountant", "staff"] },
  { path: "/admin/settings/staff", roles: ["manager"] },
  { path: "/admin/offers", roles: ["manager", "staff"] },
  { path: "/admin/offers/new", roles: ["manager", "staff"] },
  { path: "/admin/offers/edit/1", roles: ["manager", "staff"] }, // a demo offer
  { path: "/admin/offers/photos", roles: ["manager", "staff"] },
  { path: "/admin/offers/save", roles: ["manager", "staff"] },
  { path: "/admin/inquiries", roles: ["manager", "staff"] },
  { path: "/admin/submissions", roles: ["manager", "staff"] },
];
const USERS = { manager: "noura", accountant: "fahad", staff: "sara" } as const;

for (const { path, roles } of ROUTES) {
  for (const who of ["anonymous", "manager", "accountant", "staff"] as const) {
    test(`${who} on ${path}: ${who === "anonymous" ? "to /login" : roles.includes(who) ? "allowed" : "to /admin"}`, async ({ playwright, baseURL }) => {
      const headers: Record<string, string> = { Origin: baseURL! };
      if (who !== "anonymous") {
        const token = crypto.randomUUID() + crypto.randomUUID();
        const [user] = await queryE2eDatabase<{ id: number }>("select id from staff_users where username = $1", [USERS[who]]);
        const { createHash } = await import("node:crypto");
        await queryE2eDatabase("insert into sessions (id_hash, user_id) values ($1, $2)", [createHash("sha256").update(token).digest("hex"), user!.id]);
        headers.Cookie = `${SESSION_COOKIE}=${token}`;
      }
      const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: headers, maxRedirects: 0 });
      const expected = who === "anonymous" ? "/login" : roles.includes(who) ? null : "/admin";
      for (const response of [await request.get(path), await request.post(path, { form: { intent: "probe" } })]) {
        if (expected) {
          expect(response.status(), `${response.url()}`).toBe(302);
          expect(response.headers().location).toBe(expected);
        } else {
          expect(response.status()).toBeLessThan(500);
          expect([200, 400, 405]).toContain(response.status());
          expect(response.headers()["cache-control"]).toBe("no-store");
        }
      }
      await request.dispose();
    });
  }
}

test("profile: e-mail saved and the message goes after 3 s; password rules, then fields clear", async ({ page, context }) => {
  const username = await createStaffMember("staff");
  await signInAs(context, username);
  await page.goto("/admin/profile");
  await expect(page.locator("dd", { hasText: "الموظف" })).toBeVisible();
  await page.getByRole("textbox", { name: "البريد الإلكتروني" }).fill("");
  await page.getByRole("button", { name: "حفظ البريد الإلكتروني" }).click();
  await expect(page.getByRole("alert")).toHaveText("يرجى إدخال البريد الإلكتروني");
  await page.getByRole("textbox", { name: "البريد الإلكتروني" }).fill("sara.q@example.sa");
  await page.getByRole("button", { name: "حفظ البريد الإلكتروني" }).click();
  await expect(page.getByRole("status")).toHaveText("تم تحديث البريد الإلكتروني بنجاح");
  await expect(page.getByRole("status")).toBeHidden({ timeout: 4500 });
  expect(await queryE2eDatabase("select email from staff_users where username = $1", [username])).toEqual([{ email: "sara.q@example.sa" }]);

  const save = page.getByRole("button", { name: "تغيير كلمة المرور" });
  await page.getByLabel("كلمة المرور الجديدة").fill("abcdefgh1");
  await page.getByLabel("تأكيد كلمة المرور").fill("abcdefgh2");
  await save.click();
  await expect(page.getByRole("alert")).toHaveText("كلمات المرور غير متطابقة");
  await page.getByLabel("كلمة المرور الجديدة").fill("ab1");
  await page.getByLabel("تأكيد كلمة المرور").fill("ab1");
  await save.click();
  await expect(page.getByRole("alert")).toHaveText("يجب أن تكون كلمة المرور 6 أحرف على الأقل");
  await page.getByLabel("كلمة المرور الجديدة").fill("نخيل-الرياض-2026");
  await page.getByLabel("تأكيد كلمة المرور").fill("نخيل-الرياض-2026");
  await save.click();
  await expect(page.getByRole("status")).toHaveText("تم تغيير كلمة المرور بنجاح");
  await expect(page.getByLabel("كلمة المرور الجديدة")).toHaveValue("");
  await expect(page.getByLabel("تأكيد كلمة المرور")).toHaveValue("");
  const [row] = await queryE2eDatabase<{ password_hash: string }>("select password_hash from staff_users where username = $1", [username]);
  expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$/);
});

test("the manager adds a staff member, and deactivating someone ends their session at once", async ({ page, context, browser }) => {
  await signInAs(context, await createStaffMember("manager"));
  await page.goto("/admin/settings/staff");
  const phone = `05${Date.now().toString().slice(-8)}`;
  const username = `emp${Date.now().toString().slice(-6)}`;
  await page.getByLabel("الاسم", { exact: true }).fill("ريما الدوسري");
  await page.getByLabel("اسم المستخدم").fill(username);
  await page.getByLabel("رقم الهاتف").fill(phone);
  await page.getByRole("button", { name: "إضافة", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("تمت إضافة الموظف بنجاح");
  await expect(page.getByRole("cell", { name: "ريما الدوسري", exact: true })).toBeVisible();

  // The new employee is signed in elsewhere...
  const other = await browser.newContext();
  await signInAs(other, username);
  const theirPage = await other.newPage();
  await theirPage.goto("/admin");
  await expect(theirPage).toHaveURL(/\/admin$/);
  // ...until the manager deactivates them.
  await page.getByRole("button", { name: "إيقاف ريما الدوسري" }).click();
  await expect(page.getByRole("button", { name: "تفعيل ريما الدوسري" })).toBeVisible();
  await theirPage.goto("/admin");
  await expect(theirPage).toHaveURL(/\/login$/);
  await other.close();
});

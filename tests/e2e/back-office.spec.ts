import { queryE2eDatabase, readE2eOutbox } from "./db.ts";
import { expect, latestCode, test, unique, uniquePhone } from "./fixtures.ts";

/**
 * The back-office route table, route by route, for everyone: a page request and a post, anonymous and each role.
 * Not signed in goes to /login; a role that is not allowed goes to /admin.
 */
const ROUTES: Array<{ path: string; roles: string[] }> = [
  { path: "/admin", roles: ["manager", "accountant", "staff"] },
  { path: "/admin/profile", roles: ["manager", "accountant", "staff"] },
  { path: "/admin/settings", roles: ["manager"] },
  { path: "/admin/settings/staff", roles: ["manager"] },
  { path: "/admin/offers", roles: ["manager", "staff"] },
  { path: "/admin/offers/new", roles: ["manager", "staff"] },
  { path: "/admin/offers/edit/1", roles: ["manager", "staff"] }, // a demo offer
  { path: "/admin/offers/photos", roles: ["manager", "staff"] },
  { path: "/admin/inquiries", roles: ["manager", "staff"] },
  { path: "/admin/submissions", roles: ["manager", "staff"] },
  { path: "/admin/licenses", roles: ["manager"] },
  { path: "/admin/licenses/upload", roles: ["manager"] },
  { path: "/admin/finance", roles: ["manager", "accountant"] },
  { path: "/admin/finance/request", roles: ["manager", "accountant"] },
  { path: "/admin/content", roles: ["manager"] },
  { path: "/admin/content/images", roles: ["manager"] },
  { path: "/admin/tasks", roles: ["manager", "accountant", "staff"] },
  // A task of the viewer's own (another's is the 404 page, tested in tasks.spec.ts): the gate lets every role in.
  { path: "/admin/tasks/{own task}", roles: ["manager", "accountant", "staff"] },
  { path: "/admin/reports", roles: ["manager"] },
  { path: "/admin/reports/daily", roles: ["manager"] },
  { path: "/admin/reports?period=custom&from=2024-03-01&to=2024-03-31", roles: ["manager"] },
  { path: "/admin/reports/export.xlsx?period=7d", roles: ["manager"] },
  { path: "/admin/reports/export/offers.csv?period=7d", roles: ["manager"] },
  { path: "/admin/reports/export/transactions.csv?period=today", roles: ["manager"] },
  // REGA ad-licence verification (issue 32, decision 047)
  { path: "/admin/offers/licence-check", roles: ["manager", "staff"] },
  // Offers that are really available (decision 046): the one-tap confirmation, posted only.
  { path: "/admin/offers/confirm", roles: ["manager", "staff"] },
  { path: "/admin/viewings", roles: ["manager", "staff"] },
  { path: "/admin/viewings/new", roles: ["manager", "staff"] },
  // The scheduling form's pickers (JSON; a post is 405).
  { path: "/admin/viewings/offers?q=1", roles: ["manager", "staff"] },
  { path: "/admin/viewings/clients?q=1", roles: ["manager", "staff"] },
  // The clients pipeline (issue 32); a client of the viewer's own (another's is the 404 page, tested in clients.spec.ts).
  { path: "/admin/clients", roles: ["manager", "staff"] },
  { path: "/admin/clients/{own client}", roles: ["manager", "staff"] },
  // Tenants and leases (issue 33, decision 052): every staff role reads. The forms' pages answer the
  // accountant's post with 403 (read-only, decision 051): leases.server.test.ts checks those.
  { path: "/admin/tenants", roles: ["manager", "accountant", "staff"] },
  // Rent (issue 33, decision 053): every role reads the board (recording is refused to the employees: rent.server.test.ts).
  { path: "/admin/rent", roles: ["manager", "accountant", "staff"] },
  // Owners' statements (issue 33, decision 055); the PDF route's roles: owner-statements.spec.ts.
  { path: "/admin/statements", roles: ["manager", "accountant"] },
  // Maintenance (issue 33, decision 054): the reports' list and a demo unit's QR page; a report's page
  // answers the accountant's post with 403 (read-only): maintenance.server.test.ts checks it.
  { path: "/admin/maintenance", roles: ["manager", "accountant", "staff"] },
  { path: "/admin/units/1/maintenance-qr", roles: ["manager", "accountant", "staff"] },
  // The owners' portal (decision 056): the owner's page gives the account; the portal is the owner's alone.
  { path: "/admin/owners/1/portal", roles: ["manager", "accountant", "staff"] },
  { path: "/owner", roles: ["owner"] },
  { path: "/owner/statements", roles: ["owner"] },
  { path: "/owner/leases", roles: ["owner"] },
  { path: "/owner/maintenance", roles: ["owner"] },
  { path: "/owner/marketed", roles: ["owner"] },
];

/** The demo owner's portal account (demo/owner-portal.server.ts): an owner's session for the table. */
async function demoOwnerUsername(): Promise<string> {
  const [row] = await queryE2eDatabase<{ username: string }>("select username from staff_users where phone = '+966500000005' and role = 'owner'");
  return row!.username;
}

/** A client this member follows, for the route table's client page. */
async function ownClient(memberId: number): Promise<number> {
  const [row] = await queryE2eDatabase<{ id: number }>("insert into clients (name, owner_id) values ('عميل جدول الصلاحيات', $1) returning id", [memberId]);
  return row!.id;
}

/** A task assigned to this member, for the route table's task page. */
async function ownTask(memberId: number): Promise<number> {
  const [row] = await queryE2eDatabase<{ id: number }>("insert into tasks (title, assigned_to) values ('مهمة جدول الصلاحيات', $1) returning id", [memberId]);
  return row!.id;
}

for (const { path, roles } of ROUTES) {
  for (const who of ["anonymous", "manager", "accountant", "staff", "owner"] as const) {
    // Denied: staff to the back office's home, an owner to the portal's.
    const home = who === "owner" ? "/owner" : "/admin";
    test(`${who} on ${path}: ${who === "anonymous" ? "to /login" : roles.includes(who) ? "allowed" : `to ${home}`}`, async ({ playwright, baseURL, session }) => {
      const headers: Record<string, string> = { Origin: baseURL! };
      const signedIn = who === "anonymous" ? null : await session(who === "owner" ? await demoOwnerUsername() : who);
      if (signedIn) headers.Cookie = signedIn.cookie;
      const target = path.includes("{own task}")
        ? path.replace("{own task}", String(signedIn && who !== "owner" ? await ownTask(signedIn.member.id) : 1))
        : path.includes("{own client}")
          ? path.replace("{own client}", String(signedIn && who !== "owner" ? await ownClient(signedIn.member.id) : 1))
          : path;
      const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: headers, maxRedirects: 0 });
      const expected = who === "anonymous" ? "/login" : roles.includes(who) ? null : home;
      for (const response of [await request.get(target), await request.post(target, { form: { intent: "probe" } })]) {
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

test("profile: a change needs a fresh SMS code (no password yet), then the current password; messages go after 3 s; fields clear; notices", async ({ page, signedInAs }) => {
  const { member: me } = await signedInAs("staff");
  const { username, localPhone } = me;
  await page.goto("/admin/profile");
  await expect(page.locator("dd", { hasText: "الموظف" })).toBeVisible();
  const verify = page.getByRole("region", { name: "تأكيد الهوية" });
  const emailForm = page.getByRole("region", { name: "البريد الإلكتروني" });
  const passwordForm = page.getByRole("region", { name: "تغيير كلمة المرور" });

  // No password yet: each password rule under its field, and the change needs a code texted to the phone.
  const save = passwordForm.getByRole("button", { name: "تغيير كلمة المرور" });
  const newPassword = passwordForm.getByLabel("كلمة المرور الجديدة");
  const confirmation = passwordForm.getByLabel("تأكيد كلمة المرور");
  const codeField = passwordForm.getByLabel("رمز التحقق");
  await newPassword.fill("abcdefgh1");
  await confirmation.fill("abcdefgh2");
  await save.click();
  await expect(confirmation).toHaveAccessibleDescription("كلمات المرور غير متطابقة");
  await expect(codeField).toHaveAccessibleDescription(/^الرجاء إدخال رمز التحقق/);
  await newPassword.fill("ab1");
  await confirmation.fill("ab1");
  await save.click();
  await expect(newPassword).toHaveAccessibleDescription("يجب أن تكون كلمة المرور 6 أحرف على الأقل");
  await expect(confirmation).not.toHaveAttribute("aria-invalid");
  await newPassword.fill("نخيل-الرياض-2026");
  await confirmation.fill("نخيل-الرياض-2026");
  await save.click();
  await expect(newPassword).not.toHaveAttribute("aria-invalid");
  await expect(codeField).toHaveAccessibleDescription(/^الرجاء إدخال رمز التحقق/);
  expect(await queryE2eDatabase("select password_hash from staff_users where username = $1", [username])).toEqual([{ password_hash: null }]);

  const started = Date.now() - 1000;
  await verify.getByRole("button", { name: "أرسل لي رمز التحقق" }).click();
  await expect(page.getByRole("status")).toHaveText("تم إرسال رمز التحقق إلى جوالك");
  let code: string | undefined;
  await expect.poll(async () => (code = await latestCode(localPhone, started))).toMatch(/^\d{6}$/);
  await codeField.fill(code!);
  await save.click();
  await expect(page.getByRole("status")).toHaveText("تم تغيير كلمة المرور بنجاح");
  await expect(newPassword).toHaveValue("");
  await expect(confirmation).toHaveValue("");
  const [row] = await queryE2eDatabase<{ password_hash: string }>("select password_hash from staff_users where username = $1", [username]);
  expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$/);

  // Now there is a password: it is what confirms the next change, and the code box is gone.
  await expect(verify).toHaveCount(0);
  const email = emailForm.getByRole("textbox", { name: "البريد الإلكتروني" });
  const current = emailForm.getByLabel("كلمة المرور الحالية");
  const saveEmail = emailForm.getByRole("button", { name: "حفظ البريد الإلكتروني" });
  await email.fill("");
  await saveEmail.click();
  await expect(email).toHaveAccessibleDescription(/يرجى إدخال البريد الإلكتروني$/);
  await expect(current).toHaveAccessibleDescription("يرجى إدخال كلمة المرور الحالية");
  await email.fill("sara.q@example.sa");
  await expect(email).not.toHaveAttribute("aria-invalid");
  await current.fill("ليست-كلمة-المرور");
  await saveEmail.click();
  await expect(current).toHaveAccessibleDescription("كلمة المرور الحالية غير صحيحة");
  expect(await queryE2eDatabase("select email from staff_users where username = $1", [username])).toEqual([{ email: me.email }]);
  await current.fill("نخيل-الرياض-2026");
  await saveEmail.click();
  await expect(page.getByRole("status")).toHaveText("تم تحديث البريد الإلكتروني بنجاح");
  await expect(page.getByRole("status")).toBeHidden({ timeout: 4500 });
  await expect(current).toHaveValue("");
  await expect(email).toHaveValue("sara.q@example.sa");
  expect(await queryE2eDatabase("select email from staff_users where username = $1", [username])).toEqual([{ email: "sara.q@example.sa" }]);

  // The old address is told of both changes, the phone of the new e-mail.
  await expect
    .poll(async () => (await readE2eOutbox("email")).filter((m) => m.to === me.email).map((m) => m.subject?.split(" — ")[0]))
    .toEqual(expect.arrayContaining(["تم تغيير كلمة المرور", "تم تغيير البريد الإلكتروني"]));
  await expect.poll(async () => (await readE2eOutbox("sms")).filter((m) => m.to === me.phone).at(-1)?.body ?? "").toContain("تم تغيير البريد الإلكتروني");
});

test("a logout posted from another site does not end the session", async ({ playwright, baseURL, session }) => {
  const { idHash, cookie } = await session("staff");
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Cookie: cookie }, maxRedirects: 0 });

  // What a form on another site sends: no JavaScript needed, so a plain document POST.
  const refused = await request.post("/logout", { headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" }, form: {} });
  expect(refused.status()).toBe(403);
  expect(refused.headers()["set-cookie"]).toBeUndefined();
  expect(await queryE2eDatabase("select 1 as live from sessions where id_hash = $1", [idHash])).toEqual([{ live: 1 }]);

  const done = await request.post("/logout", { headers: { Origin: baseURL!, "Sec-Fetch-Site": "same-origin" }, form: {} });
  expect(done.status()).toBe(302);
  expect(done.headers().location).toBe("/login");
  expect(await queryE2eDatabase("select 1 from sessions where id_hash = $1", [idHash])).toEqual([]);
  await request.dispose();
});

test("the manager adds a staff member (confirmed by an SMS code), and deactivating someone ends their session at once", async ({ page, browser, signedInAs, staffMember }) => {
  const { member: manager } = await signedInAs("manager");
  await page.goto("/admin/settings/staff");
  const phone = uniquePhone();
  const username = `emp${unique(8)}`;
  staffMember.cleanUp(username);
  const add = page.getByRole("region", { name: "إضافة موظف" });
  const usernameField = add.getByLabel("اسم المستخدم");
  await add.getByRole("textbox", { name: "الاسم", exact: true }).fill("ريما الدوسري");
  // A wrong username shows its error when the field is left, and the error goes as soon as it is fixed.
  await usernameField.fill("ريما");
  await usernameField.blur();
  await expect(usernameField).toHaveAccessibleDescription(/اسم المستخدم من ٣ إلى ٤٠ حرفًا/);
  await expect(usernameField).toHaveAttribute("aria-invalid", "true");
  await usernameField.fill(username);
  await expect(usernameField).not.toHaveAttribute("aria-invalid");
  await add.getByLabel("رقم الهاتف").fill(phone);

  // A session alone does not add staff: this manager has no password, so a code texted to them.
  await add.getByRole("button", { name: "إضافة", exact: true }).click();
  const codeField = add.getByLabel("رمز التحقق");
  await expect(codeField).toHaveAccessibleDescription(/^الرجاء إدخال رمز التحقق/);
  expect(await queryE2eDatabase("select 1 from staff_users where username = $1", [username])).toEqual([]);
  const started = Date.now() - 1000;
  await page.getByRole("region", { name: "تأكيد الهوية" }).getByRole("button", { name: "أرسل لي رمز التحقق" }).click();
  await expect(page.getByRole("status")).toHaveText("تم إرسال رمز التحقق إلى جوالك");
  let code: string | undefined;
  await expect.poll(async () => (code = await latestCode(manager.localPhone, started))).toMatch(/^\d{6}$/);
  await codeField.fill(code!);
  await add.getByRole("button", { name: "إضافة", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("تمت إضافة الموظف بنجاح");
  await expect(page.getByRole("cell", { name: "ريما الدوسري", exact: true })).toBeVisible();
  // The form is cleared for the next one.
  await expect(usernameField).toHaveValue("");
  await expect(codeField).toHaveValue("");

  // The new employee is signed in elsewhere...
  const other = await browser.newContext();
  await signedInAs(username, other);
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

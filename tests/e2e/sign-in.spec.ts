import type { Page } from "@playwright/test";
import { queryE2eDatabase, readE2eOutbox } from "./db.ts";
import { expect, latestCode, SESSION_COOKIE, test } from "./fixtures.ts";

async function askForCode(page: Page, phone: string) {
  const started = Date.now() - 1000;
  await page.goto("/login");
  await page.getByLabel("رقم الهاتف").fill(phone);
  await page.getByRole("button", { name: "إرسال رمز التحقق" }).click();
  await expect(page.getByRole("status")).toHaveText("تم إرسال رمز التحقق بنجاح");
  let code: string | undefined;
  await expect.poll(async () => (code = await latestCode(phone, started))).toMatch(/^\d{6}$/);
  return code!;
}

test("a manager signs in with the code from the SMS, sees the back office, and logs out", async ({ page, context, staffMember }) => {
  const manager = await staffMember("manager");
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("تسجيل الدخول إلى لوحة التحكم");
  await expect(page.getByLabel("رقم الهاتف")).toHaveAttribute("placeholder", "٠٥xxxxxxxx");
  await page.getByLabel("رقم الهاتف").fill(manager.localPhone);
  // The international number the code goes to, in the page's digits (IdentifierText).
  const shownPhone = manager.phone.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
  await expect(page.getByText(`سيُرسل رمز التحقق إلى: ${shownPhone}`)).toBeVisible();

  const code = await askForCode(page, manager.localPhone);
  await expect(page.getByText(shownPhone)).toBeVisible();
  await page.getByLabel("رمز التحقق").fill(code);
  await page.getByRole("button", { name: "تحقق" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const nav = page.getByRole("navigation", { name: "لوحة التحكم" });
  await expect(nav.getByText("المدير العام")).toBeVisible();
  await expect(nav.getByText(manager.username)).toBeVisible();
  await expect(page.getByText("إجمالي العروض")).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
  expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/" });
  const response = await page.request.get("/admin");
  expect(response.headers()["cache-control"]).toBe("no-store");

  // The code was single use.
  await page.goto("/login");
  await expect(page).toHaveURL(/\/admin$/); // signed in already

  await nav.getByRole("button", { name: "تسجيل الخروج" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login$/);
  expect(await queryE2eDatabase("select 1 from sessions s join staff_users u on u.id = s.user_id where u.username = $1", [manager.username])).toEqual([]);
});

test("wrong and empty codes, then change number returns to step 1", async ({ page, staffMember }) => {
  const code = await askForCode(page, (await staffMember("manager")).localPhone);
  const codeField = page.getByLabel("رمز التحقق");
  await page.getByRole("button", { name: "تحقق" }).click();
  await expect(codeField).toHaveAccessibleDescription("الرجاء إدخال رمز التحقق");
  await expect(codeField).toHaveAttribute("aria-invalid", "true");
  await codeField.fill(code === "123456" ? "654321" : "123456");
  await page.getByRole("button", { name: "تحقق" }).click();
  await expect(codeField).toHaveAccessibleDescription("رمز التحقق غير صحيح");
  await page.getByRole("button", { name: "تغيير رقم الهاتف" }).click();
  await expect(page.getByLabel("رقم الهاتف")).toBeVisible();
  await expect(page.getByLabel("رمز التحقق")).toHaveCount(0);
});

test("a number that is not staff is refused and no SMS is sent; an empty phone asks for one", async ({ page }) => {
  const started = Date.now() - 1000;
  await page.goto("/login");
  const phone = page.getByLabel("رقم الهاتف");
  await page.getByRole("button", { name: "إرسال رمز التحقق" }).click();
  await expect(phone).toHaveAccessibleDescription(/الرجاء إدخال رقم الهاتف/);
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  // The error goes as soon as the field is fixed, before another submit.
  await phone.fill("0559876543");
  await expect(phone).not.toHaveAttribute("aria-invalid");
  await expect(page.getByText("الرجاء إدخال رقم الهاتف")).toHaveCount(0);
  await page.getByRole("button", { name: "إرسال رمز التحقق" }).click();
  await expect(phone).toHaveAccessibleDescription(/رقم الهاتف غير مصرح له بالدخول للوحة الإدارة/);
  await expect(phone).toHaveValue("0559876543");
  expect(await latestCode("0559876543", started)).toBeUndefined();
});

test("five wrong codes kill the number's code: the sixth try, right or not, answers 429 with Retry-After", async ({ page, staffMember }) => {
  const code = await askForCode(page, (await staffMember("staff")).localPhone);
  const wrong = code === "123456" ? "654321" : "123456";
  for (let i = 1; i < 5; i++) expect((await page.request.post("/login", { form: { intent: "verify", code: wrong } })).status()).toBe(400);
  const fifth = await page.request.post("/login", { form: { intent: "verify", code: wrong } });
  expect(fifth.status()).toBe(429);
  const right = await page.request.post("/login", { form: { intent: "verify", code } });
  expect(right.status()).toBe(429);
  expect(Number(right.headers()["retry-after"])).toBeGreaterThan(0);
  expect(await right.text()).toContain("تم تجاوز عدد المحاولات المسموح بها");
});

test("a code check without a code sent says so", async ({ request }) => {
  const response = await request.post("/login", { form: { intent: "verify", code: "123456" } });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("لم يتم إرسال رمز التحقق بعد");
});

for (const [role, links] of [
  ["accountant", ["الرئيسية", "الملف الشخصي", "المهام", "إدارة الأملاك", "التحصيل", "الصيانة", "كشوف الملاك", "المالية"]],
  // «عملاء مهتمون» may carry the count of matches waiting (another test's clients, for the manager).
  ["staff", ["الرئيسية", "الملف الشخصي", "المهام", "العروض", "استفسارات العملاء", "طلبات الملاك", "العملاء", "المعاينات", /^عملاء مهتمون/, "إدارة الأملاك", "التحصيل", "الصيانة"]],
  [
    "manager",
    [
      "الرئيسية",
      "الملف الشخصي",
      "المهام",
      "العروض",
      "استفسارات العملاء",
      "طلبات الملاك",
      "العملاء",
      "المعاينات",
      /^عملاء مهتمون/,
      "إدارة الأملاك",
      "التحصيل",
      "الصيانة",
      "كشوف الملاك",
      "المالية",
      "محتوى الموقع",
      "التراخيص",
      "التقارير",
      "الإعدادات",
    ],
  ],
] as const) {
  test(`the ${role}'s sidebar shows exactly the sections the role may open`, async ({ page, signedInAs }) => {
    await signedInAs(role);
    await page.goto("/admin");
    const nav = page.getByRole("navigation", { name: "لوحة التحكم" });
    await expect(nav.getByRole("link")).toHaveText([...links, "العودة إلى الموقع"]);
    if (role !== "manager") await expect(page.getByText(role === "accountant" ? "الانتقال إلى المالية" : "مهامي المعلّقة", { exact: false })).toBeVisible();
  });
}

test("password reset by e-mail, then sign-in with username and the new password", async ({ page, staffMember }) => {
  const { username } = await staffMember("accountant");
  await page.goto("/login");
  await page.getByText("الدخول باسم المستخدم وكلمة المرور").click();
  await page.getByRole("link", { name: "نسيت كلمة المرور؟" }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel("البريد الإلكتروني").fill(`${username}@example.sa`);
  await page.getByRole("button", { name: "إرسال رابط إعادة التعيين" }).click();
  await expect(page.getByRole("status")).toContainText("إذا كان البريد الإلكتروني مسجلًا لدينا");

  let link = "";
  await expect
    .poll(async () => {
      const mail = (await readE2eOutbox("email")).find((m) => m.to === `${username}@example.sa`);
      link = /https?:\/\/\S+\/reset-password\/\S+/.exec(mail?.body ?? "")?.[0] ?? "";
      return link;
    })
    .toMatch(/\/reset-password\/[A-Za-z0-9_-]{43}$/);
  const response = await page.goto(link);
  expect(response!.headers()["referrer-policy"]).toBe("no-referrer");
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute("content", "no-referrer");
  await page.getByLabel("كلمة المرور الجديدة").fill("واحة-النخيل-88");
  await page.getByLabel("تأكيد كلمة المرور").fill("واحة-النخيل-99");
  await page.getByRole("button", { name: "حفظ كلمة المرور" }).click();
  await expect(page.getByLabel("تأكيد كلمة المرور")).toHaveAccessibleDescription("كلمات المرور غير متطابقة");
  await page.getByLabel("كلمة المرور الجديدة").fill("واحة-النخيل-88");
  await page.getByLabel("تأكيد كلمة المرور").fill("واحة-النخيل-88");
  await page.getByRole("button", { name: "حفظ كلمة المرور" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("status")).toHaveText("تم تغيير كلمة المرور بنجاح. يمكنك تسجيل الدخول الآن.");
  // A one-time message: a reload does not show it again.
  await page.reload();
  await expect(page.getByRole("status")).toHaveCount(0);

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole("alert")).toContainText("رابط إعادة التعيين غير صالح");

  await page.goto("/login");
  await page.getByText("الدخول باسم المستخدم وكلمة المرور").click();
  await page.getByLabel("اسم المستخدم أو البريد الإلكتروني").fill(username);
  await page.getByLabel("كلمة المرور", { exact: true }).fill("كلمة-خاطئة-1");
  await page.getByRole("button", { name: "تسجيل الدخول", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("اسم المستخدم أو كلمة المرور غير صحيحة");
  await page.getByLabel("كلمة المرور", { exact: true }).fill("واحة-النخيل-88");
  await page.getByRole("button", { name: "تسجيل الدخول", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("navigation", { name: "لوحة التحكم" }).getByText("المحاسب")).toBeVisible();
});

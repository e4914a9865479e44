import { queryE2eDatabase } from "./db.ts";
import { sidebarLinks } from "../../app/modules/users/permissions.ts";
import { expect, test, unique } from "./fixtures.ts";
import { noSeriousViolations } from "./axe.ts";

const PAGES = [
  "/",
  "/offers",
  "/offers?view=swipe",
  "/offers?view=map",
  "/offer/1",
  "/about",
  "/licenses",
  "/services",
  "/services/property-management",
  "/services/marketing-brokerage",
  "/services/valuation",
  "/services/development",
  "/contact?propertyTitle=شقة",
  "/list-your-property",
  "/favourites?ids=1,2,3",
  "/compare?ids=1,2,3",
  "/compare",
  "/no-such-page",
];

for (const path of PAGES) {
  test(`no serious accessibility violations on ${path}`, async ({ page }) => {
    // The live-updates stream never ends, so "network idle" would never come: refuse it here.
    await page.route("**/api/offers/events", (route) => route.abort());
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await noSeriousViolations(page);
  });
}

test("no serious accessibility violations in the owner submission form showing its errors", async ({ page }) => {
  await page.goto("/list-your-property");
  await page.getByRole("button", { name: "إرسال الطلب" }).click();
  await expect(page.getByText("يرجى تحميل صورة واحدة على الأقل للعقار.")).toBeVisible();
  await noSeriousViolations(page);
});

test("no serious accessibility violations with the header search open, showing results and then none", async ({ page }) => {
  test.slow(); // three axe runs
  await page.route("**/api/offers/events", (route) => route.abort());
  await page.goto("/");
  await page.getByRole("button", { name: "بحث", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "البحث" });
  await dialog.getByRole("combobox").fill("الرياض");
  await expect(dialog.getByRole("option").first()).toBeVisible();
  await page.keyboard.press("ArrowDown");
  const check = async (label: string) => {
    await noSeriousViolations(page, label);
  };
  await check("results");
  await dialog.getByRole("combobox").fill("كلمة لا توجد أبداً");
  await expect(dialog.getByText("لا توجد نتائج مطابقة لبحثك.")).toBeVisible();
  await check("no results");
});

test("no serious accessibility violations on /login and the back office", async ({ page, signedInAs }) => {
  test.setTimeout(150_000); // fifteen pages, each loaded and checked
  await page.route("**/api/offers/events", (route) => route.abort());
  const check = async (path: string) => {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await noSeriousViolations(page, `${path}`);
  };
  await check("/login");
  await check("/reset-password");
  await signedInAs("manager");
  for (const path of [
    "/admin",
    "/admin/profile",
    "/admin/settings",
    "/admin/settings/staff",
    "/admin/offers",
    "/admin/offers/new",
    "/admin/offers/edit/1",
    "/admin/inquiries",
    "/admin/submissions",
    "/admin/licenses",
    "/admin/reports",
    "/admin/reports/daily",
    "/admin/reports?period=custom&from=2024-03-10&to=2024-03-01",
  ])
    await check(path);
});

for (const role of ["accountant", "staff"] as const) {
  test(`no serious accessibility violations on every back-office page the ${role} opens, at a phone's width and a desktop's`, async ({ page, signedInAs }) => {
    test.setTimeout(150_000);
    await page.route("**/events", (route) => route.abort());
    await signedInAs(role);
    for (const { to } of sidebarLinks(role)) {
      for (const viewport of [
        { width: 390, height: 844 },
        { width: 1366, height: 900 },
      ]) {
        await page.setViewportSize(viewport);
        await page.goto(to);
        await page.waitForLoadState("networkidle");
        // Opened, not sent back to /admin with a refusal.
        expect(new URL(page.url()).pathname).toBe(to);
        await noSeriousViolations(page, `${to} ${viewport.width}`);
      }
    }
  });
}

test("no serious accessibility violations on /admin/finance: the manager's and the accountant's (form messages shown)", async ({ page, context, signedInAs }) => {
  // The live-updates stream never ends, so "network idle" would never come: refuse it here.
  await page.route("**/admin/finance/events", (route) => route.abort());
  const check = async (label: string) => {
    await noSeriousViolations(page, label);
  };
  await signedInAs("manager");
  await page.goto("/admin/finance");
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("columnheader", { name: "المعتمِد" }).or(page.getByText("لا توجد معاملات بعد."))).toBeVisible();
  await check("manager");

  await context.clearCookies();
  await signedInAs("accountant");
  await page.goto("/admin/finance");
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "إرسال طلب الاعتماد" }).click();
  await expect(page.getByText("يرجى إدخال وصف المعاملة")).toBeVisible();
  await check("accountant");
});

test("no serious accessibility violations on /admin/content, its histories open and a refusal shown", async ({ page, signedInAs }) => {
  await signedInAs("manager");
  await page.goto("/admin/content");
  await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")));
  for (const summary of await page.getByText("النسخ المحفوظة", { exact: true }).all()) await summary.click();
  const marquee = page.getByRole("region", { name: "الشريط المتحرك", exact: true });
  await marquee.getByRole("button", { name: "إضافة نص" }).click();
  await marquee.getByLabel("النص ١", { exact: true }).fill("نص | مرفوض");
  await marquee.getByRole("button", { name: /^حفظ القسم/ }).click();
  await expect(marquee.getByRole("alert")).toBeVisible();
  await noSeriousViolations(page);
});

test("no serious accessibility violations on the tasks board and a task's page: the manager's (form messages, offer results, decision dialog) and the employee's", async ({
  page,
  context,
  signedInAs,
  staffMember,
}) => {
  test.setTimeout(60_000);
  // The live-updates stream never ends, so "network idle" would never come: refuse it here.
  await page.route("**/admin/tasks/events", (route) => route.abort());
  const check = async (label: string) => {
    await noSeriousViolations(page, label);
  };
  const employee = await staffMember("staff");
  const accountant = await staffMember("accountant");
  const { member: manager } = await signedInAs("manager");
  const [offer] = await queryE2eDatabase<{ id: number }>("select id from offers order by id limit 1");
  const [mine] = await queryE2eDatabase<{ id: number }>(
    "insert into tasks (title, description, assigned_to, created_by, related_property_id, due_date, created_at) values ('مهمة فحص الوصول', 'وصف', $1, $2, $3, current_date - 1, now() - interval '2 days') returning id",
    [employee.id, manager.id, offer!.id],
  );
  const title = `طلب اعتماد فحص الوصول ${unique()}`;
  await queryE2eDatabase("insert into tasks (title, assigned_to, created_by, status, amount, transaction_type) values ($1, $2, $3, 'Awaiting Approval', 120, 'expense')", [
    title,
    manager.id,
    accountant.id,
  ]);

  await page.goto("/admin/tasks?new=1");
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "إنشاء المهمة" }).click();
  await expect(page.getByText("يرجى إدخال عنوان المهمة")).toBeVisible();
  await page.getByRole("combobox", { name: "العرض المرتبط (اختياري)" }).fill("شقة");
  await expect(page.getByRole("listbox", { name: "العروض المطابقة" })).toBeVisible();
  await check("manager's board");
  await page.goto(`/admin/tasks?q=${encodeURIComponent(title)}`);
  await page.getByRole("button", { name: "اعتماد أو رفض" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "رفض" }).click();
  await expect(page.getByRole("dialog").getByText("يرجى كتابة سبب الرفض.")).toBeVisible();
  await check("decision dialog");

  await context.clearCookies();
  await signedInAs(employee);
  for (const path of ["/admin/tasks", `/admin/tasks/${mine!.id}`, "/admin/tasks/999999999"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await check(path);
  }
});

test("no serious accessibility violations on /admin/reports with every chart's table open, on a phone's width", async ({ page, signedInAs }) => {
  await signedInAs("manager");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/reports?period=7d");
  for (const summary of await page.getByText("عرض كجدول").all()) await summary.click();
  await expect(page.getByRole("table", { name: "الدخل والمصروفات والصافي شهريًا" })).toBeVisible();
  await noSeriousViolations(page);
});

test("no serious accessibility violations in the search alert form (open, showing an error) and on the alert pages", async ({ page }) => {
  test.setTimeout(90_000); // four pages checked, the first the whole offers list
  await page.route("**/api/offers/events", (route) => route.abort());
  const check = async (label: string) => {
    await noSeriousViolations(page, label);
  };
  await page.goto(`/offers?city=${encodeURIComponent("الرياض")}`);
  const block = page.getByTestId("alert-subscribe");
  await block.getByText("نبهني بالعروض الجديدة").click();
  // The real form (its code comes when the block opens) has taken over: the plain one would leave the
  // check to the browser.
  await expect(block.locator('input[name="email"][id$="-email"]')).toBeVisible();
  await block.getByLabel("بريدك الإلكتروني").fill("x");
  await block.getByRole("button", { name: "فعّل التنبيه" }).click();
  await expect(block.getByText("البريد الإلكتروني غير صحيح")).toBeVisible();
  await check("alert form");

  // A waiting alert of this test's own, with a confirmation token it knows (only its SHA-256 is kept).
  const token = `a11y${unique(10)}`.padEnd(43, "x");
  const email = `a11y.${unique()}@example.sa`;
  await queryE2eDatabase(
    "insert into search_alerts (email, query, confirm_token_hash, confirm_sent_at) values ($1, 'city=%D8%AC%D8%AF%D8%A9', encode(sha256($2::bytea), 'hex'), now())",
    [email, token],
  );
  try {
    for (const path of [`/alerts/confirm/${token}`, "/alerts/confirm/not-a-token", `/alerts?city=${encodeURIComponent("جدة")}`]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await check(path);
    }
  } finally {
    await queryE2eDatabase("delete from search_alerts where email = $1", [email]);
  }
});

test("no serious accessibility violations with the compare tray showing and its «which one to replace» dialog open", async ({ page }) => {
  await page.route("**/api/offers/events", (route) => route.abort());
  await page.goto("/offers");
  await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")));
  const compare = page.getByTestId("offers-grid").getByRole("button", { name: "أضف إلى المقارنة" });
  for (const i of [0, 1, 2]) await compare.nth(i).click();
  await expect(page.getByTestId("compare-tray").getByRole("listitem")).toHaveCount(3);
  const check = async (label: string) => {
    await noSeriousViolations(page, label);
  };
  await check("tray");
  await compare.nth(3).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await check("dialog");
});

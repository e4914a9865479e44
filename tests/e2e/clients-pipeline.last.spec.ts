import type { Page } from "@playwright/test";
import { queryE2eDatabase } from "./db.ts";
import { expect, test, uniquePhone } from "./fixtures.ts";
import { noSeriousViolations } from "./axe.ts";

/**
 * The clients pipeline (issue 32), as people use it. In «rules-changing»: it sets the assignment
 * rule for a moment (new clients of one city to this test's employee) and puts it back.
 */

const toArabicDigits = (text: string) => text.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

async function sendInquiry(page: Page, offerId: number, name: string, phone: string) {
  await page.goto(`/contact?propertyId=${offerId}`);
  await page.getByLabel("الاسم").fill(name);
  await page.getByLabel("رقم الهاتف (مطلوب)").fill(phone);
  await page.getByRole("button", { name: "إرسال", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("تم الإرسال بنجاح");
}

/** With SHOTS_DIR set, the whole page at phone and desktop sizes, to look at. */
async function shots(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const size = page.viewportSize()!;
  for (const [width, height] of [
    [390, 844],
    [1366, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

test.afterEach(async () => {
  await queryE2eDatabase("delete from client_rules");
});

test("an inquiry becomes a client of the city's employee, who moves the stage and notes; the same phone written otherwise joins the same timeline", async ({
  page,
  browser,
  staffMember,
  signedInAs,
}) => {
  test.slow();
  const employee = await staffMember("staff");
  const [offer] = await queryE2eDatabase<{ id: number; title: string; city: string }>("select id, title, city from offers where city <> '' order by id limit 1");
  await queryE2eDatabase(
    "insert into client_rules (id, assignment_mode, city_owners) values (1, 'city', $1::jsonb) on conflict (id) do update set assignment_mode = 'city', city_owners = excluded.city_owners",
    [JSON.stringify([{ city: offer!.city, staffId: employee.id }])],
  );

  // A visitor asks about the offer, typing the phone with Arabic digits and spaces.
  const local = uniquePhone(); // 055xxxxxxx
  const e164 = `+966${local.slice(1)}`;
  const name = `ريم ${toArabicDigits(local.slice(-4))}`;
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await sendInquiry(visitorPage, offer!.id, name, toArabicDigits(`${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}`));

  // The employee finds the new client in their list, by a phone typed another way.
  await signedInAs(employee);
  await page.goto("/admin");
  await page.getByRole("navigation").getByRole("link", { name: "العملاء", exact: true }).first().click();
  await expect(page).toHaveURL(/\/admin\/clients$/);
  await page.getByLabel("بحث").fill(e164);
  await page.getByRole("button", { name: "عرض" }).click();
  const row = page.getByTestId("client-row");
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("link", { name })).toBeVisible();
  // The phone in its true order: «٠٥٥ ١٢٣ ٤٥٦٧» as one left-to-right unit.
  await expect(row.locator("[data-identifier]")).toHaveText(toArabicDigits(`${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}`));
  await expect(row.getByTestId("client-stage")).toHaveText("جديد");
  await expect(row.getByTestId("first-answer")).toHaveText("بانتظار الرد الأول");
  await noSeriousViolations(page);
  await shots(page, "clients-list");

  await row.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const timeline = page.getByRole("list", { name: "سجل العميل" });
  await expect(timeline.getByTestId("timeline-entry")).toHaveCount(2);
  await expect(timeline.getByTestId("timeline-entry").first()).toContainText(`أُسند تلقائيًا إلى ${employee.name}`);
  await expect(timeline.getByTestId("timeline-entry").nth(1)).toContainText(`استفسار عن «${offer!.title}»`);

  // «لم يتم» without a reason is refused, in Arabic, next to the field.
  const stage = page.getByRole("region", { name: "تغيير المرحلة" });
  await stage.getByLabel("المرحلة").selectOption({ label: "لم يتم" });
  await stage.getByRole("button", { name: "حفظ المرحلة" }).click();
  await expect(stage.getByText("يرجى كتابة سبب عدم الإتمام.")).toBeVisible();
  // Then a real move.
  await stage.getByLabel("المرحلة").selectOption({ label: "تم التواصل" });
  await stage.getByRole("button", { name: "حفظ المرحلة" }).click();
  await expect(page.getByTestId("client-stage").first()).toHaveText("تم التواصل");
  await expect(timeline.getByTestId("timeline-entry").first()).toContainText(`غيّر ${employee.name} المرحلة من «جديد» إلى «تم التواصل»`);

  // From the client's page: a viewing booked for them, and what they are looking for.
  const next = page.getByRole("region", { name: "المعاينات والطلبات" });
  await expect(next.getByRole("link", { name: "حجز معاينة" })).toHaveAttribute("href", /^\/admin\/viewings\/new\?client=\d+$/);
  await expect(next.getByRole("link", { name: "ما يبحث عنه العميل" })).toHaveAttribute("href", /^\/admin\/clients\/\d+\/requirements$/);

  const notes = page.getByRole("region", { name: "إضافة ملاحظة" });
  await notes.getByLabel("ملاحظة جديدة").fill("يفضّل التواصل مساءً");
  await notes.getByRole("button", { name: "إضافة الملاحظة" }).click();
  await expect(timeline.getByTestId("timeline-entry").first()).toContainText(`ملاحظة من ${employee.name}`);
  await expect(timeline.getByTestId("timeline-entry").first()).toContainText("يفضّل التواصل مساءً");
  await expect(notes.getByLabel("ملاحظة جديدة")).toHaveValue("");

  // The same person writes again, the phone in international form: the same client, on the same timeline.
  await sendInquiry(visitorPage, offer!.id, name, e164);
  await visitor.close();
  await page.reload();
  await expect(timeline.getByTestId("timeline-entry").first()).toContainText(`استفسار عن «${offer!.title}»`);
  await expect(timeline.locator('[data-kind="inquiry"]')).toHaveCount(2);
  const clients = await queryE2eDatabase<{ client_id: number }>("select client_id from client_phones where phone = $1", [e164]);
  expect(clients).toHaveLength(1);
  const inquiries = await queryE2eDatabase<{ client_id: number }>("select distinct client_id from inquiries where phone = $1", [e164]);
  expect(inquiries).toEqual([{ client_id: clients[0]!.client_id }]);
  await expect(page.getByTestId("client-phones").locator("[data-identifier]")).toHaveCount(1);

  // The e-mail: a wrong address is refused in Arabic with what was typed kept; a right one is saved.
  const mail = page.getByRole("region", { name: "البريد الإلكتروني" });
  await mail.getByLabel("البريد الإلكتروني (اختياري)").fill("reem@");
  await mail.getByRole("button", { name: "حفظ البريد الإلكتروني" }).click();
  await expect(mail.getByText("البريد الإلكتروني غير صحيح")).toBeVisible();
  await expect(mail.getByLabel("البريد الإلكتروني (اختياري)")).toHaveValue("reem@");
  await mail.getByLabel("البريد الإلكتروني (اختياري)").fill(`reem.${local}@example.sa`);
  await mail.getByRole("button", { name: "حفظ البريد الإلكتروني" }).click();
  await expect(page.getByText("تم حفظ البريد الإلكتروني.")).toBeVisible();
  await expect(page.locator("header dl")).toContainText(`reem.${local}@example.sa`);

  // A second phone: another client's number is refused, saying so; a new one is added, then removed.
  const phones = page.getByRole("region", { name: "أرقام العميل" });
  const [taken] = await queryE2eDatabase<{ phone: string }>("select phone from client_phones where client_id <> (select client_id from client_phones where phone = $1) limit 1", [
    e164,
  ]);
  await phones.getByLabel("رقم آخر للعميل").fill(taken!.phone);
  await phones.getByRole("button", { name: "إضافة الرقم" }).click();
  await expect(phones.getByText("هذا الرقم مسجّل لعميل آخر، فلا يمكن إضافته هنا.")).toBeVisible();
  await expect(phones.getByLabel("رقم آخر للعميل")).toHaveValue(taken!.phone);
  const second = uniquePhone();
  await phones.getByLabel("رقم آخر للعميل").fill(toArabicDigits(second));
  await phones.getByRole("button", { name: "إضافة الرقم" }).click();
  await expect(page.getByTestId("client-phones").locator("[data-identifier]")).toHaveCount(2);
  await expect(phones.getByTestId("client-phone-list").getByRole("button", { name: /^حذف الرقم/ })).toHaveCount(2);
  await noSeriousViolations(page);
  await shots(page, "client-page-phones");
  await phones.getByRole("button", { name: `حذف الرقم ${toArabicDigits(`${second.slice(0, 3)} ${second.slice(3, 6)} ${second.slice(6)}`)}` }).click();
  await expect(page.getByText("تم حذف الرقم.")).toBeVisible();
  await expect(page.getByTestId("client-phones").locator("[data-identifier]")).toHaveCount(1);
  // The only phone left has no «حذف».
  await expect(phones.getByTestId("client-phone-list").getByRole("button")).toHaveCount(0);

  // From the timeline to the inquiry in the inbox, and back from its card to the client.
  await timeline
    .getByRole("link", { name: /الاستفسار رقم/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/inquiries\?id=\d+/);
  await page.getByRole("link", { name: "صفحة العميل" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  await noSeriousViolations(page);
  await shots(page, "client-page");

  // Another employee's client is not this one's to open.
  await page.goto("/admin/clients/999999999");
  await expect(page.getByText("العميل غير موجود أو ليس من عملائك.")).toBeVisible();
});

test("the manager sets the rules in settings, and reads the first answers per employee in the reports", async ({ page, signedInAs }) => {
  test.slow();
  await page.route("**/events", (route) => route.abort());
  await signedInAs("manager");
  await page.goto("/admin/settings#clients-title");
  const rules = page.getByRole("region", { name: "العملاء" });
  await rules.getByLabel("إسناد العملاء الجدد").selectOption({ label: "بالتناوب بين الموظفين" });
  await rules.getByLabel("مهلة الرد الأول (بساعات العمل)").fill("٣");
  // No working day: refused in Arabic, nothing saved.
  for (const day of ["الأحد", "الاثنين", "الثلاثاء", "الأربعاء", "الخميس"]) await rules.getByLabel(day).uncheck();
  await rules.getByRole("button", { name: "حفظ قواعد العملاء" }).click();
  await expect(rules.getByText("يرجى اختيار يوم عمل واحد على الأقل.")).toBeVisible();
  await noSeriousViolations(page);
  await rules.getByLabel("الأحد").check();
  await rules.getByRole("button", { name: "حفظ قواعد العملاء" }).click();
  await expect(page.getByText("تم حفظ قواعد العملاء.")).toBeVisible();
  expect(await queryE2eDatabase("select assignment_mode, first_answer_limit_hours, work_days from client_rules")).toEqual([
    { assignment_mode: "turn", first_answer_limit_hours: 3, work_days: [0] },
  ]);
  await shots(page, "settings-clients");

  await page.goto("/admin/reports?period=30d");
  const figures = page.getByTestId("staff-first-answers");
  await expect(figures.getByRole("table")).toBeVisible();
  await noSeriousViolations(page);
});

import sharp from "sharp";
import { queryE2eDatabase, readE2eOutbox } from "./db.ts";
import { expect, latestCode, test, unique, uniquePhone } from "./fixtures.ts";
import { lookAt } from "./look.ts";

const toArabicDigits = (text: string) => text.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

const PHONE = { width: 390, height: 844 };

/** An owner, a building and a unit of their own, straight into the database (the owners' pages have their own spec). */
async function managedUnit() {
  const stamp = unique();
  const [owner] = await queryE2eDatabase<{ id: number }>(
    "insert into owners (kind, name, identity_number, iban) values ('person', $1, $2, 'SA0380000000608010167519') returning id",
    [`مالك الصيانة ${toArabicDigits(stamp)}`, `10${stamp}${stamp.slice(0, 1)}`],
  );
  const [property] = await queryE2eDatabase<{ id: number }>(
    "insert into managed_properties (owner_id, kind, name, city, neighbourhood) values ($1, 'building', $2, 'الرياض', 'الملقا') returning id",
    [owner!.id, `عمارة الياسمين ${toArabicDigits(stamp)}`],
  );
  const [unit] = await queryE2eDatabase<{ id: number; report_token: string }>(
    "insert into managed_units (property_id, label, type) values ($1, 'شقة 4', 'شقة') returning id, report_token",
    [property!.id],
  );
  return { ownerId: owner!.id, propertyId: property!.id, unitId: unit!.id, token: unit!.report_token };
}

test("a tenant reports from the unit's link on a phone (code from the SMS, a photo); staff adds a cost; the manager approves it in finance; the owner's charge is approved", async ({
  page,
  browser,
  signedInAs,
}) => {
  test.setTimeout(180_000);
  const unit = await managedUnit();
  const tenant = uniquePhone();
  const description = `المكيف لا يبرد في غرفة النوم ${unique(4)}`;
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#3a7" } })
    .jpeg()
    .toBuffer();

  // An unknown token: the Arabic 404.
  const missing = await page.goto(`/maintenance/${"0".repeat(32)}`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("الصفحة غير موجودة");

  // The tenant, on a phone: the unit named, nothing private.
  await page.setViewportSize(PHONE);
  await page.goto(`/maintenance/${unit.token}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("بلاغ صيانة");
  await expect(page.getByText("شقة ٤ · عمارة الياسمين")).toBeVisible();
  await expect(page.getByText("مالك الصيانة")).toHaveCount(0);
  await lookAt(page, "report-form", PHONE);

  const asked = Date.now();
  await page.getByLabel("رقم الجوال").fill(toArabicDigits(tenant));
  await page.getByRole("button", { name: "إرسال رمز التحقق" }).click();
  await expect(page.getByText("أرسلنا رمز التحقق إلى جوالك.")).toBeVisible({ timeout: 30_000 });
  let code: string | undefined;
  await expect.poll(async () => (code = await latestCode(tenant, asked - 1000))).toBeTruthy();

  await page.getByLabel("نوع المشكلة").selectOption({ label: "تكييف" });
  await page.getByLabel("عاجل").check();
  await page.getByLabel("وصف المشكلة").fill(description);
  await page.getByLabel("صور المشكلة (اختياري)").setInputFiles({ name: "ac.jpg", mimeType: "image/jpeg", buffer: photo });
  // A wrong code first: refused in Arabic, nothing stored, nothing typed lost.
  await page.getByLabel("رمز التحقق").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "إرسال البلاغ" }).click();
  await expect(page.getByText("رمز التحقق غير صحيح")).toBeVisible();
  await expect(page.getByLabel("وصف المشكلة")).toHaveValue(description);
  expect(await queryE2eDatabase("select id from maintenance_requests where unit_id = $1", [unit.unitId])).toEqual([]);

  await page.getByLabel("رمز التحقق").fill(toArabicDigits(code!));
  await page.getByRole("button", { name: "إرسال البلاغ" }).click();
  await expect(page.getByText(/تم استلام بلاغك رقم/)).toBeVisible({ timeout: 30_000 });
  await lookAt(page, "report-received", PHONE);
  const [report] = await queryE2eDatabase<{ id: number; task_id: number; photo_ids: string[] }>("select id, task_id, photo_ids from maintenance_requests where unit_id = $1", [
    unit.unitId,
  ]);
  expect(report!.photo_ids).toHaveLength(1);
  await expect.poll(async () => readE2eOutbox("sms").then((all) => all.some((m) => m.body.includes(`بلاغ الصيانة رقم ${toArabicDigits(String(report!.id))}`)))).toBe(true);

  // An employee: the list, the report with its photo, a cost.
  await page.setViewportSize({ width: 1366, height: 900 });
  await signedInAs("staff");
  await page.goto("/admin");
  await page.getByRole("link", { name: "الصيانة" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("الصيانة: بلاغات المستأجرين");
  await lookAt(page, "maintenance-list");
  await page.getByRole("link", { name: new RegExp(`بلاغ رقم ${toArabicDigits(String(report!.id))}`) }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("تكييف");
  await expect(page.getByText(description)).toBeVisible();
  const shown = page.getByRole("img", { name: "صورة المشكلة ١" });
  await expect(shown).toBeVisible();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole("link", { name: /مهمة رقم/ })).toHaveAttribute("href", `/admin/tasks/${report!.task_id}`);

  const repair = `تعبئة غاز المكيف ${unique(4)}`;
  await page.getByLabel("وصف الإصلاح").fill(repair);
  await page.getByLabel("المبلغ (ر.س.)").fill("٣٥٠٫٥");
  await page.getByRole("button", { name: "طلب اعتماد التكلفة" }).click();
  await expect(page.getByText("أُرسلت تكلفة الإصلاح إلى المدير العام لاعتمادها")).toBeVisible();
  const charges = page.getByTestId("charges");
  await expect(charges).toContainText("بانتظار اعتماد المدير");
  await expect(charges).toContainText(/٣٥٠٫٥٠\s?ر\.س\./);
  await lookAt(page, "maintenance-report");

  // The manager approves it in finance, as any request.
  const managerContext = await browser.newContext();
  await signedInAs("manager", managerContext);
  const boss = await managerContext.newPage();
  await boss.goto("/admin/finance");
  await boss.getByTestId("awaiting-request").filter({ hasText: repair }).getByRole("button", { name: "اعتماد أو رفض" }).click();
  const dialog = boss.getByRole("dialog", { name: "اعتماد الطلب أو رفضه" });
  await dialog.getByRole("button", { name: "اعتماد", exact: true }).click();
  await expect(dialog).toBeHidden();
  await managerContext.close();

  await page.reload();
  await expect(page.getByTestId("charges")).toContainText("معتمدة ومحمّلة على المالك");
  expect(
    await queryE2eDatabase(
      "select c.owner_id, c.amount_halalas::int as halalas from owner_charges c join transactions t on t.related_task_id = c.finance_task_id where c.maintenance_request_id = $1",
      [report!.id],
    ),
  ).toEqual([{ owner_id: unit.ownerId, halalas: 35_050 }]);

  // The unit's QR code, from its property's page.
  await page.goto(`/admin/properties/${unit.propertyId}`);
  await page.getByRole("link", { name: "رابط البلاغات" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("بلاغات الصيانة");
  await expect(page.getByRole("img", { name: "رمز QR لرابط بلاغات الصيانة" }).locator("svg")).toBeVisible();
  await expect(page.getByTestId("report-link")).toContainText(`/maintenance/${unit.token}`);
  await lookAt(page, "unit-qr");
  await page.emulateMedia({ media: "print" });
  await page.screenshot({ path: test.info().outputPath("unit-qr-print.png"), fullPage: true });
  await expect(page.getByRole("button", { name: "طباعة" })).toBeHidden();
});

test("the accountant reads a report but cannot change it", async ({ page, signedInAs }) => {
  const unit = await managedUnit();
  const [report] = await queryE2eDatabase<{ id: number }>(
    "insert into maintenance_requests (unit_id, phone, category, urgency, description) values ($1, '+966551112233', 'plumbing', 'normal', 'تسرب') returning id",
    [unit.unitId],
  );
  await signedInAs("accountant");
  await page.goto(`/admin/maintenance/${report!.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("سباكة");
  await expect(page.getByLabel("وصف الإصلاح")).toHaveCount(0);
  const refused = await page.request.post(`/admin/maintenance/${report!.id}`, {
    form: { intent: "cost", amount: "10", description: "x" },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(refused.status()).toBe(403);
});

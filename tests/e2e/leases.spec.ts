import type { Page } from "@playwright/test";
import { queryE2eDatabase } from "./db.ts";
import { expect, test, unique, uniquePhone } from "./fixtures.ts";
import { noSeriousViolations } from "./axe.ts";
import { lookAt, uniqueNationalId } from "./look.ts";

const toArabicDigits = (text: string) => text.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

/** The lease form's tenant: the option naming them. */
async function chooseTenant(page: Page, name: string) {
  const value = await page.locator('select[name="tenantId"] option', { hasText: name }).getAttribute("value");
  expect(value).not.toBeNull();
  await page.locator('select[name="tenantId"]').selectOption(value ?? "");
}

test("a tenant added, a lease of a demo unit in Riyadh, an overlapping lease refused, a higher rent at renewal refused under the freeze", async ({ page, signedInAs }) => {
  test.setTimeout(180_000);
  // A new unit of the demo's Riyadh building (the demo's own units are let: issue 33's demo data).
  const [building] = await queryE2eDatabase<{ id: number }>("select id from managed_properties where city = 'الرياض' and kind = 'building' order by id limit 1");
  const [unit] = await queryE2eDatabase<{ id: number; property_id: number }>(
    "insert into managed_units (property_id, label, type) values ($1, $2, 'شقة') returning id, property_id",
    [building!.id, `شقة ${toArabicDigits(unique(6))}`],
  );
  expect(unit, "a demo unit in Riyadh").toBeTruthy();
  await signedInAs("manager");

  // The tenant, from the owners' page.
  await page.goto("/admin/owners");
  await page.getByRole("link", { name: "المستأجرون" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("إدارة الأملاك: المستأجرون");
  await page.getByRole("link", { name: "إضافة مستأجر" }).click();
  const name = `مستأجر الاختبار ${toArabicDigits(unique())}`;
  await page.getByLabel("الاسم الكامل").fill(name);
  await page.getByLabel("رقم الهوية أو الإقامة").fill(toArabicDigits(uniqueNationalId()));
  await page.getByLabel("رقم الجوال").fill(uniquePhone());
  await lookAt(page, "tenant-new");
  await page.getByRole("button", { name: "إضافة المستأجر" }).click();
  await expect(page).toHaveURL(/\/admin\/tenants\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await lookAt(page, "tenant");

  // The lease, from the unit's row on its property's page.
  await page.goto(`/admin/properties/${unit!.property_id}`);
  await page.getByTestId(`unit-lease-${unit!.id}`).getByRole("link", { name: "عقد إيجار جديد" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/leases/new\\?unit=${unit!.id}$`));
  // The contract's number typed first, then the tenant searched: what was typed stays.
  const ejar = `7${unique(9)}`;
  await page.getByLabel("رقم العقد في منصة إيجار").fill(toArabicDigits(ejar));
  await page.getByRole("searchbox").fill(name);
  await page.getByRole("button", { name: "بحث" }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.locator('select[name="tenantId"] option', { hasText: name })).toHaveCount(1);
  await expect(page.getByLabel("رقم العقد في منصة إيجار")).toHaveValue(toArabicDigits(ejar));
  await chooseTenant(page, name);
  await page.getByLabel("تاريخ البداية").fill("2026-01-01");
  await page.getByLabel("تاريخ النهاية").fill("2026-12-31");
  await page.getByLabel("الإيجار السنوي بالريال").fill("٤٥٬٠٠٠");
  await page.getByLabel("مبلغ التأمين بالريال (اختياري)").fill("2,000");
  await lookAt(page, "lease-new");
  await page.getByRole("button", { name: "إضافة العقد" }).click();
  await expect(page).toHaveURL(/\/admin\/leases\/\d+$/);
  const leaseUrl = page.url();
  await expect(page.locator("dd", { hasText: "سنويًا" })).toContainText("٤٥٬٠٠٠٫٠٠");
  await lookAt(page, "lease");

  // A second lease of the same unit overlapping the first: refused under the start date, nothing typed lost.
  await page.goto(`/admin/leases/new?unit=${unit!.id}&q=${encodeURIComponent(name)}`);
  await chooseTenant(page, name);
  await page.getByLabel("رقم العقد في منصة إيجار").fill(`8${unique(9)}`);
  await page.getByLabel("تاريخ البداية").fill("2026-06-01");
  await page.getByLabel("تاريخ النهاية").fill("2027-05-31");
  await page.getByLabel("الإيجار السنوي بالريال").fill("٤٠٬٠٠٠");
  await page.getByRole("button", { name: "إضافة العقد" }).click();
  await expect(page.getByText("يوجد عقد إيجار ساري لهذه الوحدة في هذه الفترة")).toBeVisible();
  await expect(page.getByLabel("تاريخ البداية")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("الإيجار السنوي بالريال")).toHaveValue("٤٠٬٠٠٠");
  await lookAt(page, "lease-overlap");

  // The unit's row shows its lease in force.
  await page.goto(`/admin/properties/${unit!.property_id}`);
  await expect(page.getByTestId(`unit-lease-${unit!.id}`)).toContainText(name);
  await lookAt(page, "property");

  // Renewal: prefilled from the day after the end; a higher rent refused under Riyadh's freeze, the same rent accepted.
  await page.goto(leaseUrl);
  await page.getByRole("link", { name: "تجديد العقد" }).click();
  await expect(page.getByLabel("تاريخ البداية")).toHaveValue("2027-01-01");
  await expect(page.getByLabel("تاريخ النهاية")).toHaveValue("2027-12-31");
  await page.getByLabel("رقم العقد في منصة إيجار").fill(`9${unique(9)}`);
  await page.getByLabel("الإيجار السنوي بالريال").fill("٥٠٬٠٠٠");
  await page.getByRole("button", { name: "تجديد العقد" }).click();
  const refusal = page.getByText("لا يجوز رفع الإيجار عند تجديد العقد في الرياض");
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText("سبتمبر ٢٠٣٠");
  await expect(page.getByLabel("الإيجار السنوي بالريال")).toHaveValue("٥٠٬٠٠٠");
  await lookAt(page, "lease-renewal-refused");
  await page.getByLabel("الإيجار السنوي بالريال").fill("45000");
  await page.getByRole("button", { name: "تجديد العقد" }).click();
  await expect(page).toHaveURL(/\/admin\/leases\/\d+$/);
  expect(page.url()).not.toBe(leaseUrl);
  await expect(page.getByRole("link", { name: "العقد السابق الذي جدده هذا العقد" })).toBeVisible();
});

test("the settings list Riyadh's rent freeze; the accountant reads a lease without its forms", async ({ page, signedInAs }) => {
  test.setTimeout(120_000);
  await signedInAs("manager");
  await page.goto("/admin/settings#rent-freezes-title");
  const freezes = page.getByTestId("rent-freezes");
  await expect(freezes).toContainText("الرياض");
  await expect(freezes).toContainText("٢٤ سبتمبر ٢٠٣٠");
  await page.getByTestId("rent-freezes").scrollIntoViewIfNeeded();
  await page.setViewportSize({ width: 390, height: 844 });
  await freezes.screenshot({ path: test.info().outputPath("rent-freezes-390.png") });
  await page.setViewportSize({ width: 1366, height: 900 });
  await freezes.screenshot({ path: test.info().outputPath("rent-freezes-1366.png") });
  await noSeriousViolations(page, "settings");

  await signedInAs("accountant");
  await page.goto("/admin/tenants");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("إدارة الأملاك: المستأجرون");
  await expect(page.getByRole("link", { name: "إضافة مستأجر" })).toHaveCount(0);
});

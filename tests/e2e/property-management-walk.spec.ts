import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { queryE2eDatabase } from "./db.ts";
import { expect, test, unique, uniquePhone } from "./fixtures.ts";
import { noSeriousViolations } from "./axe.ts";
import { uniqueNationalId } from "./look.ts";

/*
 * Issue 33 end to end, through the pages the firm uses: a unit's management contract, its tenant and
 * lease, the tenant's payment recorded by the accountant, and the owner's statement for that month
 * with its PDF read back and drawn as an image. Dated from today (the month before this one), so it
 * holds whatever day it runs.
 */

const pad = (n: number) => String(n).padStart(2, "0");
const toArabicDigits = (text: string) => text.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
/**
 * The test's own number written in letters that join on both sides: pdftotext reads a letter joined
 * to a following ر, و, د… (letters that join only on one side) after it («ثر» came back «رث», one
 * run in three), so a name of those read back differently by chance.
 */
const inLetters = (digits: string) => [...digits].map((d) => "بتثجحخسشصض"[Number(d)]).join("");

/** Last month in Riyadh: its yyyy-mm, its first day, a day in it, and the day before the same date a year on. */
function lastMonth() {
  const today = new Date(Date.now() + 3 * 3_600_000);
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  const month = `${first.getUTCFullYear()}-${pad(first.getUTCMonth() + 1)}`;
  const yearOn = new Date(Date.UTC(first.getUTCFullYear() + 1, first.getUTCMonth(), 0));
  return { month, firstDay: `${month}-01`, paidOn: `${month}-05`, lastDay: yearOn.toISOString().slice(0, 10) };
}

test("a unit from its management contract to a tenant's payment to the owner's statement, the PDF read back and drawn", async ({ page, signedInAs }) => {
  test.setTimeout(240_000);
  const { month, firstDay, paidOn, lastDay } = lastMonth();
  const n = unique();
  // The owner, the building and its unit as the owners' pages make them (property-management.spec.ts walks those).
  const q = async (text: string, values: unknown[]) => (await queryE2eDatabase<{ id: number }>(text, values))[0]!.id;
  const ownerName = `مالك ${inLetters(n)}`;
  const owner = await q("insert into owners (kind, name, identity_number, email, iban) values ('person', $1, $2, $3, 'SA0380000000608010167519') returning id", [
    ownerName,
    uniqueNationalId(),
    `walk-${n}@example.sa`,
  ]);
  const property = await q("insert into managed_properties (owner_id, kind, name, city, neighbourhood) values ($1, 'building', $2, 'الرياض', 'الملقا') returning id", [
    owner,
    `عمارة الرحلة ${toArabicDigits(n)}`,
  ]);
  const unit = await q("insert into managed_units (property_id, label, type) values ($1, 'شقة ٧', 'شقة') returning id", [property]);

  // The manager: the firm's contract with the owner from last month, 10 % of the rent collected.
  await signedInAs("manager");
  await page.goto(`/admin/properties/${property}`);
  const contract = page.getByRole("region", { name: "إضافة عقد إدارة" });
  await contract.getByLabel("تاريخ البداية").fill(firstDay);
  await contract.getByLabel("تاريخ النهاية").fill(lastDay);
  await contract.getByLabel("النسبة ٪").fill("١٠");
  await contract.getByRole("button", { name: "إضافة العقد" }).click();
  await expect(page.getByText("تمت إضافة عقد الإدارة")).toBeVisible();

  // The tenant, then the unit's lease: 60,000 a year, monthly.
  await page.goto("/admin/tenants/new");
  const tenantName = `مستأجر ${inLetters(n)}`;
  await page.getByLabel("الاسم الكامل").fill(tenantName);
  await page.getByLabel("رقم الهوية أو الإقامة").fill(uniqueNationalId());
  await page.getByLabel("رقم الجوال").fill(uniquePhone());
  await page.getByRole("button", { name: "إضافة المستأجر" }).click();
  await expect(page).toHaveURL(/\/admin\/tenants\/\d+$/);

  await page.goto(`/admin/properties/${property}`);
  await page.getByTestId(`unit-lease-${unit}`).getByRole("link", { name: "عقد إيجار جديد" }).click();
  await page.getByRole("searchbox").fill(tenantName);
  await page.getByRole("button", { name: "بحث" }).click();
  const option = page.locator('select[name="tenantId"] option', { hasText: tenantName });
  await expect(option).toHaveCount(1);
  await page.locator('select[name="tenantId"]').selectOption((await option.getAttribute("value")) ?? "");
  await page.getByLabel("رقم العقد في منصة إيجار").fill(toArabicDigits(`6${unique(9)}`));
  await page.getByLabel("تاريخ البداية").fill(firstDay);
  await page.getByLabel("تاريخ النهاية").fill(lastDay);
  await page.getByLabel("الإيجار السنوي بالريال").fill("٦٠٬٠٠٠");
  await page.getByRole("button", { name: "إضافة العقد" }).click();
  await expect(page).toHaveURL(/\/admin\/leases\/\d+$/);

  // The accountant, from the lease: last month's instalment is there at once; 5,000 paid on the 5th.
  await signedInAs("accountant");
  await page.reload();
  await page.getByRole("link", { name: "الأقساط والدفعات" }).click();
  await expect(page).toHaveURL(/\/admin\/rent\/leases\/\d+$/);
  const instalments = page.getByTestId("instalment-row");
  await expect(instalments.first()).toContainText("٥٬٠٠٠٫٠٠");
  const payment = page.getByRole("region", { name: "تسجيل دفعة" });
  await payment.getByLabel("المبلغ بالريال").fill("٥ ٠٠٠");
  await payment.getByLabel("تاريخ الدفع").fill(paidOn);
  await payment.getByRole("button", { name: "تسجيل دفعة" }).click();
  await expect(page.getByTestId("payment-count")).toHaveText("دفعة واحدة");
  await expect(instalments.first().getByTestId("instalment-mark")).toHaveText("مسدد");
  await noSeriousViolations(page, "ledger");

  // The manager issues last month's statement: 5,000 collected − 10 % = 4,500 to pay.
  await signedInAs("manager");
  await page.goto(`/admin/owners/${owner}`);
  const statements = page.getByRole("region", { name: "كشوف الحساب" });
  await statements.getByLabel("الشهر", { exact: true }).selectOption(month);
  await statements.getByRole("button", { name: "إصدار الكشف الآن" }).click();
  const card = statements.getByTestId("statement-card");
  await expect(card.getByTestId("statement-net")).toContainText("٤٬٥٠٠٫٠٠");
  await expect(card).toContainText("أُرسل بالبريد");
  await noSeriousViolations(page, "owner");

  // The PDF: its text in reading order, and its first page drawn as an image (joined letters, right to left).
  const [download] = await Promise.all([page.waitForEvent("download"), card.getByRole("link", { name: /تنزيل الكشف/ }).click()]);
  const pdfPath = test.info().outputPath("statement.pdf");
  await download.saveAs(pdfPath);
  const text = execFileSync("pdftotext", ["-layout", pdfPath, "-"], { encoding: "utf8" });
  expect(text).toContain(ownerName);
  // The unit's digit sits in its own directional run (the PDF's bidi marks between).
  expect(text).toMatch(/شقة[\u200e\u200f\u202a-\u202e\s]*٧/);
  expect(text).toContain("٤٬٥٠٠٫٠٠");
  execFileSync("pdftoppm", ["-png", "-r", "110", "-f", "1", "-l", "1", pdfPath, test.info().outputPath("statement-page")]);
  const [image] = fs.readdirSync(test.info().outputPath()).filter((name) => name.startsWith("statement-page") && name.endsWith(".png"));
  expect(fs.statSync(test.info().outputPath(image!)).size).toBeGreaterThan(20_000);
});

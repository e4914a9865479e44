import fs from "node:fs";
import ExcelJS from "exceljs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { axeBuilder, noSeriousViolations } from "./axe.ts";

/**
 * The reports page's «إدارة الأملاك» section (issue 33) over the demo's managed properties:
 * occupancy, collection, arrears by age, leases ending, maintenance cost, each figure a link,
 * and the period's instalments and approved charges in the exports.
 */

async function expectNoSeriousAxe(page: Page, label: string) {
  await noSeriousViolations(axeBuilder(page).include("#property-report"), label);
}

/** The section at phone and desktop sizes (test-results/…), to look at. */
async function shots(page: Page) {
  const size = page.viewportSize()!;
  for (const [width, height] of [
    [390, 844],
    [1366, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    await page.locator("#property-report").screenshot({ path: test.info().outputPath(`property-report-${width}.png`) });
  }
  await page.setViewportSize(size);
}

test("the manager reads occupancy, collection, arrears, leases ending and maintenance cost, and downloads them", async ({ page, signedInAs }) => {
  test.setTimeout(90_000);
  await signedInAs("manager");
  await page.goto("/admin/reports");
  const section = page.locator("#property-report");
  await expect(section.getByRole("heading", { level: 2, name: "إدارة الأملاك" })).toBeVisible();

  // Figures: percentages and money in Arabic digits, each label a link to its list.
  await expect(section.getByTestId("figure-occupancy-value")).toHaveText(/^[٠-٩٫]+٪$/);
  await expect(section.getByTestId("figure-collection-value")).toHaveText(/^[٠-٩٫]+٪$/);
  await expect(section.getByTestId("figure-arrears-value")).toContainText("ر.س.");
  await expect(section.getByTestId("figure-occupancy").getByRole("link", { name: "الإشغال" })).toHaveAttribute("href", "/admin/owners");

  // Occupancy per property: the demo building, linked to its page.
  const building = section.getByTestId("pm-occupancy").getByRole("link", { name: "عمارة الملقا السكنية" });
  await expect(building).toHaveAttribute("href", /^\/admin\/properties\/\d+$/);

  // Arrears: the demo has two instalments overdue (10 and 45 days): both within 60 days.
  const ageing = section.getByTestId("pm-ageing");
  await expect(ageing.getByRole("region", { name: "المتأخرات لكل عقار" })).toBeVisible();
  await expect(ageing.getByRole("region", { name: "المتأخرات لكل مالك" }).getByRole("link", { name: "مؤسسة الأفق للاستثمار العقاري" })).toHaveAttribute(
    "href",
    /^\/admin\/owners\/\d+$/,
  );

  // Leases ending: the demo's lease of flat ٢ ends in 44 days, linked to the lease.
  const ending = section.getByTestId("pm-ending");
  await expect(ending.getByTestId("figure-ending-60-value")).not.toHaveText("لا عقود");
  await expect(ending.getByRole("link", { name: "نورة بنت عبدالرحمن العتيبي" })).toHaveAttribute("href", /^\/admin\/leases\/\d+$/);

  // Maintenance: the demo's approved repair (٨٥٠ ر.س.) of the building.
  await expect(section.getByTestId("pm-maintenance")).toContainText("٨٥٠٫٠٠");

  await expectNoSeriousAxe(page, "property report");
  await shots(page);

  // The exports carry the new datasets: a CSV each, and two sheets more in the workbook.
  const csv = await page.request.get(`/admin/reports/export/instalments.csv?period=30d`);
  expect(csv.status()).toBe(200);
  const text = await csv.text();
  expect(text.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe("رقم القسط,تاريخ الاستحقاق,العقار,الوحدة,المستأجر,المالك,المبلغ (ريال),المدفوع (ريال),المتبقي (ريال),رقم العقد");
  expect(text).toContain("عمارة الملقا السكنية");
  const download = page.waitForEvent("download");
  await page.getByTestId("export-xlsx").click();
  const file = await (await download).path();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(fs.readFileSync(file) as unknown as ArrayBuffer);
  const charges = workbook.getWorksheet("تكاليف الصيانة")!;
  expect(charges.views[0]).toMatchObject({ rightToLeft: true });
  // The demo's approved repair of 850 riyals (other specs may approve costs of their own meanwhile).
  const amounts: unknown[] = [];
  charges.eachRow((row, index) => index > 1 && amounts.push(row.getCell(7).value));
  expect(amounts).toContain(850);
  expect(workbook.getWorksheet("أقساط الإيجار")!.actualRowCount).toBeGreaterThan(1);
});

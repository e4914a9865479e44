import { expect, test } from "./fixtures.ts";
import { noSeriousViolations } from "./axe.ts";

// The /offers filters on a phone: a «تصفية» disclosure (no script needed) with the count of the
// filters in force, the chips outside it.

test("phone: the filters fold into «تصفية», with the count of those in force; nothing overflows", async ({ page }) => {
  await page.goto("/offers");
  const form = page.getByRole("search", { name: "البحث في العروض" });
  const toggle = form.locator("summary");
  await expect(toggle).toHaveText(/تصفية/);
  await expect(form.getByLabel("المدينة")).toBeHidden();
  await toggle.click();
  await expect(form.getByLabel("المدينة")).toBeVisible();
  await form.getByLabel("المدينة").selectOption("الرياض");
  await form.getByLabel("غرف النوم").selectOption("3");
  await form.getByLabel("السعر إلى").fill("6000000");
  // The button at the foot of the open options.
  await form.getByRole("button", { name: "عرض النتائج" }).last().click();
  await expect(page).toHaveURL(`/offers?city=${encodeURIComponent("الرياض")}&maxPrice=6000000&bedrooms=3`);

  // Folded again, saying how many filters are in force; the chips show them.
  await expect(form.getByLabel("المدينة")).toBeHidden();
  await expect(toggle).toContainText("٣");
  await expect(page.getByRole("list", { name: "عوامل التصفية المختارة" }).getByRole("link")).toHaveText(["الرياض", "السعر حتى ٦٬٠٠٠٬٠٠٠ ريال", "٣ غرف نوم فأكثر", "مسح الكل"]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("phone: no serious accessibility violations with the filters open", async ({ page }) => {
  await page.route("**/api/offers/events", (route) => route.abort());
  await page.goto(`/offers?city=${encodeURIComponent("جدة")}&minArea=100`);
  await page.getByRole("search", { name: "البحث في العروض" }).locator("summary").click();
  await expect(page.getByLabel("الحي")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await noSeriousViolations(page);
});

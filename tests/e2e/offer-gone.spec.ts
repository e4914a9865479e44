import { expect, test } from "./fixtures.ts";
import { noSeriousViolations } from "./axe.ts";

/** Issue 28: an unknown or deleted offer's 404 offers similar offers and «تصفح العروض», as the 410 page does. */
test("an unknown offer's 404 lists available offers to go on to and «تصفح العروض»", async ({ page }) => {
  const response = await page.goto("/offer/999999999");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("الصفحة غير موجودة");
  await expect(page.getByRole("main").getByRole("link", { name: "تصفح العروض" })).toHaveAttribute("href", "/offers");
  await expect(page.getByRole("link", { name: "العودة إلى الرئيسية" })).toHaveAttribute("href", "/");
  const similar = page.getByTestId("similar-offers").getByRole("link");
  await expect(similar).toHaveCount(3);
  await page.screenshot({ path: "/work/notes/shots/offer-404-desktop.png", fullPage: true });
  await noSeriousViolations(page);
  const href = await similar.first().getAttribute("href");
  await similar.first().click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("الصفحة غير موجودة");
});

import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

// Issue 28: with JavaScript a filter or the order applies as it changes: the address and the list
// follow without a new document (a mark left on the window survives), the control keeps its focus,
// quick changes add one history entry, typed amounts wait for a pause; the button stays.

const bar = (page: Page) => page.getByRole("search", { name: "البحث في العروض" });

/** The ids of the cards shown, in order. */
async function shownIds(page: Page): Promise<number[]> {
  const hrefs = await page
    .getByTestId("offers-grid")
    .locator("article h3 a")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.map((href) => Number(href.split("/").pop()));
}

async function markWindow(page: Page) {
  await page.evaluate(() => ((window as unknown as { e2eMark: string }).e2eMark = "same document"));
}
const mark = (page: Page) => page.evaluate(() => (window as unknown as { e2eMark?: string }).e2eMark);

test("changing the city and the order applies them at once: the address and the list follow, no reload, focus stays", async ({ page }) => {
  await page.goto("/offers");
  await page.waitForLoadState("networkidle");
  const before = await shownIds(page);
  await markWindow(page);
  const historyLength = await page.evaluate(() => history.length);
  let documents = 0;
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents++;
  });

  const city = bar(page).getByLabel("المدينة");
  await city.focus();
  await city.selectOption("جدة");
  await expect(page).toHaveURL(`/offers?city=${encodeURIComponent("جدة")}`);
  await expect.poll(() => shownIds(page)).not.toEqual(before);
  await expect(page.getByRole("list", { name: "عوامل التصفية المختارة" }).getByRole("link").first()).toHaveText("جدة");
  await expect(city).toBeFocused();

  const order = bar(page).getByLabel("الترتيب");
  await order.focus();
  await order.selectOption("high");
  await expect(page).toHaveURL(`/offers?city=${encodeURIComponent("جدة")}&priceSort=high`);
  await expect(order).toBeFocused();
  await expect(order).toHaveValue("high");
  await expect(city).toHaveValue("جدة");

  expect(await mark(page)).toBe("same document");
  expect(documents).toBe(0);
  // Two quick changes: one entry in the history, and back returns to the list as it was.
  expect(await page.evaluate(() => history.length)).toBe(historyLength + 1);
  await page.goBack();
  await expect(page).toHaveURL("/offers");
  await expect(city).toHaveValue("");
  await expect.poll(() => shownIds(page)).toEqual(before);
  expect(await mark(page)).toBe("same document");
});

test("a typed price applies after a pause, read as the server reads it, the box keeping its focus and text", async ({ page }) => {
  await page.goto("/offers");
  await page.waitForLoadState("networkidle");
  await markWindow(page);
  const max = bar(page).getByLabel("السعر إلى");
  await max.pressSequentially("٢٬٠٠٠٬٠٠٠", { delay: 40 });
  // Not one navigation per key: the address changes once, after the pause.
  await expect(page).toHaveURL("/offers?maxPrice=2000000");
  await expect(max).toBeFocused();
  await expect(max).toHaveValue("٢٬٠٠٠٬٠٠٠");
  await expect(page.getByRole("list", { name: "عوامل التصفية المختارة" }).getByRole("link").first()).toHaveText("السعر حتى ٢٬٠٠٠٬٠٠٠ ريال");
  expect(await mark(page)).toBe("same document");
  // The button is still there for the first moments and for no JavaScript.
  await expect(bar(page).getByRole("button", { name: "عرض النتائج" }).first()).toBeVisible();
});

test("a second change while the first one's list still loads adds its own entry: back returns to the list it started from", async ({ page }) => {
  await page.goto("/offers");
  await page.waitForLoadState("networkidle");
  const before = await shownIds(page);
  const historyLength = await page.evaluate(() => history.length);
  // The first change's list held on its way (a slow network) until the second change is made.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let first = true;
  await page.route(/\/offers\.data/, async (route) => {
    if (first) {
      first = false;
      await held;
    }
    await route.continue();
  });

  await bar(page).getByLabel("المدينة").selectOption("جدة");
  await expect.poll(() => !first).toBe(true);
  await bar(page).getByLabel("الترتيب").selectOption("high");
  release();
  await expect(page).toHaveURL(`/offers?city=${encodeURIComponent("جدة")}&priceSort=high`);
  expect(await page.evaluate(() => history.length)).toBe(historyLength + 1);
  await page.goBack();
  await expect(page).toHaveURL("/offers");
  await expect.poll(() => shownIds(page)).toEqual(before);
});

import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/** A horizontal touch swipe of `dx` pixels over an element. */
async function swipe(target: Locator, dx: number) {
  const box = (await target.boundingBox())!;
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2;
  await target.dispatchEvent("touchstart", { touches: [{ identifier: 1, clientX: x, clientY: y }], changedTouches: [{ identifier: 1, clientX: x, clientY: y }] });
  await target.dispatchEvent("touchend", { touches: [], changedTouches: [{ identifier: 1, clientX: x + dx, clientY: y }] });
}

test("touch swipe past 50 px moves the swipe view; shorter does not", async ({ page }) => {
  // The threshold is what is tested here, not a swipe made before the page's script has started.
  await page.addInitScript(() => addEventListener("app:hydrated", () => ((window as unknown as { __hydrated: boolean }).__hydrated = true)));
  await page.goto("/offers?view=swipe");
  const counter = page.getByTestId("swipe-counter");
  await expect(counter).toHaveText(/^١ \/ [٠-٩]+$/);
  await page.waitForFunction(() => (window as unknown as { __hydrated?: boolean }).__hydrated === true);
  const card = page.getByTestId("swipe-card");
  await swipe(card, 30);
  await expect(counter).toHaveText(/^١ \//);
  await swipe(card, 80);
  await expect(counter).toHaveText(/^٢ \//);
  await swipe(card, -80);
  await expect(counter).toHaveText(/^١ \//);
});

test("phone layout: one column grid and a menu button", async ({ page }) => {
  await page.goto("/offers");
  const [first, second] = await page
    .getByTestId("offers-grid")
    .locator(":scope > li")
    .evaluateAll((items) => items.slice(0, 2).map((li) => li.getBoundingClientRect().toJSON() as DOMRect));
  expect(second!.top).toBeGreaterThanOrEqual(first!.bottom); // stacked: one column
  expect(first!.width).toBeGreaterThan(300);
  await page.getByRole("button", { name: "فتح القائمة" }).click();
  await page.getByRole("navigation", { name: "القائمة" }).getByRole("link", { name: "العروض" }).click();
  await expect(page).toHaveURL(/\/offers$/);
});

import { expect, test } from "./fixtures.ts";

// The map view on a phone (decision 022): the map full width, the list of its offers below it, the
// view switch on one line, nothing beside the map.

test("on a phone the map is full width and the list of its offers comes below it", async ({ page }) => {
  await page.route("**/api/offers/events", (route) => route.abort());
  await page.route("https://tile.openstreetmap.org/**", (route) => route.abort());
  await page.goto(`/offers?city=${encodeURIComponent("الرياض")}&view=map`);
  const map = page.getByRole("region", { name: "خريطة العروض" });
  const list = page.getByTestId("map-list");
  await expect(map.locator(".leaflet-marker-icon").first()).toBeVisible();
  const [mapBox, listBox, viewport] = [await map.boundingBox(), await list.boundingBox(), page.viewportSize()];
  expect(mapBox!.width).toBeGreaterThan(viewport!.width - 40);
  expect(listBox!.y).toBeGreaterThanOrEqual(mapBox!.y + mapBox!.height);
  expect(listBox!.width).toBeGreaterThan(viewport!.width - 40);
  // The three views' links share one line.
  const views = page.getByRole("group", { name: "طريقة العرض" }).getByRole("link");
  await expect(views).toHaveText(["شبكة", "بطاقات", "خريطة"]);
  const tops = await views.evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

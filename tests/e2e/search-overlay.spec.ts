import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

// The header search overlay (SPEC.md §2, issue 17): a modal over the whole window, results as one types.

const searchButton = (page: Page) => page.getByRole("button", { name: "بحث", exact: true });

async function openSearch(page: Page) {
  await page.goto("/offers");
  await searchButton(page).click();
  const dialog = page.getByRole("dialog", { name: "البحث" });
  await expect(dialog).toBeVisible();
  const box = dialog.getByRole("combobox", { name: "ابحث عن عقار" });
  await expect(box).toBeFocused();
  return { dialog, box, options: dialog.getByRole("listbox", { name: "نتائج البحث" }).getByRole("option") };
}

test("the backdrop covers the whole window, over the header and the page; a click on it closes without navigating", async ({ page }) => {
  const { dialog } = await openSearch(page);
  const viewport = page.viewportSize()!;
  // Below the header (the page's own links and cards), in the header, and at the window's bottom corner.
  for (const [x, y] of [
    [20, viewport.height / 2],
    [viewport.width - 20, 20],
    [viewport.width / 2, viewport.height - 5],
  ] as const) {
    const hit = await page.evaluate(
      (point) => {
        const element = document.elementFromPoint(point.x, point.y);
        return element?.getAttribute("data-testid") ?? element?.tagName;
      },
      { x, y },
    );
    expect(hit, `at ${x},${y}`).toBe("search-backdrop");
  }
  await page.mouse.click(20, viewport.height / 2);
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/offers$/);
  await expect(searchButton(page)).toBeFocused();
  // The page scrolls again once it is closed.
  expect(await page.evaluate(() => document.body.style.overflow)).toBe("");
});

test("Escape closes it and the focus goes back to the search button; Tab stays inside while it is open", async ({ page }) => {
  const { dialog, box } = await openSearch(page);
  await box.fill("الرياض");
  await expect(dialog.getByRole("link", { name: "عرض كل النتائج" })).toBeVisible();
  // Forward and backward, the focus goes round the dialog's controls: the box, the close button, «عرض كل النتائج».
  for (const key of ["Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
    await page.keyboard.press(key);
    expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `after ${key}`).toBe(true);
  }
  // From the last control Tab comes back to the box, and Shift+Tab from the box goes to the last.
  await dialog.getByRole("link", { name: "عرض كل النتائج" }).focus();
  await page.keyboard.press("Tab");
  await expect(box).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(dialog.getByRole("link", { name: "عرض كل النتائج" })).toBeFocused();

  await box.focus();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(searchButton(page)).toBeFocused();
});

test("one ✕ only: the close button, no browser clear button beside it", async ({ page }) => {
  const { dialog, box } = await openSearch(page);
  await box.fill("فيلا");
  await expect(dialog.getByRole("button")).toHaveCount(1);
  await expect(dialog.getByRole("button")).toHaveAccessibleName("إغلاق");
  // A search-type box would draw the browser's own ✕ while it holds text.
  const nativeClear = await box.evaluate((input: HTMLInputElement) => input.type === "search" && getComputedStyle(input, "::-webkit-search-cancel-button").display !== "none");
  expect(nativeClear).toBe(false);
});

test("results come as one types: at most six, each with a photo, title, place and price, replaced when the text changes; a superseded request is aborted", async ({ page }) => {
  const { dialog, box, options } = await openSearch(page);
  const requests: string[] = [];
  const aborted: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/search")) requests.push(new URL(request.url()).searchParams.get("q") ?? "");
  });
  page.on("requestfailed", (request) => {
    if (request.url().includes("/api/search")) aborted.push(new URL(request.url()).searchParams.get("q") ?? "");
  });

  // Typed at a person's pace (one key every 40 ms): a request for the word, not one per letter.
  await box.pressSequentially("الرياض", { delay: 40 });
  // «الري» finds six already: wait for the whole word's request before reading the results.
  await expect.poll(() => requests.at(-1)).toBe("الرياض");
  await expect(options).toHaveCount(6); // the demo has more offers in Riyadh
  expect(requests.length).toBeLessThanOrEqual(3);
  for (const option of await options.all()) {
    await expect(option.locator("img")).toHaveAttribute("src", /^\/images\/[a-f0-9]{32}-\d+(\.webp)?$/);
    await expect(option).toContainText("الرياض");
    await expect(option).toContainText("ر.س");
    await expect(option).toHaveAttribute("href", /^\/offer\/\d+$/);
  }
  await expect(dialog.getByRole("status")).toHaveText("٦ نتائج");
  const riyadhPhotos = await options.locator("img").evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src")));

  await box.fill("جدة");
  await expect(options.first()).toContainText("جدة");
  const jeddahPhotos = await options.locator("img").evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src")));
  expect(jeddahPhotos.length).toBeGreaterThan(0);
  expect(jeddahPhotos.length).toBeLessThan(6);
  expect(jeddahPhotos.some((src) => riyadhPhotos.includes(src))).toBe(false);
  for (const option of await options.all()) await expect(option).toContainText("جدة");

  // A rent offer's price says its period.
  await box.fill("للإيجار");
  await expect(options.first()).toBeVisible();
  await expect(options.filter({ hasText: /(سنويًا|شهريًا)$/ }).first()).toBeVisible();

  // A slow answer still on its way when the text changes is aborted, and never shown.
  let held = true;
  await page.route("**/api/search?*", async (route) => {
    if (held) {
      held = false;
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }
    await route.continue().catch(() => undefined);
  });
  await box.fill("الدمام");
  await expect.poll(() => requests.at(-1)).toBe("الدمام");
  await box.fill("الخبر");
  await expect(options.first()).toContainText("الخبر");
  await expect.poll(() => aborted).toContain("الدمام");
  await page.waitForTimeout(1600);
  for (const option of await options.all()) await expect(option).toContainText("الخبر");

  // Emptied, the box shows nothing.
  await box.fill("");
  await expect(options).toHaveCount(0);
  await expect(dialog.getByText("لا توجد نتائج مطابقة لبحثك.")).toBeHidden();
});

test("arrow keys move through the results and Enter opens the highlighted offer", async ({ page }) => {
  const { dialog, box, options } = await openSearch(page);
  await box.fill("الرياض");
  await expect(options).toHaveCount(6);
  await expect(box).not.toHaveAttribute("aria-activedescendant");

  await page.keyboard.press("ArrowDown");
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "false");
  await expect(box).toHaveAttribute("aria-activedescendant", (await options.nth(1).getAttribute("id"))!);
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp"); // from the first, round to the last
  await expect(options.nth(5)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowDown"); // from the last, round to the first
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  await expect(box).toBeFocused(); // the focus stays in the box all along

  const href = (await options.nth(0).getAttribute("href"))!;
  const title = (await options.nth(0).locator("span.truncate").first().textContent())!;
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
  await expect(dialog).toBeHidden();
});

test("Enter with no result highlighted, and «عرض كل النتائج», lead to /offers with the keyword", async ({ page }) => {
  const { dialog, box, options } = await openSearch(page);
  await box.fill("حي العليا");
  await expect(options.first()).toBeVisible();
  await dialog.getByRole("link", { name: "عرض كل النتائج" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/offers" && url.searchParams.get("keyword") === "حي العليا");
  await expect(dialog).toBeHidden();

  await searchButton(page).click();
  await box.fill("جدة");
  await expect(options.first()).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL((url) => url.pathname === "/offers" && url.searchParams.get("keyword") === "جدة");
  await expect(dialog).toBeHidden();
});

test("the search API: at most six results with what the overlay shows, the text cut at 100 characters", async ({ request }) => {
  const response = await request.get(`/api/search?q=${encodeURIComponent("الرياض")}`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/json");
  const { results } = (await response.json()) as { results: Array<Record<string, unknown>> };
  expect(results).toHaveLength(6);
  expect(Object.keys(results[0]!).sort()).toEqual(["id", "image", "place", "price", "priceText", "rentPeriod", "title"]);
  expect(results[0]!.image).toMatchObject({ id: expect.stringMatching(/^[a-f0-9]{32}$/), variants: expect.arrayContaining([400]) });

  const long = await request.get(`/api/search?q=${encodeURIComponent("الرياض" + " ".repeat(20) + "ب".repeat(1000))}`);
  expect(long.status()).toBe(200);
  expect((await long.json()) as unknown).toEqual({ results: [] });
  expect((await (await request.get("/api/search?q=")).json()) as unknown).toEqual({ results: [] });
});

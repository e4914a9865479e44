import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

async function cards(page: Page) {
  const grid = page.getByTestId("offers-grid");
  await expect(grid).toBeVisible();
  return grid.locator("article");
}

async function cardTexts(page: Page) {
  return (await cards(page)).allTextContents();
}

test.describe("/offers filters from the query", () => {
  test("keyword matches title, neighbourhood or city, Arabic-aware", async ({ page }) => {
    await page.goto("/offers?keyword=" + encodeURIComponent("جده"));
    const texts = await cardTexts(page);
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toContain("جدة");
  });

  test("city", async ({ page }) => {
    await page.goto("/offers?city=" + encodeURIComponent("الدمام"));
    const texts = await cardTexts(page);
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toContain("الدمام");
    await expect(page.getByLabel("المدينة")).toHaveValue("الدمام");
  });

  test("property type", async ({ page }) => {
    await page.goto("/offers?propertyType=" + encodeURIComponent("أرض"));
    const texts = await cardTexts(page);
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toContain("أرض");
  });

  test("status: for rent only", async ({ page }) => {
    await page.goto("/offers?status=" + encodeURIComponent("للإيجار"));
    const badges = (await cards(page)).locator("[data-tone]");
    const statuses = await badges.allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(["للإيجار"]));
  });

  test("price sort low and high: sales first, then rents by their yearly amount (decision 027)", async ({ page }) => {
    // Each card as [a rent?, its price for a year]: a monthly rent × 12, a daily one × 365.
    const scale = async () =>
      await page.locator("[data-testid=offers-grid] article").evaluateAll((els) =>
        els.map((el) => {
          const period = el.getAttribute("data-rent-period") ?? "";
          const rent = period !== "" || el.querySelector("[data-tone]")?.textContent === "للإيجار";
          return [rent ? 1 : 0, Number(el.getAttribute("data-price")) * ({ monthly: 12, daily: 365 }[period] ?? 1)] as const;
        }),
      );
    await page.goto("/offers?priceSort=low");
    const low = await scale();
    expect(low.length).toBeGreaterThan(3);
    expect(low).toEqual([...low].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    await page.goto("/offers?priceSort=high");
    const high = await scale();
    expect(high).toEqual([...high].sort((a, b) => a[0] - b[0] || b[1] - a[1]));
  });

  test("no match shows the empty state", async ({ page }) => {
    await page.goto("/offers?keyword=" + encodeURIComponent("لا يوجد عقار بهذا الاسم"));
    await expect(page.getByText("لا توجد عروض مطابقة لبحثك")).toBeVisible();
    await expect(page.getByText("حاول تغيير معايير البحث.")).toBeVisible();
  });
});

test.describe("grid and swipe views", () => {
  test("swipe view: one card, counter, previous/next wrap around", async ({ page }) => {
    await page.goto("/offers");
    const total = await (await cards(page)).count();
    const n = (value: number) => value.toLocaleString("ar-SA");
    await page.getByRole("link", { name: "بطاقات" }).click();
    const counter = page.getByTestId("swipe-counter");
    await expect(counter).toHaveText(`${n(1)} / ${n(total)}`);
    await expect(page.getByTestId("swipe-card").locator("article")).toHaveCount(1);
    await page.getByRole("button", { name: "السابق" }).click();
    await expect(counter).toHaveText(`${n(total)} / ${n(total)}`);
    await page.getByRole("button", { name: "التالي" }).click();
    await expect(counter).toHaveText(`${n(1)} / ${n(total)}`);
    await page.getByRole("button", { name: "التالي" }).click();
    await expect(counter).toHaveText(`${n(2)} / ${n(total)}`);
    await page.getByRole("link", { name: "شبكة" }).click();
    await expect(page.getByTestId("offers-grid")).toBeVisible();
  });
});

test("the list hydrates the markup the server kept as its own: no error, and no card, link list or filter made again", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  // Before the page's JavaScript starts (after the load event, decision 019): mark the served elements.
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      for (const element of document.querySelectorAll("article a, article button, header ul a, footer ul a, form select"))
        (element as Element & { served?: boolean }).served = true;
    });
  });
  await page.goto("/offers?city=" + encodeURIComponent("الرياض"));
  await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")));
  // What React hydrated it keeps; an element it could not match it would have made again.
  await page.getByRole("button", { name: "أضف إلى المفضلة" }).first().click();
  await expect(page.getByRole("button", { name: "أضف إلى المفضلة" }).first()).toHaveAttribute("aria-pressed", "true");
  const kept = await page.evaluate(() => {
    const elements = [...document.querySelectorAll("article a, article button, header ul a, footer ul a, form select")];
    return { count: elements.length, served: elements.filter((element) => (element as Element & { served?: boolean }).served).length };
  });
  expect(kept.count).toBeGreaterThan(20);
  expect(kept.served).toBe(kept.count);
  expect(errors).toEqual([]);
});

import { queryE2eDatabase } from "./db.ts";
import { expect, test, unique } from "./fixtures.ts";

// Paging /offers with real links: 30 offers of the test's own (more than a page of 24), in a city
// only they have; added straight in the database and deleted after.

const word = `صفحات${unique()}`;
const city = `مدينة ${word}`;
/** As the page writes it in its links (URLSearchParams: a space is "+"). */
const cityQuery = new URLSearchParams({ city }).toString();
const COUNT = 30;

test.beforeAll(async () => {
  await queryE2eDatabase(
    `insert into offers (title, property_type, status, city, location, price, area, bedrooms, details, created_at, ad_licence_number, ad_licence_ends_at)
     select $1 || ' ' || n, 'شقة', 'للبيع', $2, 'الملقا', n * 10000, 100, 3, '{}'::jsonb, now() - n * interval '1 minute', '7100' || n, now() + interval '1 year'
     from generate_series(1, ${COUNT}) as n`,
    [word, city],
  );
});

test.afterAll(async () => {
  await queryE2eDatabase("delete from offers where title like $1 || ' %'", [word]);
});

test("paging links: every match reachable, the count agrees, the filters kept", async ({ page }) => {
  await page.goto(`/offers?${cityQuery}&priceSort=low`);
  await expect(page.getByTestId("offers-count")).toHaveText("٣٠ عرضًا");
  const grid = page.getByTestId("offers-grid").locator("article");
  await expect(grid).toHaveCount(24);
  const pages = page.getByRole("navigation", { name: "الصفحات" });
  await expect(pages.getByRole("link", { name: "الصفحة ١" })).toHaveAttribute("aria-current", "page");
  await expect(pages.getByRole("link", { name: "السابق" })).toHaveCount(0);
  const next = pages.getByRole("link", { name: "التالي" });
  await expect(next).toHaveAttribute("href", `/offers?${cityQuery}&priceSort=low&page=2`);

  const firstPage = await grid.locator("h3").allTextContents();
  await next.click();
  await expect(page).toHaveURL(`/offers?${cityQuery}&priceSort=low&page=2`);
  await expect(grid).toHaveCount(COUNT - 24);
  await expect(page.getByTestId("offers-count")).toHaveText("٣٠ عرضًا");
  await expect(pages.getByRole("link", { name: "الصفحة ٢" })).toHaveAttribute("aria-current", "page");
  await expect(pages.getByRole("link", { name: "التالي" })).toHaveCount(0);
  const secondPage = await grid.locator("h3").allTextContents();
  // Cheapest first across both pages, each offer once.
  expect([...firstPage, ...secondPage].map((t) => t.trim())).toEqual(Array.from({ length: COUNT }, (_, i) => `${word} ${i + 1}`));

  await page.goBack();
  await expect(page).toHaveURL(`/offers?${cityQuery}&priceSort=low`);
  await expect(grid).toHaveCount(24);
  await pages.getByRole("link", { name: "الصفحة ٢" }).click();
  await expect(grid).toHaveCount(COUNT - 24);
  await pages.getByRole("link", { name: "السابق" }).click();
  await expect(page).toHaveURL(`/offers?${cityQuery}&priceSort=low`);
});

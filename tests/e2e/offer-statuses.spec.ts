import { RENT_PERIOD_ADVERBS } from "../../app/modules/ad-licences/ad-licence.ts";
import { offersText } from "../../app/utils/count-words.ts";
import { queryE2eDatabase } from "./db.ts";
import { expect, test } from "./fixtures.ts";

// What a visitor sees of the offers' statuses (decision 027), on the demo data: the villa sold in
// Dammam (demo 12), the reserved villa of Abhur (demo 9), the postponed land (status «مؤجل»).
const SOLD_VILLA = "فيلا عائلية قرب الواجهة البحرية في الشاطئ الشرقي";
const RESERVED_VILLA = "فيلا دوبلكس مع مسبح خاص في أبحر الشمالية";

test("«فلة» lists the villas for sale and for rent; the sold one only in «تم بيعها أو تأجيرها مؤخرًا», with its badge and no compare", async ({ page }) => {
  await page.goto("/offers?keyword=فلة");
  const grid = page.getByTestId("offers-grid");
  await expect(grid.getByRole("article").first()).toBeVisible();
  await expect(grid.getByText(SOLD_VILLA)).toHaveCount(0);
  await expect(grid.getByText(RESERVED_VILLA)).toHaveCount(0);
  // Every badge in the list is a public status, and the count is the cards listed.
  const badges = await grid.locator("[data-tone]").allTextContents();
  for (const badge of badges) expect(["للبيع", "للإيجار"]).toContain(badge.trim());
  const cards = await grid.getByRole("article").count();
  await expect(page.getByTestId("offers-count")).toHaveText(offersText(cards));

  const recent = page.getByRole("region", { name: "تم بيعها أو تأجيرها مؤخرًا" });
  const sold = recent.getByRole("article").filter({ hasText: SOLD_VILLA });
  await expect(sold).toHaveCount(1);
  await expect(sold.locator("[data-tone]")).toHaveText("مباع");
  await expect(sold.getByRole("button", { name: /قارن/ })).toHaveCount(0);
  await expect(recent.getByText(RESERVED_VILLA)).toHaveCount(0);
  await page.screenshot({ path: "/work/notes/shots/status-offers-recent-1366.png", fullPage: true });

  // The sold villa's page: its badge, what happened and similar offers; no inquiry form, no compare.
  await sold.getByRole("link", { name: SOLD_VILLA }).click();
  await expect(page.getByRole("heading", { level: 1, name: SOLD_VILLA })).toBeVisible();
  await expect(page.getByTestId("offer-closed")).toContainText("تم بيع هذا العرض");
  await expect(page.getByTestId("offer-closed").getByRole("link", { name: "عروض مشابهة في الدمام" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /استفسر|استفسار/ })).toHaveCount(0);
  await expect(page.locator("form[method=post]")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /قارن/ })).toHaveCount(0);
  await page.screenshot({ path: "/work/notes/shots/status-offer-sold-1366.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "/work/notes/shots/status-offer-sold-390.png", fullPage: false });
  await page.goto("/offers?keyword=فلة");
  await page.getByRole("region", { name: "تم بيعها أو تأجيرها مؤخرًا" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/work/notes/shots/status-offers-recent-390.png", fullPage: false });
});

test("an internal status never reaches a visitor: its page is a removed offer's, its word is in no public markup, filter or search answer", async ({ page, request }) => {
  const [reserved] = await queryE2eDatabase<{ id: number }>("select id from offers where title = $1", [RESERVED_VILLA]);
  const answer = await request.get(`/offer/${reserved!.id}`);
  expect(answer.status()).toBe(404);
  expect(await answer.text()).not.toContain(RESERVED_VILLA);

  for (const path of ["/", "/offers", "/offers?keyword=فيلا", "/offers?keyword=أرض&view=map", "/sitemap.xml"]) {
    const body = await (await request.get(path)).text();
    for (const word of ["مؤجل", "محجوز"]) expect(body.includes(`>${word}<`) || body.includes(`"${word}"`), `${word} in ${path}`).toBe(false);
    expect(body, path).not.toContain(RESERVED_VILLA);
  }
  const overlay = await (await request.get(`/api/search?q=${encodeURIComponent("فيلا")}`)).text();
  expect(overlay).not.toContain(RESERVED_VILLA);
  expect(overlay).not.toContain(SOLD_VILLA);

  await page.goto("/offers");
  const status = page.getByRole("main").getByLabel("الحالة");
  await expect(status.locator("option")).toHaveText(["الكل", "للبيع", "للإيجار"]);
});

test("a monthly rent shows its yearly amount, and the price order puts sales first, then rents by their yearly amount", async ({ page }) => {
  await page.goto("/offers?priceSort=low");
  const cards = page.getByTestId("offers-grid").getByRole("article");
  await expect(cards.first()).toBeVisible();
  const tones = await cards.locator("[data-tone]").allTextContents();
  const firstRent = tones.indexOf("للإيجار");
  // No sale after the first rent.
  if (firstRent >= 0) expect(tones.slice(firstRent)).not.toContain("للبيع");
  await page.goto("/offers?status=للإيجار");
  const yearly = page.locator(".offer-card-yearly").first();
  // The money helper's marks (U+200F) keep «ر.س.» after its number in a right-to-left line.
  await expect(yearly).toBeVisible();
  const text = (await yearly.textContent()) ?? "";
  expect(text).toMatch(/^≈\s\u200f?[٠-٩٬]+\sر\.س\.\u200f?\s/u); // the helper's spaces may be no-break ones
  expect(text.endsWith(RENT_PERIOD_ADVERBS.yearly)).toBe(true);
});

import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/*
 * The visitor's favourites and compare list (issue 18): kept on the device (localStorage), so each
 * test's browser context starts with none; the offers are the demo's, read from /offers.
 */

/** Waits until React has hydrated the page, so clicks reach its handlers. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")));
}

/** /offers, hydrated: its cards, and each card's id and title. */
async function offersPage(page: Page) {
  await page.goto("/offers");
  await hydrated(page);
  const cards = page.getByTestId("offers-grid").locator("article");
  await expect(cards.first()).toBeVisible();
  const offers = await cards.evaluateAll((articles) =>
    articles.map((article) => ({
      id: Number(article.querySelector("h3 a")!.getAttribute("href")!.split("/").at(-1)),
      title: article.querySelector("h3")!.textContent.trim(),
    })),
  );
  return { cards, offers };
}

const heartOf = (scope: Locator | Page) => scope.getByRole("button", { name: "أضف إلى المفضلة" });
const compareOf = (scope: Locator | Page) => scope.getByRole("button", { name: "أضف إلى المقارنة" });

test("a heart stays after a reload, and the offer is listed at /favourites until it is taken off there", async ({ page }) => {
  const { cards, offers } = await offersPage(page);
  const heart = heartOf(cards.nth(1));
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("status").filter({ hasText: "أضيف العرض إلى المفضلة" })).toBeAttached();
  await expect(page.locator("[data-fav-count]")).toHaveAttribute("data-fav-count", "١");

  await page.reload();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expect(heartOf(cards.nth(0))).toHaveAttribute("aria-pressed", "false");
  await expect(page.locator("[data-fav-count]")).toBeVisible();

  await hydrated(page);
  await page
    .locator("header")
    .getByRole("link", { name: /^المفضلة/ })
    .click();
  // The page puts the stored ids in its address.
  await expect(page).toHaveURL(`/favourites?ids=${offers[1]!.id}`);
  const list = page.getByTestId("favourites-grid");
  await expect(list.locator("h3")).toHaveText([offers[1]!.title]);
  await expect(heartOf(list)).toHaveAttribute("aria-pressed", "true");

  await heartOf(list).click();
  await expect(page.getByTestId("favourites-empty")).toContainText("لا توجد عروض في المفضلة بعد");
  await expect(page).toHaveURL("/favourites?ids=");
  await expect(page.locator("[data-fav-count]")).toBeHidden();
});

test("the shared list opens on another device, which can keep it; offers no longer public are left out and counted", async ({ page, browser, baseURL }) => {
  const { offers } = await offersPage(page);
  const [first, second] = [offers[2]!, offers[0]!];
  // Hearted on their own pages.
  for (const offer of [first, second]) {
    await page.goto(`/offer/${offer.id}`);
    await hydrated(page);
    await heartOf(page.locator("main")).click();
    await expect(heartOf(page.locator("main"))).toHaveAttribute("aria-pressed", "true");
  }
  await page.goto("/favourites");
  await expect(page).toHaveURL(`/favourites?ids=${first.id},${second.id}`);
  await expect(page.getByTestId("favourites-grid").locator("h3")).toHaveText([first.title, second.title]);
  const shareLink = page.getByRole("link", { name: "مشاركة القائمة" });
  await expect(shareLink).toHaveAttribute("href", `${baseURL}/favourites?ids=${first.id},${second.id}`);
  const shared = `${await shareLink.getAttribute("href")},999999`;

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "ar-SA" });
  try {
    const other = await phone.newPage();
    await other.goto(shared);
    await expect(other.getByTestId("favourites-grid").locator("h3")).toHaveText([first.title, second.title]);
    await expect(other.getByTestId("favourites-missing")).toContainText("عرض واحد لم يعد متاحًا");
    await hydrated(other);
    await expect(other.getByTestId("shared-list")).toBeVisible();
    await expect(other.locator("[data-fav-count]")).toHaveAttribute("hidden", "");
    await other.getByRole("button", { name: "حفظ في مفضلتي" }).click();
    await expect(other.getByTestId("shared-list")).toBeHidden();
    await expect(other).toHaveURL(`/favourites?ids=${first.id},${second.id}`);
    await expect(other.locator("[data-fav-count]")).toHaveAttribute("data-fav-count", "٢");
    // On a phone «المفضلة» is in the menu, with its count.
    await other.getByRole("button", { name: "فتح القائمة" }).click();
    await expect(other.locator("#mobile-menu").getByRole("link", { name: /^المفضلة/ })).toBeVisible();
    await expect(other.locator("#mobile-menu [data-fav-count]")).toBeVisible();
    await expect(other.getByRole("link", { name: "مشاركة القائمة" })).toBeVisible();
  } finally {
    await phone.close();
  }
});

test("compare: up to three in the tray, a fourth asks which one it replaces, then the offers side by side", async ({ page }) => {
  const { cards, offers } = await offersPage(page);
  for (const i of [0, 1, 2]) {
    await compareOf(cards.nth(i)).click();
    await expect(compareOf(cards.nth(i))).toHaveAttribute("aria-pressed", "true");
  }
  const tray = page.getByTestId("compare-tray");
  await expect(tray.getByRole("listitem")).toHaveCount(3);
  await expect(page.getByRole("status").filter({ hasText: `أضيف «${offers[2]!.title}» إلى المقارنة` })).toBeAttached();

  // A fourth: the dialog lists the three; «إلغاء» changes nothing and gives the focus back.
  const fourth = compareOf(cards.nth(3));
  await fourth.click();
  const dialog = page.getByRole("dialog", { name: "تُقارن ثلاثة عروض على الأكثر" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("listitem")).toHaveText(offers.slice(0, 3).map((offer) => new RegExp(offer.title)));
  await dialog.getByRole("button", { name: "إلغاء" }).click();
  await expect(dialog).toBeHidden();
  await expect(fourth).toBeFocused();
  await expect(fourth).toHaveAttribute("aria-pressed", "false");

  await fourth.click();
  await dialog.getByRole("button", { name: `استبدل ${offers[1]!.title}` }).click();
  await expect(dialog).toBeHidden();
  await expect(fourth).toHaveAttribute("aria-pressed", "true");
  await expect(compareOf(cards.nth(1))).toHaveAttribute("aria-pressed", "false");
  await expect(tray.getByRole("listitem")).toHaveCount(3);

  await tray.getByRole("link", { name: "قارن الآن" }).click();
  const ids = [offers[0]!.id, offers[3]!.id, offers[2]!.id];
  await expect(page).toHaveURL(`/compare?ids=${ids.join(",")}`);
  await expect(page.getByTestId("compare-tray")).toBeHidden();
  const table = page.getByRole("table", { name: "مقارنة العروض جنبًا إلى جنب" });
  await expect(table.getByRole("columnheader")).toHaveCount(3);
  await expect(table.getByRole("columnheader").first()).toContainText(offers[0]!.title);
  for (const label of [
    "السعر",
    "سعر المتر المربع",
    "المساحة",
    "غرف النوم",
    "دورات المياه",
    "الأدوار",
    "عمر العقار",
    "عرض الشارع",
    "الواجهة",
    "المدينة والحي",
    "الحالة",
    "ترخيص الإعلان",
  ]) {
    await expect(table.getByRole("rowheader", { name: new RegExp(`^${label}`) })).toBeVisible();
  }
  // Differences: marked in words, and «أظهر الاختلافات فقط» leaves only them.
  const differing = table.locator("tbody tr[data-differs]");
  const differs = await differing.count();
  expect(differs).toBeGreaterThan(0);
  await expect(table.getByRole("rowheader", { name: /يختلف/ })).toHaveCount(differs);
  const rows = table.locator("tbody tr");
  expect(await rows.count()).toBeGreaterThan(differs);
  await page.getByLabel("أظهر الاختلافات فقط").check();
  await expect(rows.filter({ visible: true })).toHaveCount(differs);

  // Taken off on the page: out of the address and of the list.
  await hydrated(page);
  await table.getByRole("link", { name: `أزل «${offers[3]!.title}» من المقارنة` }).click();
  await expect(page).toHaveURL(`/compare?ids=${ids[0]},${ids[2]}`);
  await expect(table.getByRole("columnheader")).toHaveCount(2);
  await page.goto("/offers");
  await expect(page.getByTestId("compare-tray").getByRole("listitem")).toHaveCount(2);
});

test("on a phone the comparison scrolls sideways with its labels fixed", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { offers } = await offersPage(page);
  await page.goto(
    `/compare?ids=${offers
      .slice(0, 3)
      .map((offer) => offer.id)
      .join(",")}`,
  );
  const scroller = page.getByTestId("compare-scroller");
  const [scrollWidth, clientWidth] = await scroller.evaluate((element) => [element.scrollWidth, element.clientWidth]);
  expect(scrollWidth).toBeGreaterThan(clientWidth + 200);
  // The page itself does not scroll sideways: the table does.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const row = page.getByRole("row", { name: /^المساحة/ });
  const label = row.getByRole("rowheader");
  const lastCell = row.getByRole("cell").last();
  const before = { label: (await label.boundingBox())!, cell: (await lastCell.boundingBox())! };
  // Right to left: the table runs on to the left.
  await scroller.evaluate((element) => element.scrollBy({ left: -400 }));
  await expect.poll(async () => (await lastCell.boundingBox())!.x).toBeGreaterThan(before.cell.x + 150);
  const after = (await label.boundingBox())!;
  expect(Math.abs(after.x - before.label.x)).toBeLessThan(1);
  // The label stays in front of the cells passing under it.
  const onTop = await label.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
  });
  expect(onTop).toBe(true);
});

test("the lists' pages are not for search engines, and say so when empty", async ({ page }) => {
  for (const path of ["/favourites", "/compare"]) {
    await page.goto(path);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  }
  await expect(page.getByTestId("compare-empty")).toContainText("لم تختر عروضًا للمقارنة بعد");
  await page.goto("/favourites");
  await expect(page.getByTestId("favourites-empty")).toContainText("لا توجد عروض في المفضلة بعد");
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).not.toContain("/favourites");
  expect(sitemap).not.toContain("/compare");
});

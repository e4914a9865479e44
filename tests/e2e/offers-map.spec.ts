import type { Page } from "@playwright/test";
import { queryE2eDatabase } from "./db.ts";
import { expect, test, unique } from "./fixtures.ts";

// The map view of /offers (issue 18, decision 022) over offers of the test's own city: the markers and
// the list agree with the filters, «ابحث في هذه المنطقة» narrows both to the area in view and puts it in
// the address (back and a shared address work), offers without a point are counted and listed below the
// map, and the keyboard reaches a marker and opens its offer. The tiles never reach the network: they are
// answered here (Chromium has no internet), or refused, which must not break the page.

/** A 1×1 transparent PNG: every tile. */
const TILE = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

const ar = (n: number) => n.toLocaleString("ar-SA");

/** A city of the test's own, its number in letters (the public pages show no Latin digits). */
const cityOfTheTest = () => `مدينة الخريطة ${unique().replace(/\d/g, (d) => "ابتثجحخدذر"[Number(d)]!)}`;

interface Placed {
  id: number;
  title: string;
}

/**
 * Offers of a city of the test's own (licensed, as advertised offers must be), old enough to stay out of
 * the other specs' first pages: three in Riyadh a few kilometres apart, one in Jeddah, one without a point.
 */
async function placeOffers(city: string) {
  const add = async (title: string, status: string, price: number, point: [number, number] | null): Promise<Placed> => {
    const [row] = await queryE2eDatabase<{ id: number }>(
      `insert into offers (title, property_type, status, rent_period, city, location, price, area, bedrooms, bathrooms, details,
                           ad_licence_number, ad_licence_issued_on, ad_licence_expires_on, ad_licence_ends_at, created_at, lat, lng)
       values ($1, 'شقة', $2, case when $2 = 'للإيجار' then 'yearly' else '' end, $3, 'الملقا', $4, 150, 3, 2, '{}'::jsonb,
               '7100000999', current_date - 10, current_date + 300, now() + interval '300 days', now() - interval '500 days', $5, $6)
       returning id`,
      [`${title} ${city}`, status, city, price, point?.[0] ?? null, point?.[1] ?? null],
    );
    return { id: row!.id, title: `${title} ${city}` };
  };
  return {
    north: await add("شقة الشمال", "للبيع", 850_000, [24.8, 46.64]),
    centre: await add("شقة الوسط", "للبيع", 1_200_000, [24.74, 46.7]),
    east: await add("شقة الشرق", "للإيجار", 60_000, [24.76, 46.78]),
    jeddah: await add("شقة جدة", "للبيع", 2_000_000, [21.55, 39.17]),
    nowhere: await add("شقة بلا موقع", "للبيع", 700_000, null),
  };
}

async function removeOffers(city: string) {
  await queryE2eDatabase("delete from offers where city = $1", [city]);
}

/** The tiles answered here; a page error fails the test. */
async function prepare(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.route("**/api/offers/events", (route) => route.abort());
  await page.route("https://tile.openstreetmap.org/**", (route) => route.fulfill({ status: 200, contentType: "image/png", body: TILE }));
  return errors;
}

const map = (page: Page) => page.getByRole("region", { name: "خريطة العروض" });
/** The price markers on the map now, by their offer: title → the price it shows. */
async function priceMarkers(page: Page): Promise<Record<string, string>> {
  return map(page)
    .locator(".leaflet-marker-icon[data-offer]")
    .evaluateAll((nodes) => Object.fromEntries(nodes.map((node) => [node.getAttribute("title") ?? "", node.textContent ?? ""])));
}
/** How many offers the markers stand for: one each, a cluster its count. */
async function markedCount(page: Page): Promise<number> {
  return map(page)
    .locator(".leaflet-marker-icon")
    .evaluateAll((nodes) => nodes.reduce((sum, node) => sum + Number((node as HTMLElement).dataset.count ?? 1), 0));
}
async function listedTitles(page: Page): Promise<string[]> {
  return page.getByTestId("map-list").locator("h3 a").allTextContents();
}

test("markers and the list agree with the filters; offers without a point are counted and listed below the map", async ({ page }) => {
  const city = cityOfTheTest();
  const offers = await placeOffers(city);
  try {
    const errors = await prepare(page);
    await page.goto(`/offers?city=${encodeURIComponent(city)}&view=map`);
    await expect(page.getByRole("link", { name: "خريطة", exact: true })).toHaveAttribute("aria-current", "true");
    await expect(page.getByTestId("offers-count")).toHaveText(`${ar(4)} عروض`);
    await expect.poll(() => listedTitles(page)).toHaveLength(4);
    expect((await listedTitles(page)).sort()).toEqual([offers.north, offers.centre, offers.east, offers.jeddah].map((o) => o.title).sort());
    // Riyadh's three are one cluster at the kingdom's zoom, Jeddah's one a price.
    await expect.poll(() => markedCount(page)).toBe(4);
    await expect(map(page).getByRole("button", { name: `مجموعة من ${ar(3)} عروض، اضغط للتقريب` })).toBeVisible();
    expect(await priceMarkers(page)).toEqual({ [offers.jeddah.title]: "٢ مليون" });

    // The cluster opens into its offers, their prices in a few words: all three, not the zoom where it
    // first splits (there the two nearest are still a cluster of two).
    await map(page)
      .getByRole("button", { name: `مجموعة من ${ar(3)} عروض، اضغط للتقريب` })
      .click();
    await expect.poll(() => priceMarkers(page)).toMatchObject({ [offers.north.title]: "٨٥٠ ألف", [offers.centre.title]: "١٫٢ مليون", [offers.east.title]: "٦٠ ألف" });

    const offMap = page.getByRole("region", { name: "عروض بلا موقع على الخريطة" });
    await expect(offMap.getByTestId("off-map-count")).toHaveText("عرض واحد");
    await expect(offMap.locator("h3 a")).toHaveText([offers.nowhere.title]);
    await expect(offMap.locator("h3 a")).toHaveAttribute("href", `/offer/${offers.nowhere.id}`);

    // A filter: the list, the count and the markers follow it.
    await page.goto(`/offers?city=${encodeURIComponent(city)}&status=${encodeURIComponent("للإيجار")}&view=map`);
    await expect(page.getByTestId("offers-count")).toHaveText("عرض واحد");
    await expect.poll(() => listedTitles(page)).toEqual([offers.east.title]);
    await expect.poll(() => priceMarkers(page)).toEqual({ [offers.east.title]: "٦٠ ألف" });
    await expect(map(page).getByRole("button", { name: `${offers.east.title}، ٦٠ ألف ريال سنويًا` })).toBeVisible();
    await expect(page.getByRole("region", { name: "عروض بلا موقع على الخريطة" })).toHaveCount(0);
    expect(errors).toEqual([]);
  } finally {
    await removeOffers(city);
  }
});

test("«ابحث في هذه المنطقة» after moving the map narrows the list and its count to the area and puts it in the address", async ({ page, browser }) => {
  const city = cityOfTheTest();
  const offers = await placeOffers(city);
  try {
    const errors = await prepare(page);
    await page.goto(`/offers?city=${encodeURIComponent(city)}&view=map`);
    await expect(page.getByTestId("offers-count")).toHaveText(`${ar(4)} عروض`);
    const searchArea = page.getByRole("link", { name: "ابحث في هذه المنطقة" });
    await expect.poll(() => markedCount(page)).toBe(4);
    await expect(searchArea).toHaveCount(0); // the map fitted its markers by itself: nothing to search yet

    // Zoom into Riyadh through its cluster: a move of the visitor's.
    await map(page)
      .getByRole("button", { name: `مجموعة من ${ar(3)} عروض، اضغط للتقريب` })
      .click();
    await expect(searchArea).toBeVisible();
    await searchArea.click();
    await expect(page).toHaveURL(/[?&]bbox=[-\d.]+%2C[-\d.]+%2C[-\d.]+%2C[-\d.]+&view=map$/);
    await expect(page.getByTestId("offers-count")).toHaveText(`${ar(3)} عروض`);
    await expect.poll(async () => (await listedTitles(page)).sort()).toEqual([offers.north, offers.centre, offers.east].map((o) => o.title).sort());
    await expect(page.getByRole("heading", { name: "العروض في هذه المنطقة" })).toBeVisible();
    await expect(searchArea).toHaveCount(0);
    await expect(page.getByRole("list", { name: "عوامل التصفية المختارة" }).getByRole("link", { name: "إزالة داخل المنطقة المحددة على الخريطة" })).toBeVisible();
    const narrowed = page.url();

    // Dragging the map east, past Riyadh's offers: another area, fewer offers.
    const box = (await map(page).boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.95, box.y + box.height / 2, { steps: 12 });
    await page.mouse.up();
    await searchArea.click();
    await expect(page).not.toHaveURL(narrowed);
    await expect(page).toHaveURL(/bbox=/);
    const after = await listedTitles(page);
    expect(after.length).toBeLessThan(3);
    await expect(page.getByTestId("offers-count")).toHaveText(after.length === 0 ? "لا توجد عروض" : after.length === 1 ? "عرض واحد" : "عرضان");

    // Back: the area before, its list and count.
    await page.goBack();
    await expect(page).toHaveURL(narrowed);
    await expect(page.getByTestId("offers-count")).toHaveText(`${ar(3)} عروض`);
    await page.goBack();
    await expect(page).toHaveURL(`/offers?city=${encodeURIComponent(city)}&view=map`);
    await expect(page.getByTestId("offers-count")).toHaveText(`${ar(4)} عروض`);
    await expect.poll(() => markedCount(page)).toBe(4);

    // The address shared: the same area and offers on another device.
    const other = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await prepare(other);
    await other.goto(narrowed);
    await expect(other.getByTestId("offers-count")).toHaveText(`${ar(3)} عروض`);
    await expect.poll(() => markedCount(other)).toBe(3);
    await expect(other.getByRole("link", { name: "ابحث في هذه المنطقة" })).toHaveCount(0);
    await other.close();
    expect(errors).toEqual([]);
  } finally {
    await removeOffers(city);
  }
});

test("the keyboard reaches a marker and Enter opens its offer; tiles that fail to load break nothing", async ({ page }) => {
  const city = cityOfTheTest();
  const offers = await placeOffers(city);
  try {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.route("**/api/offers/events", (route) => route.abort());
    await page.route("https://tile.openstreetmap.org/**", (route) => route.abort("internetdisconnected"));
    // Around the centre offer only.
    await page.goto(`/offers?city=${encodeURIComponent(city)}&bbox=46.69,24.73,46.71,24.75&view=map`);
    await expect(page.getByTestId("offers-count")).toHaveText("عرض واحد");
    const marker = map(page).getByRole("button", { name: `${offers.centre.title}، ١٫٢ مليون ريال` });
    await expect(marker).toBeVisible();

    await map(page).focus();
    await page.keyboard.press("Tab");
    await expect(marker).toBeFocused();
    await page.keyboard.press("Enter");
    const link = page.locator(".leaflet-popup").getByRole("link", { name: offers.centre.title });
    await expect(link).toBeFocused();
    await expect(page.locator(".leaflet-popup")).toContainText("١٫٢ مليون ريال");
    await expect(page.locator(".leaflet-popup").getByRole("button", { name: "إغلاق" })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`/offer/${offers.centre.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(offers.centre.title);
    expect(errors).toEqual([]);
  } finally {
    await removeOffers(city);
  }
});

test("Leaflet and the map load only with the map view; the grid's first load has none of them", async ({ page }) => {
  await page.route("**/api/offers/events", (route) => route.abort());
  await page.route("https://tile.openstreetmap.org/**", (route) => route.fulfill({ status: 200, contentType: "image/png", body: TILE }));
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/offers");
  await page.waitForLoadState("networkidle");
  expect(scripts.filter((path) => /leaflet|offers-map|supercluster/.test(path))).toEqual([]);
  await page.getByRole("link", { name: "خريطة", exact: true }).click();
  await expect(page).toHaveURL("/offers?view=map");
  await expect(map(page).locator(".leaflet-marker-icon").first()).toBeVisible();
  expect(scripts.filter((path) => /leaflet-base|offers-map-view|offers-map-/.test(path)).length).toBeGreaterThanOrEqual(3);
});

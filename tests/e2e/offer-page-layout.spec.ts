import { expect, test } from "./fixtures.ts";
import { headerIsOnTopOf, longOfferId } from "./offer-page-layout.ts";

test.use({ viewport: { width: 1366, height: 900 } });

/** Issue 28: on a wide screen the price, call, WhatsApp and the inquiry form stay beside the offer as it scrolls. */
test("desktop offer page: after 2,000 px the price, call, WhatsApp and inquiry box are still in view, below the header, within the screen", async ({ page }) => {
  await page.goto(`/offer/${await longOfferId()}`);
  const side = page.getByTestId("offer-side");
  const box = page.getByTestId("offer-contact-box");
  await expect(page.getByTestId("offer-bar")).toBeHidden();
  await page.screenshot({ path: "/work/notes/shots/offer-desktop-top.png" });
  // (Past the end of the offer's column the side column leaves with it, as sticky does.)
  for (const top of [1000, 2000]) {
    await page.evaluate((y) => window.scrollTo({ top: y, behavior: "instant" }), top);
    expect(await page.evaluate(() => window.scrollY)).toBe(top);
    await expect(box.getByText(/ر\.س\./)).toBeInViewport();
    await expect(box.getByRole("link", { name: "اتصال" })).toBeInViewport();
    await expect(box.getByRole("link", { name: "واتساب" })).toBeInViewport();
    await expect(side.getByRole("button", { name: "إرسال الاستفسار" })).toBeInViewport();
    const header = (await page.getByRole("banner").first().boundingBox())!;
    const sideBox = (await side.boundingBox())!;
    // Under the sticky header, and no taller than what is left of the screen.
    expect(sideBox.y).toBeGreaterThanOrEqual(header.y + header.height - 8);
    expect(sideBox.y + sideBox.height).toBeLessThanOrEqual(900);
    if (top === 2000) await page.screenshot({ path: "/work/notes/shots/offer-desktop-2000.png" });
  }
});

test("a short desktop window: the side column scrolls within itself and its send button can be reached", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 560 });
  await page.goto(`/offer/${await longOfferId()}`);
  await page.evaluate(() => window.scrollTo({ top: 1500, behavior: "instant" }));
  const side = page.getByTestId("offer-side");
  const sideBox = (await side.boundingBox())!;
  expect(sideBox.y + sideBox.height).toBeLessThanOrEqual(560);
  const send = side.getByRole("button", { name: "إرسال الاستفسار" });
  await send.scrollIntoViewIfNeeded();
  await expect(send).toBeInViewport();
});

test("the offer page's map (tiles, zoom buttons, attribution) never paints over the sticky header", async ({ page }) => {
  await page.goto(`/offer/${await longOfferId()}`);
  const map = page.getByTestId("offer-map");
  await map.scrollIntoViewIfNeeded();
  for (const part of [map.locator(".leaflet-control-attribution"), map.locator(".leaflet-control-zoom"), map]) {
    const answer = await headerIsOnTopOf(page, part);
    expect(answer, answer.found).toMatchObject({ ok: true });
  }
});

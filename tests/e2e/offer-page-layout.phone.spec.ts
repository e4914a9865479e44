import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { headerIsOnTopOf, intersects, longOfferId, type Box } from "./offer-page-layout.ts";
import { axeBuilder, noSeriousViolations } from "./axe.ts";

test.use({ viewport: { width: 390, height: 844 } });

/** Every visible control fixed to the screen that opens WhatsApp, with its box. */
async function fixedWhatsappControls(page: Page): Promise<Box[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('a[href*="wa.me"], a[href*="whatsapp"]')]
      .filter((link) => {
        for (let element: Element | null = link; element; element = element.parentElement) {
          if (getComputedStyle(element).position === "fixed") {
            const style = getComputedStyle(link);
            const rect = link.getBoundingClientRect();
            return style.visibility !== "hidden" && style.display !== "none" && rect.width > 0 && rect.height > 0;
          }
        }
        return false;
      })
      .map((link) => {
        const rect = link.getBoundingClientRect();
        return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
      }),
  );
}

/** Issue 28: on a phone the offer page has one bar at the bottom with call, WhatsApp and «استفسار». */
test("phone offer page: one bar with call, WhatsApp and «استفسار», no floating button on top of it, the footer readable above it", async ({ page }) => {
  await page.goto(`/offer/${await longOfferId()}`);
  await page.waitForLoadState("networkidle");
  const bar = page.getByTestId("offer-bar");
  await expect(bar).toBeVisible();
  await expect(bar.getByRole("link", { name: "اتصال" })).toHaveAttribute("href", /^tel:/);
  await expect(bar.getByRole("link", { name: "واتساب" })).toHaveAttribute("href", /wa\.me/);
  await expect(page.getByRole("link", { name: "تواصل معنا عبر واتساب" })).toBeHidden();
  const barBox = (await bar.boundingBox())!;
  expect(barBox.y + barBox.height).toBeCloseTo(844, 0);
  expect(await fixedWhatsappControls(page)).toHaveLength(1);
  await page.screenshot({ path: "/work/notes/shots/offer-phone-top.png" });
  await noSeriousViolations(axeBuilder(page).include("#offer-bar"));

  // Scrolled through the page: never two WhatsApp controls, never one over the other.
  for (const top of [800, 1600, 2400]) {
    await page.evaluate((y) => window.scrollTo({ top: y, behavior: "instant" }), top);
    const controls = await fixedWhatsappControls(page);
    expect(controls.length).toBeLessThanOrEqual(1);
  }

  // Added to the compare list: the tray stands on the bar, not on top of it.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await page.getByRole("button", { name: "قارن" }).first().click();
  const tray = page.getByTestId("compare-tray");
  await expect(tray).toBeVisible();
  expect(intersects((await tray.boundingBox())!, (await bar.boundingBox())!)).toBe(false);
  await page.screenshot({ path: "/work/notes/shots/offer-phone-compare.png" });

  // At the foot of the page the footer's last line is above the bar.
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
  await expect(bar).toBeVisible();
  const lastLine = page.getByRole("contentinfo").getByRole("link", { name: "محفوظة" });
  const line = (await lastLine.boundingBox())!;
  const trayBox = (await tray.boundingBox())!;
  expect(line.y + line.height).toBeLessThanOrEqual(trayBox.y);
  expect(intersects(line, (await bar.boundingBox())!)).toBe(false);
  await page.screenshot({ path: "/work/notes/shots/offer-phone-bottom.png" });
});

test("phone offer page: «استفسار» leads to the inquiry form, and the bar steps aside while a field has focus", async ({ page }) => {
  await page.goto(`/offer/${await longOfferId()}`);
  const bar = page.getByTestId("offer-bar");
  await bar.getByRole("link", { name: "استفسار" }).click();
  await expect(page).toHaveURL(/#inquiry$/);
  const heading = page.getByRole("heading", { name: "استفسر عن هذا العقار" });
  await expect(heading).toBeInViewport();
  const header = (await page.getByRole("banner").first().boundingBox())!;
  expect((await heading.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
  await page.getByLabel("رقم الهاتف (مطلوب)").focus();
  await expect(bar).toBeHidden();
  await page.screenshot({ path: "/work/notes/shots/offer-phone-inquiry.png" });
});

test("the offers map on a phone never paints over the sticky header as the page scrolls past it", async ({ page }) => {
  await page.goto("/offers?view=map");
  const map = page.getByTestId("offers-map");
  await map.locator(".leaflet-control-attribution").waitFor();
  for (const part of [map.locator(".leaflet-control-attribution"), map.locator(".leaflet-control-zoom"), map]) {
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    const answer = await headerIsOnTopOf(page, part);
    expect(answer, answer.found).toMatchObject({ ok: true });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the bar is there and «استفسار» is a plain link to the form", async ({ page }) => {
    await page.goto(`/offer/${await longOfferId()}`);
    await page.getByTestId("offer-bar").getByRole("link", { name: "استفسار" }).click();
    await expect(page.getByRole("heading", { name: "استفسر عن هذا العقار" })).toBeInViewport();
  });
});

/** A phone with a home indicator (34 px at the bottom) and, turned, a notch at the side: the bars keep their controls clear of both. */
test("a notched phone: the offer bar and the floating WhatsApp button stand above the home indicator, the header clear of the notch", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setSafeAreaInsetsOverride", { insets: { bottom: 34, bottomMax: 34, left: 0, right: 0, top: 47, topMax: 47 } });
  await page.goto(`/offer/${await longOfferId()}`);
  const bar = page.getByTestId("offer-bar");
  const call = (await bar.getByRole("link", { name: "اتصال" }).boundingBox())!;
  expect(call.y + call.height).toBeLessThanOrEqual(844 - 34);

  await page.goto("/");
  const floating = (await page.getByRole("link", { name: "تواصل معنا عبر واتساب" }).boundingBox())!;
  expect(floating.y + floating.height).toBeLessThanOrEqual(844 - 34 - 16);

  await page.setViewportSize({ width: 844, height: 390 });
  await cdp.send("Emulation.setSafeAreaInsetsOverride", { insets: { left: 47, leftMax: 47, right: 47, rightMax: 47, bottom: 21, bottomMax: 21 } });
  const logo = (await page.getByRole("banner").getByRole("link").first().boundingBox())!;
  expect(logo.x).toBeGreaterThanOrEqual(47);
  expect(logo.x + logo.width).toBeLessThanOrEqual(844 - 47);
});

import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

// Decision 019: what a phone's first paint needs comes first. Public pages start their JavaScript once
// the page has painted (no module preload in the HTML; what a visitor does before it has hydrated is
// done again once it has), other pages preload it at a low priority, the largest photo is preloaded
// with a high priority, and every photo's `sizes` lets the browser pick the smallest file that is sharp.

async function firstOfferPath(page: Page): Promise<string> {
  await page.goto("/offers");
  return (await page.getByTestId("offers-grid").locator("article a").first().getAttribute("href"))!;
}

/** The id of the stored photo a URL or srcset names first. */
const photoId = (text: string | null) => /\/images\/([a-f0-9]{32})-/.exec(text ?? "")?.[1];

/** The HTML's high-priority image preloads (React writes fetchPriority; attribute names are case-insensitive). */
function imagePreloads(html: string): string[] {
  return [...html.matchAll(/<link [^>]*rel="preload"[^>]*>/gi)].map((m) => m[0]).filter((tag) => /as="image"/i.test(tag) && /fetchpriority="high"/i.test(tag));
}

test("public pages carry no module preloads; their JavaScript starts after the load event, and the page hydrates within CSP", async ({ page }) => {
  const offerPath = await firstOfferPath(page);
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/.test(message.text())) violations.push(message.text());
  });
  for (const path of ["/", "/offers", offerPath]) {
    const html = await (await page.request.get(path)).text();
    expect(html, path).not.toMatch(/<link[^>]*rel="modulepreload"/);
    expect(html, path).not.toMatch(/<script[^>]*type="module"/);
    // Twice: the first answer is rendered (CSP nonce), the second comes from the page cache (hashes).
    for (let visit = 0; visit < 2; visit++) {
      await page.goto(path);
      await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")));
      const timing = await page.evaluate(() => {
        const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        const scripts = performance.getEntriesByType("resource").filter((entry) => /\.js(\?|$)/.test(entry.name));
        return { loadEventStart: navigation.loadEventStart, firstScript: Math.min(...scripts.map((entry) => entry.startTime)), scripts: scripts.length };
      });
      expect(timing.scripts, path).toBeGreaterThan(5);
      expect(timing.firstScript, `${path}: no chunk is fetched before the load event`).toBeGreaterThanOrEqual(timing.loadEventStart);
      await expect(page.locator('link[rel="modulepreload"]').first()).toBeAttached();
      expect(violations, path).toEqual([]);
    }
  }
});

test("the back office and sign-in keep React Router's module preloads, at a low priority", async ({ request }) => {
  const html = await (await request.get("/login")).text();
  const preloads = [...html.matchAll(/<link [^>]*rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
  expect(preloads.length).toBeGreaterThan(3);
  for (const tag of preloads) expect(tag).toMatch(/fetchpriority="low"/i);
});

test("the largest photo is preloaded with a high priority, once: the offer's first photo, the first card, the home hero", async ({ page }) => {
  const offerPath = await firstOfferPath(page);
  const cases: Array<[string, string]> = [
    [offerPath, "main img[fetchpriority=high]"],
    ["/offers", '[data-testid="offers-grid"] article img'],
    ["/", "main img[fetchpriority=high]"],
  ];
  for (const [path, selector] of cases) {
    const html = await (await page.request.get(path)).text();
    const preloads = imagePreloads(html);
    expect(preloads, path).toHaveLength(1);
    await page.goto(path);
    const img = page.locator(selector).first();
    await expect(img, path).toHaveAttribute("fetchpriority", "high");
    await expect(img, path).not.toHaveAttribute("loading", "lazy");
    expect(photoId(preloads[0]!), path).toBe(photoId(await img.getAttribute("srcset")));
    // Every other photo of the page waits until it is near the screen.
    const eager = await page.locator("main img:not([loading=lazy])").count();
    expect(eager, path).toBe(1);
  }
});

/** The width of the file the browser chose for the first photo matching `selector`, and the width it is shown at × the pixel ratio. */
async function chosen(browser: Browser, path: string, selector: string, width: number, deviceScaleFactor: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor, locale: "ar-SA" });
  try {
    const page = await context.newPage();
    await page.goto(path);
    const img = page.locator(selector).first();
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    const { src, shown, variants } = await img.evaluate((el: HTMLImageElement) => ({
      src: el.currentSrc,
      shown: el.getBoundingClientRect().width * devicePixelRatio,
      variants: el.srcset.split(",").map((candidate) => Number(/ (\d+)w$/.exec(candidate.trim())![1])),
    }));
    return { file: Number(/-(\d+)(?:\.(?:webp|avif))?$/.exec(src)![1]), shown, variants };
  } finally {
    await context.close();
  }
}

test("photos' sizes: the browser takes the smallest variant at least as wide as the photo is shown (phones 1x and 2x, two and three columns)", async ({ browser, page }) => {
  test.slow(); // eleven fresh browser contexts
  const offerPath = await firstOfferPath(page);
  const screens: Array<[number, number]> = [
    [390, 1],
    [390, 2],
    [800, 1],
    [1100, 1],
    [1280, 2],
  ];
  for (const [path, selector] of [
    ["/offers", '[data-testid="offers-grid"] article img'],
    [offerPath, "main img[fetchpriority=high]"],
  ] as const) {
    for (const [width, ratio] of screens) {
      const { file, shown, variants } = await chosen(browser, path, selector, width, ratio);
      // The smallest variant at least as wide as shown, or (Chrome's rule between two candidates) the one
      // just below it when that is nearly as wide: never a larger file, never a blurred one.
      const above = variants.find((w) => w >= shown - 1) ?? variants.at(-1)!;
      const below = variants.filter((w) => w < above).at(-1);
      const label = `${path} at ${width} px ×${ratio}: shown ${Math.round(shown)} px, file ${file}`;
      expect(file === above || (file === below && below >= shown * 0.85), label).toBe(true);
    }
  }
  // The example of the issue: a listing photo on a 390 px phone at 1x is the 400 px file.
  expect((await chosen(browser, "/offers", '[data-testid="offers-grid"] article img', 390, 1)).file).toBe(400);
});

const hydrating = (page: Page) => page.evaluate(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")));

/**
 * Holds the page's JavaScript chunks until the returned function is called: the page is certainly
 * not hydrated meanwhile, however fast (or slow) the machine (the inline replay script is not held).
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("an early tap on a JavaScript button, before the page has hydrated, is not lost", async ({ page }) => {
  const offerPath = await firstOfferPath(page);
  const release = await holdScripts(page);
  await page.goto(offerPath, { waitUntil: "domcontentloaded" });
  expect(await hydrating(page)).toBe(false);
  await page.getByRole("button", { name: "الصورة التالية" }).click();
  release();
  await expect(page.getByText(/^٢ \/ [٠-٩]+$/).first()).toBeVisible();
});

test("a form sent before the page has hydrated gets the browser's checks once it has, not a round trip", async ({ page }) => {
  const offerPath = await firstOfferPath(page);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  const release = await holdScripts(page);
  await page.goto(offerPath, { waitUntil: "domcontentloaded" });
  expect(await hydrating(page)).toBe(false);
  const form = page.locator("aside");
  await form.getByRole("button", { name: "إرسال الاستفسار" }).click();
  release();
  await expect(form.getByText("الرجاء إدخال رقم الهاتف")).toBeVisible();
  await expect(form.getByLabel("رقم الهاتف (مطلوب)")).toBeFocused();
  expect(posts).toEqual([]);
});

// Image bytes per public page on Lighthouse's phone (412×823 CSS px at 1.75×, as its mobile run
// emulates): every image fetched on the first load and after scrolling to the bottom, the
// largest paint's photo (budget ≤ 80 KiB) and the largest listing card photo (budget ≤ 15 KiB),
// each as the bytes of the file sent (decision 019).
import { scrollToBottom } from "./browser.ts";
import { setTimeout as sleep } from "node:timers/promises";
import { CHROMIUM_ARGS } from "../chromium.ts";
import { BUDGET, heading, kib, report, summary, table, type Page } from "./report.ts";

/** Lighthouse's mobile emulation (its "moto g power" screen). */
const LIGHTHOUSE_PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

interface Loaded {
  /** Image URL → bytes of the file (encodedBodySize). */
  images: Record<string, number>;
  /** The largest-contentful-paint entry's image, if the largest paint is one. */
  lcpUrl: string;
  /** The photos of the offer cards (<article> <img>) the browser chose. */
  cardUrls: string[];
}

function readLoaded(): Loaded {
  const images: Record<string, number> = {};
  for (const entry of performance.getEntriesByType("resource") as PerformanceResourceTiming[]) {
    if (entry.initiatorType === "img" || /\.(webp|avif|png|jpe?g|gif|svg)(\?|$)/.test(entry.name)) images[entry.name] = entry.encodedBodySize || entry.transferSize;
  }
  const lcp = (window as unknown as { __lcpUrl?: string }).__lcpUrl ?? "";
  const cardUrls = [...document.querySelectorAll<HTMLImageElement>("article img")].map((img) => img.currentSrc).filter(Boolean);
  return { images, lcpUrl: lcp, cardUrls };
}

export async function measurePageImages(pages: Page[], chromiumPath: string) {
  heading("Images per page (Lighthouse's phone, 412 px at 1.75×; bytes of the files sent)");
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  const rows: string[][] = [];
  const results: Record<string, unknown> = {};
  try {
    for (const page of pages) {
      const context = await browser.newContext({ ...LIGHTHOUSE_PHONE, locale: "ar-SA" });
      await context.addInitScript(() => {
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) (window as unknown as { __lcpUrl?: string }).__lcpUrl = (entry as PerformanceEntry & { url?: string }).url ?? "";
        }).observe({ type: "largest-contentful-paint", buffered: true });
      });
      const tab = await context.newPage();
      await tab.goto(page.url, { waitUntil: "load", timeout: 60_000 });
      await sleep(1500); // the largest paint settles, the page's JavaScript starts
      const first = await tab.evaluate(readLoaded);
      await scrollToBottom(tab);
      await sleep(1000);
      const all = await tab.evaluate(readLoaded);
      await context.close();

      const sum = (images: Record<string, number>) => Object.values(images).reduce((a, b) => a + b, 0);
      const lcpBytes = first.lcpUrl ? (all.images[first.lcpUrl] ?? 0) : 0;
      const cards = first.cardUrls.map((url) => all.images[url]).filter((bytes): bytes is number => bytes !== undefined);
      const largestCard = cards.length ? Math.max(...cards) : 0;
      const name = (url: string) => new URL(url).pathname.replace(/^\/images\//, "");
      rows.push([
        page.name,
        `${Object.keys(first.images).length}`,
        kib(sum(first.images)),
        `${Object.keys(all.images).length}`,
        kib(sum(all.images)),
        first.lcpUrl ? `${kib(lcpBytes)} (${name(first.lcpUrl)})` : "text",
        cards.length ? kib(largestCard) : "-",
      ]);
      results[page.name] = {
        firstLoadBytes: sum(first.images),
        afterScrollBytes: sum(all.images),
        lcpUrl: first.lcpUrl,
        lcpBytes,
        largestCardBytes: largestCard,
        images: all.images,
      };
      summary.push({ metric: `Image bytes first load ${page.name}`, value: kib(sum(first.images)), budget: "-", status: "info" });
      if (first.lcpUrl)
        summary.push({
          metric: `LCP image ${page.name}`,
          value: kib(lcpBytes),
          budget: `<= ${BUDGET.lcpImageKiB} KiB`,
          status: lcpBytes <= BUDGET.lcpImageKiB * 1024 ? "ok" : "over",
        });
      if (cards.length)
        summary.push({
          metric: `Largest card photo ${page.name}`,
          value: kib(largestCard),
          budget: `<= ${BUDGET.cardPhotoKiB} KiB`,
          status: largestCard <= BUDGET.cardPhotoKiB * 1024 ? "ok" : "over",
        });
    }
  } finally {
    await browser.close();
  }
  console.log("");
  table(["page", "files", "first load", "files", "after scroll", `LCP photo (≤ ${BUDGET.lcpImageKiB} KiB)`, `largest card (≤ ${BUDGET.cardPhotoKiB} KiB)`], rows, [
    false,
    true,
    true,
    true,
    true,
    true,
    true,
  ]);
  report.pageImages = results;
}

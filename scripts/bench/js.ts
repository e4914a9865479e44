// JavaScript per public page: every script response gzip'd (-9) on first load and after scrolling to
// the bottom, in a mobile viewport, against the first-load budget (≤ 130 KiB); also notes console
// errors and CSP violations (Lighthouse's best-practices only says "Issues were logged").
import { setTimeout as sleep } from "node:timers/promises";
import zlib from "node:zlib";
import { launchBenchBrowser, phoneContext, scrollToBottom } from "./browser.ts";
import { BUDGET, heading, kib, report, summary, table, type Page } from "./report.ts";

export async function measureJavaScript(pages: Page[], chromiumPath: string) {
  heading("JavaScript per page (gzip -9 of each response body, mobile viewport)");
  const browser = await launchBenchBrowser(chromiumPath);
  const rows: string[][] = [];
  const results: Record<string, unknown> = {};
  try {
    for (const page of pages) {
      const context = await phoneContext(browser);
      // Also note console errors and CSP violations (Lighthouse's best-practices only says "Issues were logged").
      await context.addInitScript(() => {
        const w = window as unknown as { __cspViolations: string[] };
        w.__cspViolations = [];
        document.addEventListener("securitypolicyviolation", (e) =>
          w.__cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || "(inline)"} at ${e.sourceFile || "?"}:${e.lineNumber}`),
        );
      });
      const tab = await context.newPage();
      const consoleErrors: string[] = [];
      tab.on("console", (message) => {
        if (message.type() === "error") consoleErrors.push(message.text().slice(0, 200));
      });
      tab.on("pageerror", (error) => consoleErrors.push(`uncaught: ${error.message.slice(0, 200)}`));
      const scripts = new Map<string, Promise<number>>(); // url -> gzip'd bytes
      tab.on("response", (response) => {
        const type = response.request().resourceType();
        const contentType = response.headers()["content-type"] ?? "";
        const isJs = type === "script" || /javascript|ecmascript/.test(contentType);
        if (!isJs || scripts.has(response.url()) || response.status() >= 300) return;
        scripts.set(
          response.url(),
          response.body().then(
            (body) => zlib.gzipSync(body, { level: 9 }).length,
            () => 0,
          ),
        );
      });
      await tab.goto(page.url, { waitUntil: "networkidle", timeout: 60_000 });
      const firstUrls = [...scripts.keys()];
      const firstSizes = await Promise.all(firstUrls.map((u) => scripts.get(u)!));
      const first = firstSizes.reduce((a, b) => a + b, 0);
      const inlineScripts = await tab.evaluate(() => [...document.querySelectorAll("script:not([src])")].map((s) => s.textContent ?? "").join("\n"));
      const inline = zlib.gzipSync(Buffer.from(inlineScripts), { level: 9 }).length;

      // Then scroll to the bottom (bounded) and count whatever loaded lazily.
      await scrollToBottom(tab);
      await tab.waitForLoadState("networkidle").catch(() => undefined);
      await sleep(1000);
      const allSizes = await Promise.all([...scripts.values()]);
      const total = allSizes.reduce((a, b) => a + b, 0);
      const lazy = [...scripts.keys()].filter((u) => !firstUrls.includes(u)).map((u) => new URL(u).pathname);
      const violations = await tab.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
      await context.close();
      for (const v of new Set(violations)) console.log(`  ${page.name}: CSP violation: ${v}`);
      for (const e of new Set(consoleErrors)) console.log(`  ${page.name}: console error: ${e}`);

      rows.push([page.name, String(firstUrls.length), kib(first), String(scripts.size), kib(total), kib(inline)]);
      const largest = firstUrls
        .map((u, i) => ({ path: new URL(u).pathname, size: firstSizes[i]! }))
        .sort((a, b) => b.size - a.size)
        .slice(0, 4)
        .map((x) => `${x.path.replace(/^\/assets\//, "")} ${kib(x.size)}`);
      console.log(`  ${page.name}: largest first-load chunks: ${largest.join(", ")}`);
      if (lazy.length) console.log(`  ${page.name}: loaded after scrolling: ${lazy.join(", ")}`);
      results[page.name] = { firstLoadGzip: first, firstLoadFiles: firstUrls.length, afterScrollGzip: total, afterScrollFiles: scripts.size, inlineGzip: inline };
      summary.push({
        metric: `JS gzip first load ${page.name}`,
        value: kib(first),
        budget: `<= ${BUDGET.jsKiB} KiB`,
        status: first <= BUDGET.jsKiB * 1024 ? "ok" : "over",
      });
      summary.push({ metric: `JS gzip after scroll ${page.name}`, value: kib(total), budget: "-", status: "info" });
    }
  } finally {
    await browser.close();
  }
  console.log("");
  table(["page", "files", "first load", "files", "after scroll", "inline <script>"], rows, [false, true, true, true, true, true]);
  console.log("(inline <script> = the HTML's own scripts, mostly hydration data; not counted in the budget)");
  report.javascript = results;
}

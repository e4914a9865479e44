// `npm run screenshots [base-url]`: full-page screenshots of the public pages at phone (390 px)
// and desktop (1280 px) width, into test-results/screenshots, to look at. Back-office pages need a
// session: SCREENSHOT_SESSION=<cookie value> sends it (as the signedInAs fixture of tests/e2e/fixtures.ts does).
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./chromium.ts";

const base = process.argv[2] ?? "http://localhost:3000";
const out = path.resolve("test-results/screenshots");
fs.mkdirSync(out, { recursive: true });
const pages = (process.argv[3] ?? "/,/offers,/offers?view=swipe,/offer/1,/no-such-page").split(",");

const browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS });
for (const width of [390, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, deviceScaleFactor: 1, locale: "ar-SA" });
  if (process.env.SCREENSHOT_SESSION) await context.setExtraHTTPHeaders({ Cookie: `__Host-aqar-session=${process.env.SCREENSHOT_SESSION}` });
  const page = await context.newPage();
  for (const pagePath of pages) {
    // Not "networkidle": pages with live updates keep a stream open.
    await page.goto(base + pagePath, { waitUntil: "load" });
    await page.waitForTimeout(500);
    // Bring lazy images in before the full-page shot.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 60));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForTimeout(400);
    const name = `${pagePath.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}-${width}.png`;
    await page.screenshot({ path: path.join(out, name), fullPage: true });
    console.log(path.join(out, name));
  }
  await context.close();
}
await browser.close();

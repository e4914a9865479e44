import { queryE2eDatabase } from "./db.ts";
import { expect, test } from "./fixtures.ts";

/**
 * On a wide screen the offer page's inquiry form stays on screen beside the offer (sticky): in a
 * short window its send button sits where the floating WhatsApp button would, so the button takes
 * the other corner (issue 16).
 */
test.use({ viewport: { width: 1280, height: 660 } });

test("on a short desktop window the floating WhatsApp button covers no field of the offer page's side form, wherever the page is scrolled", async ({ page }) => {
  const [offer] = await queryE2eDatabase<{ id: number }>("select id from offers where ad_licence_ends_at is null or ad_licence_ends_at > now() order by id limit 1");
  await page.goto(`/offer/${offer!.id}`);
  const button = page.getByRole("link", { name: "تواصل معنا عبر واتساب" });
  const form = page.locator("aside form");
  const targets = form.locator("input:not([type=hidden]):not([tabindex='-1']), textarea, button[type=submit]");
  const height = await page.evaluate(() => document.body.scrollHeight);
  let shown = 0;
  for (let top = 0; top < height; top += 300) {
    await page.evaluate((y) => window.scrollTo({ top: y, behavior: "instant" }), top);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    if (!(await button.isVisible())) continue;
    shown++;
    const box = (await button.boundingBox())!;
    for (const target of await targets.all()) {
      const other = await target.boundingBox();
      const overlaps = other && box.x < other.x + other.width && other.x < box.x + box.width && box.y < other.y + other.height && other.y < box.y + box.height;
      expect(overlaps, `scrolled to ${top}: the button covers ${await target.evaluate((e) => e.outerHTML.slice(0, 80))}`).toBeFalsy();
    }
  }
  expect(shown).toBeGreaterThan(0);
});

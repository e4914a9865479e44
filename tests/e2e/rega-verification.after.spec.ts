import fs from "node:fs";
import type { Page } from "@playwright/test";
import { queryE2eDatabase } from "./db.ts";
import { expect, test, unique } from "./fixtures.ts";
import { axeBuilder, noSeriousViolations } from "./axe.ts";

/**
 * REGA's ad-licence verification (issue 32, decision 047) as a person sees it on the e2e server,
 * where REGA is not configured (pointed at a fake REGA every other spec's licences would be
 * unknown): the settings say it is off, the offer form offers no check, and the offer page says
 * when REGA last confirmed a licence. The form's check against a real HTTP server is Vitest's
 * (app/modules/offer-admin/rega-save.server.test.ts). Its offer is its own: an offers-changing spec.
 */

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-rega";

async function screenshots(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize()!;
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

test("REGA not configured: the settings page says so in Arabic, and the offer form offers no check", async ({ page, signedInAs }) => {
  await signedInAs("manager");
  await page.goto("/admin/settings");
  const section = page.getByRole("region", { name: "ترخيص الإعلانات" });
  await expect(section.getByTestId("rega-status")).toHaveText(
    "التحقق من التراخيص لدى الهيئة العامة للعقار غير مفعّل على هذا الخادم: يفعّله مسؤول الخادم بضبط عنوان منصة الهيئة وبيانات الربط. حتى ذلك الحين تُدخَل بيانات الترخيص يدويًا ولا تُراجَع كل ليلة.",
  );
  await noSeriousViolations(axeBuilder(page).include("#ad-licence-title"));
  await section.scrollIntoViewIfNeeded();
  await screenshots(page, "settings");

  await page.goto("/admin/offers/new");
  await expect(page.getByLabel("رقم ترخيص الإعلان")).toBeVisible();
  await expect(page.getByRole("button", { name: "تحقق من الترخيص" })).toHaveCount(0);
});

test("the offer page says when REGA last confirmed the licence, in the house style; not before it has", async ({ page }) => {
  const mark = unique();
  const title = `شقة تحققت الهيئة من ترخيصها ${mark}`;
  const [row] = await queryE2eDatabase<{ id: number }>(
    `insert into offers (title, description, price, property_type, status, city, location, area, details,
                         ad_licence_number, ad_licence_issued_on, ad_licence_expires_on, ad_licence_ends_at, advertiser_capacity,
                         ad_licence_verified_at, created_at)
     values ($1, 'شقة واسعة قريبة من الخدمات', 850000, 'شقة', 'للبيع', 'الرياض', 'النرجس', 160, '{}'::jsonb,
             $2, '2026-01-01', '2099-12-31', '2100-01-01T00:00:00+03:00', 'broker',
             '2026-11-27T22:30:00Z', now() - interval '2 days')
     returning id`,
    [title, `72${mark}`],
  );
  try {
    await page.goto(`/offer/${row!.id}`);
    const block = page.getByRole("region", { name: "بيانات الإعلان" });
    // 22:30 UTC on 27 November is 28 November in Riyadh.
    await expect(block.getByTestId("rega-verified")).toHaveText("تم التحقق من الترخيص لدى الهيئة العامة للعقار في ٢٨ نوفمبر ٢٠٢٦م");
    await noSeriousViolations(page);
    await block.scrollIntoViewIfNeeded();
    await screenshots(page, "offer");

    await queryE2eDatabase("update offers set ad_licence_verified_at = null where id = $1", [row!.id]);
    // Written straight to the database: the page cache hears of it by PostgreSQL's NOTIFY (longer on a busy machine).
    await expect(async () => {
      await page.reload();
      await expect(block.getByText("رقم ترخيص الإعلان")).toBeVisible();
      await expect(block.getByTestId("rega-verified")).toHaveCount(0, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
  } finally {
    await queryE2eDatabase("delete from offers where title like $1", [`%${mark}%`]);
  }
});

import type { Page } from "@playwright/test";
import { queryE2eDatabase } from "./db.ts";
import { expect, test, unique } from "./fixtures.ts";
import { axeBuilder } from "./axe.ts";

/** Offers that are really available (decision 046). Its offer is added and removed here: an .after spec (offers-changing). */

const SHOTS = process.env.SHOTS_DIR ?? "test-results/availability-shots";

/** A for-sale offer like a demo one (its licence in force), last confirmed `days` ago; its id. */
async function offerConfirmedDaysAgo(title: string, days: number): Promise<number> {
  const [row] = await queryE2eDatabase<{ id: number }>(
    `insert into offers (title, description, price, property_type, status, city, location, details, units, ad_licence_number, ad_licence_issued_on,
       ad_licence_expires_on, ad_licence_ends_at, advertiser_capacity, deed_number, national_address, disclosures, rent_period, available_confirmed_at)
     select $1, description, price, property_type, status, city, location, details, units, ad_licence_number, ad_licence_issued_on,
       ad_licence_expires_on, ad_licence_ends_at, advertiser_capacity, deed_number, national_address, disclosures, rent_period, now() - $2 * interval '1 day'
     from offers where status = 'للبيع' and ad_licence_number <> '' and ad_licence_ends_at > now() + interval '30 days' order by id limit 1
     returning id`,
    [title, days],
  );
  return row!.id;
}

async function noSeriousAxe(page: Page) {
  const results = await axeBuilder(page).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${String(v.nodes[0]?.target)}`)).toEqual([]);
}

async function shoot(page: Page, name: string) {
  for (const [label, size] of [
    ["phone", { width: 390, height: 844 }],
    ["desktop", { width: 1366, height: 900 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
}

test("an offer nobody confirmed for N + 7 days is gone from /offers and its page; a staff member confirms it from the dashboard and it is back, saying so", async ({
  page,
  browser,
  signedInAs,
}) => {
  test.setTimeout(90_000);
  const title = `شقة للتحقق من التوفر ${unique()}`;
  const id = await offerConfirmedDaysAgo(title, 25);
  const visitor = await (await browser.newContext()).newPage();
  try {
    // Gone from the list and the search, and its page answers 410 with its own words.
    await visitor.goto("/offers");
    await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(visitor.getByText(title)).toHaveCount(0);
    const gone = await visitor.goto(`/offer/${id}`);
    expect(gone?.status()).toBe(410);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("هذا العرض غير متاح حاليًا");
    await expect(visitor.getByRole("main")).toContainText(`لم يعد «${title}» معروضًا حتى نتأكد من أنه ما زال متاحًا.`);
    await noSeriousAxe(visitor);
    await shoot(visitor, "offer-unconfirmed-410");

    // The staff member's dashboard lists it, with the one tap.
    await signedInAs("staff");
    await page.goto("/admin");
    const section = page.getByRole("region", { name: "تأكيد توفر العروض" });
    const item = section.getByTestId(`availability-${id}`);
    await expect(item).toContainText(title);
    await expect(item).toContainText("آخر تأكيد قبل ٢٥ يومًا");
    await expect(item).toContainText("اختفى من الموقع لعدم تأكيد توفره");
    await noSeriousAxe(page);
    await shoot(page, "dashboard-availability");
    await item.getByRole("button", { name: `تأكيد التوفر: ${title}` }).click();
    await expect(page.getByText(`تم تأكيد توفر العرض «${title}»`)).toBeVisible();
    await expect(section.getByTestId(`availability-${id}`)).toHaveCount(0);
    const [row] = await queryE2eDatabase<{ fresh: boolean; by: string }>(
      "select available_confirmed_at > now() - interval '1 minute' as fresh, u.role as by from offers o join staff_users u on u.id = o.available_confirmed_by where o.id = $1",
      [id],
    );
    expect(row).toEqual({ fresh: true, by: "staff" });

    // Back on the site at once (the page cache let go of the 410), saying when it was confirmed.
    const back = await visitor.goto(`/offer/${id}`);
    expect(back?.status()).toBe(200);
    await expect(visitor.getByTestId("offer-confirmed")).toHaveText("تم التأكد من توفره اليوم");
    await noSeriousAxe(visitor);
    await shoot(visitor, "offer-confirmed");
    await visitor.goto("/offers");
    await expect(visitor.getByText(title).first()).toBeVisible();
  } finally {
    await visitor.context().close();
    await queryE2eDatabase("delete from offers where id = $1", [id]);
  }
});

test("the offers list and the offer form confirm in one tap too; the manager sets how often", async ({ page, signedInAs }) => {
  const title = `فيلا للتأكيد من القائمة ${unique()}`;
  const id = await offerConfirmedDaysAgo(title, 16);
  try {
    await signedInAs("manager");
    await page.goto(`/admin/offers?q=${encodeURIComponent(title)}`);
    await page.setViewportSize({ width: 1366, height: 900 });
    const row = page.getByTestId("admin-offer-row").filter({ hasText: title });
    await row.getByRole("button", { name: `تأكيد التوفر: ${title}` }).click();
    await expect(page.getByText(`تم تأكيد توفر العرض «${title}»`)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/offers\?q=/);
    await shoot(page, "offers-list-confirm");

    await page.goto(`/admin/offers/edit/${id}`);
    const panel = page.getByTestId("availability-panel");
    await expect(panel).toContainText("آخر تأكيد لتوفر العرض: اليوم");
    await noSeriousAxe(page);
    await shoot(page, "offer-edit-availability");

    await page.goto("/admin/settings");
    const settings = page.getByRole("region", { name: "تأكيد توفر العروض" });
    const days = settings.getByLabel("التأكد من توفر العرض كل (بالأيام)");
    await expect(days).toHaveValue("14");
    await days.fill("٠");
    await settings.getByRole("button", { name: "حفظ إعدادات تأكيد التوفر" }).click();
    await expect(settings.getByText("اكتب عدد أيام من ١ إلى ٩٠")).toBeVisible();
    await expect(days).toHaveValue("٠");
    await shoot(page, "settings-availability");
    await days.fill("14");
    await settings.getByRole("button", { name: "حفظ إعدادات تأكيد التوفر" }).click();
    await expect(page.getByText("تم حفظ إعدادات تأكيد توفر العروض")).toBeVisible();
  } finally {
    await queryE2eDatabase("delete from offers where id = $1", [id]);
  }
});

import type { Page } from "@playwright/test";
import { queryE2eDatabase } from "./db.ts";
import { expect, test } from "./fixtures.ts";

/**
 * The smallest phones in use (320 px wide, an iPhone SE of the first kind, or a large font on a
 * bigger phone): no page scrolls sideways. What ran past the edge before: the offers' view switcher,
 * a map address in a settings hint, a client's long e-mail.
 */
async function expectNoSidewaysScroll(page: Page, paths: string[]) {
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const past = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(past, `${path} scrolls sideways by ${past} px`).toBe(0);
  }
}

test.use({ viewport: { width: 320, height: 640 } });

test("no public page scrolls sideways on a 320 px phone", async ({ page }) => {
  test.setTimeout(90_000);
  await page.route("**/api/offers/events", (route) => route.abort());
  await expectNoSidewaysScroll(page, [
    "/",
    "/offers",
    "/offers?view=swipe",
    "/offers?view=map",
    "/offer/1",
    "/contact",
    "/list-your-property",
    "/favourites?ids=1,2,3",
    "/compare?ids=1,2",
    "/alerts",
  ]);
});

test("no back-office page scrolls sideways on a 320 px phone", async ({ page, signedInAs }) => {
  test.setTimeout(120_000);
  await page.route("**/events", (route) => route.abort());
  const [client] = await queryE2eDatabase<{ id: number }>("select id from clients where email <> '' order by length(email) desc limit 1");
  const [lease] = await queryE2eDatabase<{ id: number }>("select id from leases order by id limit 1");
  await signedInAs("manager");
  await expectNoSidewaysScroll(page, [
    "/admin",
    "/admin/settings",
    "/admin/offers",
    "/admin/offers/edit/1",
    "/admin/tasks",
    "/admin/finance",
    "/admin/inquiries",
    `/admin/clients/${client!.id}`,
    "/admin/owners/1",
    "/admin/properties/1",
    "/admin/rent",
    `/admin/rent/leases/${lease!.id}`,
    "/admin/maintenance",
    "/admin/statements",
    "/admin/reports",
  ]);
});

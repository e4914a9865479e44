// Runs with the specs that change offers (project offers-changing): it publishes one, which the other specs' lists would count.
import type { Page } from "@playwright/test";
import { queryE2eDatabase } from "./db.ts";
import { expect, test, unique } from "./fixtures.ts";
import { axeBuilder } from "./axe.ts";

/** No serious or critical axe violation on the page as it stands (or in the part `include` selects). */
async function expectAccessible(page: Page, include?: string) {
  const builder = axeBuilder(page);
  const results = await (include ? builder.include(include) : builder).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Screenshots of the page at the phone's and the desktop's sizes, for a person to look at (test-results/). */
async function screenshots(page: Page, name: string) {
  for (const [width, height] of [
    [390, 844],
    [1366, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}x${height}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("staff enter a client's requirement; a matching offer is published; the client appears in «عملاء مهتمون» and on the offer's page", async ({ page, signedInAs }) => {
  test.setTimeout(90_000);
  const { member } = await signedInAs("staff");
  const clientName = `عميل يبحث ${unique()}`;
  const phone = `+96655${unique()}`;
  const [client] = await queryE2eDatabase<{ id: number }>("insert into clients (name, owner_id) values ($1, $2) returning id", [clientName, member.id]);
  await queryE2eDatabase("insert into client_phones (phone, client_id) values ($1, $2)", [phone, client!.id]);
  const offerTitle = `فيلا مطابقة ${unique()}`;
  let offerId: number | undefined;
  try {
    await page.goto(`/admin/clients/${client!.id}/requirements`);
    await expect(page.getByRole("heading", { level: 1, name: "ما يبحث عنه العميل" })).toBeVisible();
    await expect(page.getByText("لا توجد طلبات لهذا العميل بعد.")).toBeVisible();
    const form = page.locator("#requirement-new");
    await form.getByRole("radio", { name: "شراء" }).check();
    await form.getByRole("checkbox", { name: "فيلا", exact: true }).check();
    await form.getByRole("checkbox", { name: "الرياض", exact: true }).check();
    // Once a city is ticked, only its neighbourhoods are offered.
    await expect(form.getByText("أحياء جدة")).toBeHidden();
    await form.getByText("أحياء الرياض").click();
    await form.getByRole("checkbox", { name: "الملقا", exact: true }).check();
    // Typed as people type: Arabic-Indic digits with spaces, Latin with commas.
    await form.getByLabel("الميزانية من (ر.س.، اختياري)").fill("١ ٥٠٠ ٠٠٠");
    await form.getByLabel("الميزانية إلى (ر.س.، اختياري)").fill("1,200,000");
    await form.getByLabel("أقل عدد للغرف (اختياري)").fill("٤");
    await form.getByRole("button", { name: "إضافة الطلب" }).click();
    // A maximum below the minimum: said under the field, nothing lost.
    await expect(form.getByText("الحد الأعلى للميزانية أقل من الحد الأدنى")).toBeVisible();
    await expect(form.getByLabel("أقل عدد للغرف (اختياري)")).toHaveValue("٤");
    await expect(form.getByRole("checkbox", { name: "الملقا", exact: true })).toBeChecked();
    await form.getByLabel("الميزانية من (ر.س.، اختياري)").fill("٨٠٠ ٠٠٠");
    await form.getByRole("button", { name: "إضافة الطلب" }).click();
    await expect(page.getByText("تمت إضافة الطلب")).toBeVisible();
    const card = page.getByTestId("requirement-card");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("الرياض (الملقا)");
    // Prices as the site writes them (formatPriceArabic's marks around each).
    await expect(card).toContainText(/الميزانية:من \u200F٨٠٠٬٠٠٠\u00A0ر\.س\.\u200F إلى \u200F١٬٢٠٠٬٠٠٠\u00A0ر\.س\./);
    await expect(card).toContainText("٤ غرف على الأقل");
    await expectAccessible(page);
    await screenshots(page, "requirements");

    // An offer that matches it is published (the offers trigger queues the job; the scheduler records the match).
    const [offer] = await queryE2eDatabase<{ id: number }>(
      `insert into offers (title, description, price, property_type, status, city, location, area, bedrooms, bathrooms, details,
                           ad_licence_number, ad_licence_issued_on, ad_licence_expires_on, ad_licence_ends_at, advertiser_capacity)
       select $1, 'فيلا واسعة', 1100000, 'فيلا', 'للبيع', 'الرياض', 'الملقا', 420, 5, 4, details,
              ad_licence_number, ad_licence_issued_on, ad_licence_expires_on, ad_licence_ends_at, advertiser_capacity
       from offers where ad_licence_number <> '' and ad_licence_ends_at > now() + interval '30 days' order by id limit 1
       returning id`,
      [offerTitle],
    );
    offerId = offer!.id;

    await expect(async () => {
      await page.goto("/admin/matches");
      await expect(page.getByTestId("match-card").filter({ hasText: clientName })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    const match = page.getByTestId("match-card").filter({ hasText: clientName });
    await expect(match).toContainText(offerTitle);
    await expect(match).toContainText("عرض جديد على الموقع يطابق طلبه");
    await expect(match.getByRole("link", { name: `واتساب إلى ${clientName}` })).toHaveAttribute("href", new RegExp(`^https://wa\\.me/${phone.slice(1)}\\?text=`));
    await expect(match.getByRole("link", { name: /^اتصال/ })).toHaveAttribute("href", `tel:${phone}`);
    // The menu counts it.
    await expect(
      page
        .getByRole("navigation", { name: "لوحة التحكم" })
        .first()
        .getByRole("link", { name: /عملاء مهتمون/ }),
    ).toContainText("١");
    await expectAccessible(page);
    await screenshots(page, "matches");

    // On the offer's own back-office page too.
    await page.goto(`/admin/offers/edit/${offerId}`);
    const section = page.getByRole("region", { name: "عملاء مهتمون بهذا العرض" });
    await expect(section.getByTestId("match-card").filter({ hasText: clientName })).toContainText("بانتظار التواصل");
    await expectAccessible(page, 'section[aria-labelledby="offer-matches-title"]');

    // «تم التواصل» takes it off the list.
    await page.goto("/admin/matches");
    await page
      .getByTestId("match-card")
      .filter({ hasText: clientName })
      .getByRole("button", { name: `تم التواصل مع ${clientName}` })
      .click();
    await expect(page.getByText("تم تسجيل التواصل مع العميل")).toBeVisible();
    await expect(page.getByTestId("match-card").filter({ hasText: clientName })).toHaveCount(0);
    await page.goto(`/admin/offers/edit/${offerId}`);
    await expect(page.getByRole("region", { name: "عملاء مهتمون بهذا العرض" }).getByTestId("match-card").filter({ hasText: clientName })).toContainText("تم التواصل في");
  } finally {
    await queryE2eDatabase("delete from clients where id = $1", [client!.id]);
    if (offerId) await queryE2eDatabase("delete from offers where id = $1", [offerId]);
  }
});

test("an employee cannot open another employee's client's requirements", async ({ page, signedInAs, staffMember }) => {
  const owner = await staffMember("staff");
  const [client] = await queryE2eDatabase<{ id: number }>("insert into clients (name, owner_id) values ($1, $2) returning id", [`عميل ${unique()}`, owner.id]);
  try {
    await signedInAs("staff");
    await page.goto(`/admin/clients/${client!.id}/requirements`);
    await expect(page).toHaveURL(/\/admin\/matches$/);
    await expect(page.getByText("هذا العميل ليس من عملائك، فلا يمكنك فتح طلباته")).toBeVisible();
  } finally {
    await queryE2eDatabase("delete from clients where id = $1", [client!.id]);
  }
});

import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { queryE2eDatabase } from "./db.ts";
import { expect, test, unique } from "./fixtures.ts";

// The back office of ad licences (issue 16, decision 017). These tests turn the settings' rule on
// for a moment: they run in a project of their own after every other spec (playwright.config.ts),
// one at a time, so no other spec saves an unlicensed offer while the rule is on.
test.describe.configure({ mode: "serial" });

const DAY_MS = 24 * 60 * 60 * 1000;
/** A Riyadh calendar day `days` from today, as a date input takes it. */
const riyadhDay = (days: number) => new Date(Date.now() + 3 * 3600_000 + days * DAY_MS).toISOString().slice(0, 10);

/**
 * With SHOTS_DIR set, the element at phone (390 px) and desktop widths, to look at: cut from a
 * full-page screenshot, so the sticky header and save bar stay where the page puts them.
 */
async function shots(page: Page, element: Locator, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const size = page.viewportSize()!;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    const box = (await element.boundingBox())!;
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true, clip: { x: 0, y: Math.max(0, box.y - 16), width, height: box.height + 32 } });
  }
  await page.setViewportSize(size);
}

async function addPhoto(page: Page) {
  const buffer = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#9ab" } })
    .jpeg({ quality: 85 })
    .toBuffer();
  await page.getByLabel("إضافة صور").setInputFiles([{ name: "front.jpg", mimeType: "image/jpeg", buffer }]);
  await expect(page.locator("[data-testid=offer-photo] progress")).toHaveCount(0, { timeout: 20_000 });
}

async function fillBasics(page: Page, title: string) {
  await page.getByLabel("عنوان العقار").fill(title);
  await page.getByLabel("السعر (ريال)").fill("45000");
  await page.getByLabel("المساحة (م²)").fill("160");
  await page.getByLabel("الوصف").fill("شقة مؤثثة قريبة من المترو");
}

/** Turns «اشتراط ترخيص الإعلان للنشر» on or off through the settings page, as the manager would. */
async function setLicenceRule(page: Page, on: boolean) {
  await page.goto("/admin/settings");
  const section = page.getByRole("region", { name: "ترخيص الإعلانات" });
  await section.getByLabel("اشتراط ترخيص الإعلان للنشر").setChecked(on);
  await section.getByRole("button", { name: "حفظ إعدادات الترخيص" }).click();
  await expect(page.getByRole("status")).toHaveText("تم حفظ إعدادات ترخيص الإعلانات");
}

/** Whatever happened, the rule is off again (demo mode's state), and every cached copy is dropped. */
async function restoreLicenceRuleOff() {
  await queryE2eDatabase("update settings set require_ad_licence = false where id = 1");
  // What announceCacheChange(tx, "settings") sends (app/modules/live-updates/event-hub.server.ts).
  await queryE2eDatabase("select pg_notify('cache_changed', 'settings')");
}

test("the licence section: typed checks in Arabic, saved, loaded back on the edit form, and the list's badge", async ({ page, signedInAs }) => {
  test.setTimeout(90_000);
  await signedInAs("manager");
  const title = `شقة ترخيص ${unique()}`;
  await page.goto("/admin/offers/new");
  await fillBasics(page, title);
  await addPhoto(page);

  const section = page.getByRole("region", { name: "بيانات ترخيص الإعلان" });
  await expect(section.getByLabel("صفة المعلن")).toHaveValue("broker"); // the firm advertises as a broker

  // Rent: the period appears beside the status and is required.
  await expect(page.getByLabel("فترة الإيجار")).toHaveCount(0);
  await page.getByLabel("حالة العرض").selectOption("للإيجار");
  await page.getByLabel("فترة الإيجار").selectOption("شهري");

  // What is typed wrong is said under its field, in Arabic, as soon as the field is left.
  const number = section.getByLabel("رقم ترخيص الإعلان");
  await number.fill("72-00أ");
  await number.blur();
  await expect(number).toHaveAccessibleDescription("رقم ترخيص الإعلان أرقام فقط، مثل ٧٢٠٠١٢٣٤٥٦");
  await number.fill("٧٢٠٠١٢٣٤٥٦");
  await expect(number).not.toHaveAttribute("aria-invalid", "true");
  await section.getByLabel("تاريخ إصدار الترخيص").fill(riyadhDay(-30));
  const expiry = section.getByLabel("تاريخ انتهاء الترخيص");
  await expiry.fill(riyadhDay(-31));
  await expiry.blur();
  await expect(expiry).toHaveAccessibleDescription("تاريخ انتهاء الترخيص يجب أن يكون بعد تاريخ إصداره");
  await expiry.fill(riyadhDay(300));
  await expect(expiry).not.toHaveAttribute("aria-invalid", "true");
  await section.getByLabel("صفة المعلن").selectOption("مالك");
  await section.getByLabel("رقم الصك (اختياري)").fill("310123456789");
  const address = section.getByLabel("العنوان الوطني المختصر (اختياري)");
  await address.fill("RRR29");
  await address.blur();
  await expect(address).toHaveAccessibleDescription(/العنوان الوطني المختصر ٤ أحرف إنجليزية ثم ٤ أرقام/);
  await address.fill("rrrd2929");

  // A yes asks for its details; a no shows no box.
  const mortgage = section.getByRole("group", { name: "هل العقار مرهون أو عليه قيد يمنع التصرف فيه؟" });
  await expect(section.getByLabel("تفاصيل الرهن أو القيد")).toBeHidden();
  await mortgage.getByLabel("نعم").check();
  await section.getByLabel("الضمانات").fill("ضمان هيكلي عشر سنوات");
  await section.getByLabel("مطابقة كود البناء السعودي").selectOption("yes");
  await page.getByRole("button", { name: "إضافة العرض" }).click();
  await expect(section.getByLabel("تفاصيل الرهن أو القيد")).toHaveAccessibleDescription("يرجى كتابة التفاصيل عند اختيار «نعم»");
  await section.getByLabel("تفاصيل الرهن أو القيد").fill("مرهون لدى بنك محلي حتى ٢٠٢٨");
  await shots(page, section, "licence-section");

  await page.getByRole("button", { name: "إضافة العرض" }).click();
  await expect(page).toHaveURL(/\/admin\/offers$/);
  await expect(page.getByRole("status")).toHaveText("تمت إضافة العقار بنجاح!");

  const [saved] = await queryE2eDatabase<{ id: number; ad_licence_number: string; national_address: string; rent_period: string; advertiser_capacity: string }>(
    "select id, ad_licence_number, national_address, rent_period, advertiser_capacity from offers where title = $1",
    [title],
  );
  expect(saved).toMatchObject({ ad_licence_number: "7200123456", national_address: "RRRD2929", rent_period: "monthly", advertiser_capacity: "owner" });

  // The list: the offer's licence is valid.
  const row = page.getByTestId("admin-offer-row").filter({ hasText: title });
  await expect(row.getByTestId("licence-badge")).toHaveText("ترخيص ساري");

  // The edit form starts from what was saved.
  await page.goto(`/admin/offers/edit/${saved!.id}`);
  const edit = page.getByRole("region", { name: "بيانات ترخيص الإعلان" });
  await expect(edit.getByLabel("رقم ترخيص الإعلان")).toHaveValue("7200123456");
  await expect(edit.getByLabel("تاريخ انتهاء الترخيص")).toHaveValue(riyadhDay(300));
  await expect(edit.getByLabel("صفة المعلن")).toHaveValue("owner");
  await expect(edit.getByLabel("العنوان الوطني المختصر (اختياري)")).toHaveValue("RRRD2929");
  await expect(edit.getByRole("group", { name: "هل العقار مرهون أو عليه قيد يمنع التصرف فيه؟" }).getByLabel("نعم")).toBeChecked();
  await expect(edit.getByLabel("تفاصيل الرهن أو القيد")).toHaveValue("مرهون لدى بنك محلي حتى ٢٠٢٨");
  await expect(edit.getByRole("group", { name: "هل توجد نزاعات قائمة على العقار؟" }).getByLabel("لا")).toBeChecked();
  await expect(page.getByLabel("فترة الإيجار")).toHaveValue("monthly");
  await queryE2eDatabase("delete from offers where id = $1", [saved!.id]);
});

test("with «اشتراط ترخيص الإعلان للنشر» on, a for-sale offer without a licence is refused on the licence number and nothing is saved", async ({ page, signedInAs }) => {
  test.setTimeout(90_000);
  await signedInAs("manager");
  const title = `فيلا بلا ترخيص ${unique()}`;
  try {
    await setLicenceRule(page, true);
    await page.goto("/admin/offers/new");
    const section = page.getByRole("region", { name: "بيانات ترخيص الإعلان" });
    await expect(section).toContainText("ترخيص إعلان ساري من الهيئة العامة للعقار شرط لنشر أي عرض للبيع أو للإيجار.");
    await fillBasics(page, title);
    await addPhoto(page);
    await page.getByRole("button", { name: "إضافة العرض" }).click();
    const number = section.getByLabel("رقم ترخيص الإعلان");
    await expect(number).toHaveAccessibleDescription(/^لا يمكن نشر عرض للبيع أو للإيجار دون ترخيص إعلان ساري/);
    await expect(number).toBeFocused();
    await expect(page.getByRole("alert").filter({ hasText: "يرجى تصحيح الحقول المشار إليها ثم الحفظ مرة أخرى." })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/offers\/new$/);
    expect(await queryE2eDatabase("select id from offers where title = $1", [title])).toEqual([]);
    await shots(page, section, "licence-refused");

    // A status that advertises nothing saves without a licence.
    await page.getByLabel("حالة العرض").selectOption("مباع");
    await page.getByRole("button", { name: "إضافة العرض" }).click();
    await expect(page.getByRole("status")).toHaveText("تمت إضافة العقار بنجاح!");
    const row = page.getByTestId("admin-offer-row").filter({ hasText: title });
    await expect(row.getByTestId("licence-badge")).toHaveText("بلا ترخيص");
  } finally {
    await restoreLicenceRuleOff();
    await queryE2eDatabase("delete from offers where title = $1", [title]);
  }
});

test("the list's badges and the manager's dashboard: expired, expiring and missing licences of advertised offers, each leading to its form", async ({ page, signedInAs }) => {
  await signedInAs("manager");
  const n = unique();
  const insert = (title: string, status: string, expiresInDays: number | null) =>
    queryE2eDatabase<{ id: number }>(
      `insert into offers (title, description, price, property_type, status, city, location, details,
                           ad_licence_number, ad_licence_issued_on, ad_licence_expires_on, ad_licence_ends_at, advertiser_capacity)
       select $1, 'وصف', 500000, 'شقة', $2, 'الرياض', 'الملقا', '{}'::jsonb,
              case when $3::int is null then '' else '7200777000' end, d - 300, d, (d + 1)::timestamp at time zone 'Asia/Riyadh', 'broker'
       from (select case when $3::int is null then null else (now() at time zone 'Asia/Riyadh')::date + $3::int end as d) as expiry
       returning id`,
      [title, status, expiresInDays],
    );
  const [expired] = await insert(`عرض منتهي الترخيص ${n}`, "للبيع", -2);
  const [expiring] = await insert(`عرض ينتهي ترخيصه ${n}`, "للإيجار", 5);
  const [missing] = await insert(`عرض بلا ترخيص ${n}`, "للبيع", null);
  const [sold] = await insert(`عرض مباع منتهي الترخيص ${n}`, "مباع", -2);
  const ids = [expired!.id, expiring!.id, missing!.id, sold!.id];
  try {
    await page.goto("/admin/offers");
    const badge = (id: number) =>
      page
        .getByTestId("admin-offer-row")
        .filter({ has: page.locator(`a[href="/admin/offers/edit/${id}"]`) })
        .getByTestId("licence-badge");
    await expect(badge(expired!.id)).toHaveText("ترخيص منتهٍ");
    await expect(badge(expiring!.id)).toHaveText("ترخيص ينتهي قريبًا");
    await expect(badge(missing!.id)).toHaveText("بلا ترخيص");
    await expect(badge(missing!.id)).toHaveAttribute("data-state", "missing");

    await page.goto("/admin");
    const licences = page.getByRole("region", { name: "تراخيص الإعلانات" });
    const list = licences.getByTestId("licence-attention");
    for (const [id, state] of [
      [expired!.id, "ترخيص منتهٍ"],
      [expiring!.id, "ترخيص ينتهي قريبًا"],
      [missing!.id, "بلا ترخيص"],
    ] as const) {
      const item = list.getByRole("listitem").filter({ has: page.locator(`a[href="/admin/offers/edit/${id}"]`) });
      await expect(item).toHaveCount(1);
      await expect(item.getByTestId("licence-badge")).toHaveText(state);
    }
    await expect(list.locator(`a[href="/admin/offers/edit/${sold!.id}"]`)).toHaveCount(0);
    await shots(page, licences, "dashboard-licences");
    await list.getByRole("link", { name: `عرض ينتهي ترخيصه ${n}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/offers/edit/${expiring!.id}$`));
    await expect(page.getByLabel("رقم ترخيص الإعلان")).toHaveValue("7200777000");
  } finally {
    await queryE2eDatabase("delete from offers where id = any($1)", [ids]);
  }
});

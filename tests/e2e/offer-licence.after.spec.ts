import fs from "node:fs";
import type { Page } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { queryE2eDatabase } from "./db.ts";
import { expect, test, unique } from "./fixtures.ts";
import { noSeriousViolations } from "./axe.ts";

/**
 * The offer page as REGA's rules want it (issue 16): «بيانات الإعلان» with its QR code, the rent
 * period and the price per square metre, the reference and dates, the call button, the floating
 * WhatsApp button's message, and the 410 page of an ended licence. The spec's offers are its own
 * (inserted here, deleted after), added between the demo offers' dates; it runs with the specs
 * that add offers, after the others.
 */

const SHOTS = "/tmp/shots-offerpage";
const PHONE = { width: 390, height: 844 };

const arabicPrice = (n: number) => new Intl.NumberFormat("ar-SA", { style: "currency", currency: "SAR", maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(n);
const arabicDigits = (text: string | number) => String(text).replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));
/** The words a visitor reads: direction marks dropped, any run of spaces one space. */
const words = (text: string | null) =>
  (text ?? "")
    .replace(/[\u200e\u200f\u061c]/g, "")
    .replace(/\s+/g, " ")
    .trim();

interface Licence {
  number: string;
  deed: string;
  nationalAddress: string;
  plot: string;
}

/**
 * A yearly-rent apartment of 200 m² with a licence and every disclosure, added three days ago (at
 * noon in Riyadh: the page counts Riyadh's calendar days, so "three days and two hours ago" was four
 * of them just after midnight) and updated yesterday.
 */
async function insertRentOffer(title: string, licence: Licence): Promise<number> {
  const [row] = await queryE2eDatabase<{ id: number }>(
    `insert into offers (title, description, price, property_type, status, city, location, area, bedrooms, bathrooms, details, rent_period,
                         ad_licence_number, ad_licence_issued_on, ad_licence_expires_on, ad_licence_ends_at, advertiser_capacity,
                         deed_number, national_address, disclosures, created_at, updated_at)
     values ($1, 'شقة عائلية واسعة قريبة من الخدمات.', 60000, 'شقة', 'للإيجار', 'الرياض', 'الملقا', 200, 3, 2, $2::jsonb, 'yearly',
             $3, '2025-01-31', '2099-12-31', '2100-01-01T00:00:00+03:00', 'broker', $4, $5, $6::jsonb,
             (date_trunc('day', (now() at time zone 'UTC') + interval '3 hours') - interval '3 days' + interval '9 hours') at time zone 'UTC',
             now() - interval '1 day')
     returning id`,
    [
      title,
      JSON.stringify({ plotNumber: licence.plot }),
      licence.number,
      licence.deed,
      licence.nationalAddress,
      JSON.stringify({
        disputes: false,
        disputesDetails: "",
        mortgage: true,
        mortgageDetails: "رهن لصالح بنك الرياض",
        unrecordedRights: false,
        unrecordedRightsDetails: "",
        guarantees: "ضمان الهيكل عشر سنوات",
        buildingCode: "yes",
      }),
    ],
  );
  // The photos of a demo offer, so the page looks as it would.
  await queryE2eDatabase(
    `insert into offer_images (offer_id, image_id, position)
     select $1, image_id, position from offer_images where offer_id = (select offer_id from offer_images group by offer_id order by count(*) desc, offer_id limit 1)`,
    [row!.id],
  );
  return row!.id;
}

async function removeOffers(titleMark: string) {
  await queryE2eDatabase("delete from offers where title like $1", [`%${titleMark}%`]);
}

async function firmSettings() {
  const [settings] = await queryE2eDatabase<{ phone: string; whatsapp: string; fal: string; template: string }>(
    "select company_phone as phone, company_whatsapp as whatsapp, fal_licence as fal, licence_verification_template as template from settings",
  );
  return settings!;
}

/** Reads the QR code shown in an element, as a phone's camera would. */
async function readQr(page: Page, testId: string): Promise<string | undefined> {
  const png = PNG.sync.read(await page.getByTestId(testId).screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

async function screenshots(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/${name}-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("the offer page shows «بيانات الإعلان» with a QR code to the verification link, the rent period, price per m², reference, dates and a call button", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const mark = unique();
  const title = `شقة للإيجار في الملقا ${mark}`;
  const licence = { number: `72${mark}1`, deed: `3101${mark}`, nationalAddress: "RRRD2929", plot: "418" };
  const id = await insertRentOffer(title, licence);
  try {
    const settings = await firmSettings();
    expect(settings.template).toContain("{licence}");
    // The list: the card gives the rent period after the price and the price per square metre.
    await page.goto(`/offers?keyword=${mark}`);
    const card = page.getByTestId("offers-grid").locator("article").filter({ hasText: title });
    await expect(card).toHaveCount(1);
    expect(words(await card.locator(".offer-card-price").textContent())).toBe(words(`${arabicPrice(60_000)} سنويًا`));
    expect(words(await card.locator(".offer-card-per-metre").textContent())).toBe(words(`${arabicPrice(300)} للمتر المربع سنويًا`));
    fs.mkdirSync(SHOTS, { recursive: true });
    await card.screenshot({ path: `${SHOTS}/card-desktop.png` });

    const response = await page.goto(`/offer/${id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    expect(words(await page.getByTestId("offer-price").textContent())).toBe(words(`${arabicPrice(60_000)} سنويًا`));
    await expect(page.getByTestId("price-sar")).toHaveText("60,000 SAR");
    expect(words(await page.getByTestId("price-per-metre").textContent())).toBe(words(`${arabicPrice(300)} للمتر المربع سنويًا`));
    const dates = page.getByTestId("offer-dates");
    await expect(dates).toContainText(`رقم العرض: ${arabicDigits(id)}`);
    await expect(dates).toContainText("أضيف قبل ٣ أيام");
    await expect(dates).toContainText("آخر تحديث أمس");

    // Call and WhatsApp, side by side: the firm's phone from the settings; a chat about this offer.
    await expect(page.getByRole("link", { name: "اتصل بنا" })).toHaveAttribute("href", `tel:${settings.phone}`);
    const chat = new URL((await page.getByRole("link", { name: "تواصل عبر واتساب" }).getAttribute("href"))!);
    expect(chat.pathname).toBe(`/${settings.whatsapp}`);
    expect(chat.searchParams.get("text")).toContain(title);
    // The floating button too names the offer and its link (it may be stepping aside from a form's send button: hidden counts).
    const floating = new URL((await page.getByRole("link", { name: "تواصل معنا عبر واتساب", includeHidden: true }).getAttribute("href"))!);
    expect(floating.searchParams.get("text")).toContain(title);
    expect(floating.searchParams.get("text")).toContain(`${baseURL}/offer/${id}`);

    // «بيانات الإعلان».
    const block = page.getByRole("region", { name: "بيانات الإعلان" });
    const row = (label: string) =>
      block
        .locator("dl > div")
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator("dd");
    await expect(row("رقم ترخيص الإعلان")).toHaveText(arabicDigits(licence.number));
    await expect(row("تاريخ إصدار الترخيص")).toHaveText("٣١ يناير ٢٠٢٥م الموافق ١ شعبان ١٤٤٦ هـ");
    await expect(row("تاريخ انتهاء الترخيص")).toContainText("٣١ ديسمبر ٢٠٩٩م الموافق");
    await expect(row("رقم رخصة فال")).toHaveText(arabicDigits(settings.fal));
    await expect(row("اسم المعلن")).toHaveText("دار الركائز العقارية");
    await expect(row("صفة المعلن")).toHaveText("وسيط عقاري");
    await expect(row("رقم الصك")).toHaveText(arabicDigits(licence.deed));
    await expect(row("العنوان الوطني")).toHaveText("RRRD2929");
    await expect(row("رقم القطعة")).toHaveText("٤١٨");
    await expect(block.getByRole("listitem")).toHaveText([
      "لا توجد نزاعات قائمة على العقار",
      "يوجد رهن أو قيد على العقار: رهن لصالح بنك الرياض",
      "لا توجد حقوق أو التزامات على العقار غير مذكورة في الصك",
      "العقار مطابق لكود البناء السعودي",
      "الضمانات: ضمان الهيكل عشر سنوات",
    ]);
    // The QR code, read from the screen, holds the verification link; it is also a link to it.
    const verification = settings.template.replaceAll("{licence}", licence.number);
    const qr = block.getByRole("link", { name: `رمز QR للتحقق من ترخيص الإعلان رقم ${arabicDigits(licence.number)}` });
    await expect(qr).toHaveAttribute("href", verification);
    await qr.scrollIntoViewIfNeeded();
    expect(await readQr(page, "ad-licence-qr")).toBe(verification);

    // The listing's JSON-LD: price, currency, area, address and the licence.
    const jsonLd: unknown = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(jsonLd).toMatchObject({
      "@type": "RealEstateListing",
      identifier: { "@type": "PropertyValue", name: "رقم ترخيص الإعلان", value: licence.number },
      offers: {
        price: 60_000,
        priceCurrency: "SAR",
        itemOffered: { floorSize: { value: 200, unitCode: "MTK" }, address: { addressLocality: "الرياض", streetAddress: "الملقا", addressCountry: "SA" } },
      },
    });

    await noSeriousViolations(page);
    await screenshots(page, "offer");

    // What is empty is not shown: without a deed and a national address their lines go; without a licence, the block.
    // Written straight to the database: the page cache is dropped when the server hears the
    // database's change notice (a trigger's NOTIFY), a moment after the commit, so the page is reloaded until then.
    const reloadUntil = (check: () => Promise<void>) =>
      expect(async () => {
        await page.reload();
        await check();
      }).toPass({ timeout: 10_000 });
    await queryE2eDatabase("update offers set deed_number = '', national_address = '' where id = $1", [id]);
    await reloadUntil(() => expect(block.getByText("رقم الصك")).toHaveCount(0, { timeout: 1_000 }));
    await expect(block.getByText("رقم ترخيص الإعلان")).toBeVisible();
    await expect(block.getByText("العنوان الوطني")).toHaveCount(0);
    await queryE2eDatabase("update offers set ad_licence_number = '', ad_licence_ends_at = null, ad_licence_expires_on = null where id = $1", [id]);
    await reloadUntil(() => expect(page.getByRole("region", { name: "بيانات الإعلان" })).toHaveCount(0, { timeout: 1_000 }));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  } finally {
    await removeOffers(mark);
  }
});

test("an offer whose ad licence has ended answers 410 with a link to similar offers", async ({ page }) => {
  const mark = unique();
  const title = `فيلا انتهى ترخيصها ${mark}`;
  const [row] = await queryE2eDatabase<{ id: number }>(
    `insert into offers (title, description, price, property_type, status, city, location, area, details,
                         ad_licence_number, ad_licence_issued_on, ad_licence_expires_on, ad_licence_ends_at, advertiser_capacity, created_at)
     values ($1, 'وصف', 2500000, 'فيلا', 'للبيع', 'جدة', 'الروضة', 400, '{}'::jsonb,
             $2, '2025-01-01', '2025-12-31', now() - interval '1 minute', 'owner', now() - interval '5 days')
     returning id`,
    [title, `73${mark}`],
  );
  try {
    const response = await page.goto(`/offer/${row!.id}`);
    expect(response?.status()).toBe(410);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("انتهت صلاحية ترخيص هذا الإعلان");
    await expect(page.getByText(title)).toBeVisible();
    await expect(page).toHaveTitle("انتهت صلاحية ترخيص هذا الإعلان");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    const similar = page.getByRole("link", { name: "عروض مشابهة في جدة" });
    const href = new URL((await similar.getAttribute("href"))!, "http://x");
    expect(href.pathname).toBe("/offers");
    expect(Object.fromEntries(href.searchParams)).toEqual({ city: "جدة", propertyType: "فيلا" });
    await noSeriousViolations(page);
    await screenshots(page, "licence-ended");

    await similar.click();
    await expect(page).toHaveURL(/\/offers\?/);
    await expect(page.getByRole("heading", { level: 1, name: "العروض العقارية" })).toBeVisible();
    // The ended offer is in no list.
    await expect(page.getByText(title)).toHaveCount(0);
    // An id that never was keeps the 404 page.
    expect((await page.goto("/offer/999999999"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("الصفحة غير موجودة");
  } finally {
    await removeOffers(mark);
  }
});

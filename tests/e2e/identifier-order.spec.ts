import type { Locator, Page } from "@playwright/test";
import { queryE2eDatabase } from "./db.ts";
import { expect, test, unique } from "./fixtures.ts";

/**
 * Identifiers read in their true order (issue 28, decision 026). Arabic-Indic digits are Arabic
 * numbers to the bidi algorithm: with a space between two groups, «٠١١ ٢٣٤ ٥٦٧٨» in a `dir="ltr"`
 * span is drawn «٥٦٧٨ ٢٣٤ ٠١١». The DOM text is right either way, so these tests read where each
 * digit is drawn (its x position, Range.getBoundingClientRect) and compare the order on screen with
 * the number typed. The demo's all-zero numbers would hide a reversal: the numbers here are real.
 */

const arabicIndic = (text: string) => text.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

/** The digits and "+" of an element's text, in the order they are drawn from left to right. */
async function drawnOrder(element: Locator): Promise<string> {
  return element.evaluate((root) => {
    const drawn: Array<{ char: string; x: number }> = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (let i = 0; i < text.length; i++) {
        if (!/[0-9٠-٩+]/.test(text[i]!)) continue;
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getBoundingClientRect();
        drawn.push({ char: text[i]!, x: box.left + box.width / 2 });
      }
    }
    return drawn
      .sort((a, b) => a.x - b.x)
      .map((d) => d.char)
      .join("");
  });
}

/** Checks a shown identifier: its digits drawn left to right are the number's, in Arabic-Indic digits. */
async function expectDrawnInOrder(element: Locator, digits: string) {
  await expect(element).toBeVisible();
  expect(await drawnOrder(element)).toBe(arabicIndic(digits));
}

async function saveFirmDetails(page: Page, fields: Record<string, string>) {
  await page.goto("/admin/settings");
  const firm = page.getByRole("region", { name: "بيانات المنشأة" });
  for (const [label, value] of Object.entries(fields)) await firm.getByLabel(label, { exact: true }).fill(value);
  await firm.getByRole("button", { name: "حفظ بيانات المنشأة" }).click();
  await expect(page.getByRole("status")).toHaveText("تم حفظ بيانات المنشأة، وتظهر الآن في الموقع");
}

const DEMO_FIRM = {
  "رقم الهاتف": "011 000 0000",
  "رقم واتساب المنشأة": "0500000000",
  "رقم السجل التجاري": "1010000000",
  "رقم رخصة فال للوساطة العقارية (الهيئة العامة للعقار)": "1200000000",
};

test("the firm's phone, WhatsApp and licence numbers typed in the settings read in order on the contact page and in the footer", async ({ page, signedInAs }) => {
  test.setTimeout(60_000); // three saves of the settings and two pages read (30 s ran out once on a loaded machine)
  await signedInAs("manager");
  // A real landline, typed with its groups: «٠١١ ٢٣٤ ٥٦٧٨» was drawn «٥٦٧٨ ٢٣٤ ٠١١».
  const landline = `011${unique(7).replace(/^0/, "4")}`;
  const grouped = `${landline.slice(0, 3)} ${landline.slice(3, 6)} ${landline.slice(6)}`;
  try {
    await saveFirmDetails(page, {
      "رقم الهاتف": grouped,
      "رقم واتساب المنشأة": "+966 50 123 4567",
      "رقم السجل التجاري": "1010123456",
      "رقم رخصة فال للوساطة العقارية (الهيئة العامة للعقار)": "1200012345",
    });
    const [stored] = await queryE2eDatabase<{ company_phone: string; company_whatsapp: string }>("select company_phone, company_whatsapp from settings");
    expect(stored).toEqual({ company_phone: `+966${landline.slice(1)}`, company_whatsapp: "966501234567" });
    await page.goto("/contact");
    const details = page.getByRole("region", { name: "بيانات التواصل" });
    const phone = details.getByRole("link", { name: arabicIndic(grouped) });
    await expect(phone).toHaveAttribute("href", `tel:+966${landline.slice(1)}`);
    await expectDrawnInOrder(phone, landline);
    await expectDrawnInOrder(details.getByRole("link", { name: arabicIndic("050 123 4567") }), "0501234567");
    await expectDrawnInOrder(details.locator("dd").filter({ hasText: arabicIndic("1010123456") }), "1010123456");
    await expectDrawnInOrder(page.getByRole("contentinfo").getByRole("link", { name: arabicIndic(grouped) }), landline);

    // A foreign number is shown with its code, the + on the left; the form gives it back as it reads.
    await saveFirmDetails(page, { "رقم واتساب المنشأة": "+971 50 123 4567" });
    await expect(page.getByRole("region", { name: "بيانات المنشأة" }).getByLabel("رقم واتساب المنشأة")).toHaveValue("+971 50 123 4567");
    await page.goto("/contact");
    await expectDrawnInOrder(page.getByRole("region", { name: "بيانات التواصل" }).getByRole("link", { name: arabicIndic("+971 50 123 4567") }), "+971501234567");
  } finally {
    await saveFirmDetails(page, DEMO_FIRM);
  }
});

test("an offer's licence block and the supervisor's phone read in order on the offer page", async ({ page }) => {
  const deed = `3${unique(11)}`;
  const [offer] = await queryE2eDatabase<{ id: number }>(
    `insert into offers (title, property_type, status, city, location, price, area, details,
                         ad_licence_number, ad_licence_issued_on, ad_licence_expires_on, ad_licence_ends_at, deed_number, national_address)
     values ('شقة لاختبار ترتيب الأرقام', 'شقة', 'للبيع', 'الرياض', 'الملقا', 900000, 150, $1::jsonb,
             '7100123456', current_date - 10, current_date + 300, now() + interval '300 days', $2, 'RRRD2929')
     returning id`,
    [JSON.stringify({ supervisorName: "سالم", supervisorPhone: "0501234567" }), deed],
  );
  try {
    await page.goto(`/offer/${offer!.id}`);
    const licence = page.getByTestId("ad-licence");
    const row = (label: string) =>
      licence
        .locator("dl > div")
        .filter({ has: page.locator("dt", { hasText: label }) })
        .locator("dd [data-identifier]");
    await expectDrawnInOrder(row("رقم ترخيص الإعلان"), "7100123456");
    await expectDrawnInOrder(row("رقم الصك"), deed);
    await expect(row("العنوان الوطني")).toHaveText("RRRD2929");
    const supervisor = page
      .locator("dl div")
      .filter({ has: page.locator("dt", { hasText: "جوال المشرف" }) })
      .locator("[data-identifier]");
    await expect(supervisor).toHaveText(arabicIndic("050 123 4567"));
    await expectDrawnInOrder(supervisor, "0501234567");
    await expectDrawnInOrder(page.getByTestId("offer-dates").locator("[data-identifier]"), String(offer!.id));
  } finally {
    await queryE2eDatabase("delete from offers where id = $1", [offer!.id]);
  }
});

test("a phone typed in an inquiry is refused when it is not one, stored in E.164, and reads in order in the inbox", async ({ page, signedInAs, browser }) => {
  const name = `مرتب ${unique(5).replace(/\d/g, (d) => "ابتثجحخدذر"[Number(d)]!)}`;
  const mobile = `055${unique(7)}`;
  await page.goto("/contact");
  await page.getByLabel("الاسم").fill(name);
  const phoneField = page.getByLabel("رقم الهاتف (مطلوب)");
  await phoneField.fill("12345");
  await page.getByRole("button", { name: "إرسال", exact: true }).click();
  await expect(phoneField).toHaveAccessibleDescription(/رقم الهاتف غير صحيح/);
  expect(await queryE2eDatabase("select 1 from inquiries where name = $1", [name])).toEqual([]);

  // Typed with Arabic-Indic digits and its country code, as a phone's keyboard gives it.
  await phoneField.fill(arabicIndic(`+966 ${mobile.slice(1, 3)} ${mobile.slice(3, 6)} ${mobile.slice(6)}`));
  await page.getByRole("button", { name: "إرسال", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "تم الإرسال بنجاح" })).toBeVisible();
  const stored = await queryE2eDatabase<{ phone: string }>("select phone from inquiries where name = $1", [name]);
  expect(stored).toEqual([{ phone: `+966${mobile.slice(1)}` }]);

  const context = await browser.newContext();
  try {
    await signedInAs("staff", context);
    const admin = await context.newPage();
    await admin.goto("/admin/inquiries?status=pending");
    const card = admin.getByTestId("inquiry-card").filter({ hasText: name });
    const link = card.getByRole("link", { name: arabicIndic(`${mobile.slice(0, 3)} ${mobile.slice(3, 6)} ${mobile.slice(6)}`) });
    await expect(link).toHaveAttribute("href", `tel:+966${mobile.slice(1)}`);
    await expectDrawnInOrder(link, mobile);
  } finally {
    await context.close();
    await queryE2eDatabase("delete from inquiries where name = $1", [name]);
  }
});

test("the staff list shows each phone in order", async ({ page, signedInAs, staffMember }) => {
  const member = await staffMember("staff");
  await signedInAs("manager");
  await page.goto("/admin/settings/staff");
  const row = page.getByRole("row").filter({ hasText: member.username });
  await expectDrawnInOrder(row.locator("[data-identifier]"), member.localPhone);
});

test("an identifier stays on one line at every phone width: a lease's tenant phone is never split between two lines", async ({ page, signedInAs }) => {
  const [lease] = await queryE2eDatabase<{ id: number }>("select l.id from leases l join tenants t on t.id = l.tenant_id where t.phone is not null order by l.id limit 1");
  await signedInAs("manager");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/rent/leases/${lease!.id}`);
  const identifiers = page.locator("main [data-identifier]");
  await expect(identifiers.first()).toBeVisible();
  // Widths of phones in use, 2 px apart: the phone falls at a line's end at some of them (at 390 it did).
  for (let width = 320; width <= 430; width += 2) {
    await page.setViewportSize({ width, height: 844 });
    const split = await identifiers.evaluateAll((all) => all.filter((el) => el.getClientRects().length > 1).map((el) => el.textContent));
    expect(split, `at ${width} px`).toEqual([]);
  }
});

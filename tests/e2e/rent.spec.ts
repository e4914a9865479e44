import sharp from "sharp";
import { queryE2eDatabase } from "./db.ts";
import { expect, test, unique } from "./fixtures.ts";
import { lookAt } from "./look.ts";

/** A Riyadh day `days` before today, yyyy-mm-dd. */
const riyadhDaysAgo = (days: number) => new Date(Date.now() + 3 * 3_600_000 - days * 86_400_000).toISOString().slice(0, 10);

/** An owner, a building, a unit, a tenant, a monthly lease of 120,000 SAR a year and its two instalments due 40 and 10 days ago (inserted: their pages are other parts'). */
async function insertDemoLikeLease() {
  const n = unique(8);
  const q = async (text: string, values: unknown[]) => (await queryE2eDatabase<{ id: number }>(text, values))[0]!.id;
  const owner = await q("insert into owners (kind, name, identity_number, iban) values ('person', $1, $2, 'SA0380000000608010167519') returning id", [
    `مالك التحصيل ${n}`,
    `10${n}`,
  ]);
  const property = await q("insert into managed_properties (owner_id, kind, name, city, neighbourhood) values ($1, 'building', $2, 'الرياض', 'الملقا') returning id", [
    owner,
    `عمارة النخيل ${n}`,
  ]);
  const unit = await q("insert into managed_units (property_id, label, type) values ($1, 'شقة ٤', 'شقة') returning id", [property]);
  const tenantName = `فهد المستأجر ${n}`;
  const tenant = await q("insert into tenants (kind, name, identity_number, phone) values ('person', $1, $2, $3) returning id", [tenantName, `20${n}`, `+96655${n.slice(1)}`]);
  const startsOn = riyadhDaysAgo(40);
  const lease = await q(
    "insert into leases (unit_id, tenant_id, ejar_number, starts_on, ends_on, yearly_rent_halalas, schedule) values ($1, $2, $3, $4, ($4::date + 364), 12000000, 'monthly') returning id",
    [unit, tenant, `99${n}`, startsOn],
  );
  await queryE2eDatabase("insert into rent_instalments (lease_id, due_on, amount_halalas) values ($1, $2, 1000000), ($1, $3, 1000000)", [lease, startsOn, riyadhDaysAgo(10)]);
  return { lease, tenantName };
}

test("the accountant records a payment sent twice (one recorded), is refused more than is due, then pays in full with a receipt photo; the marks follow", async ({
  page,
  signedInAs,
  playwright,
}) => {
  test.setTimeout(120_000);
  const { lease, tenantName } = await insertDemoLikeLease();
  await signedInAs("accountant");
  // Every save here is answered in place: no post may leave the page (nor ask «leave this page?»).
  const pagePosts: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.method() === "POST") pagePosts.push(request.url());
  });
  page.on("dialog", (dialog) => {
    pagePosts.push(`dialog: ${dialog.type()}`);
    void dialog.dismiss();
  });
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "لوحة التحكم" }).getByRole("link", { name: "التحصيل" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("التحصيل");
  const rows = page.getByTestId("rent-row").filter({ hasText: tenantName });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("متأخر ٤٠ يومًا");
  await expect(rows.nth(1)).toContainText("متأخر ١٠ أيام");
  await lookAt(page, "rent-board");
  // On a phone: a card an instalment, its mark within the screen's width (the table's was past its edge).
  await page.setViewportSize({ width: 390, height: 844 });
  const cards = page.getByTestId("rent-card").filter({ hasText: tenantName });
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText("متأخر ٤٠ يومًا");
  await expect(rows.first()).toBeHidden();
  const mark = (await cards.first().getByTestId("instalment-mark").boundingBox())!;
  expect(mark.x).toBeGreaterThanOrEqual(0);
  expect(mark.x + mark.width).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });

  await rows.first().getByRole("link", { name: tenantName }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/rent/leases/${lease}$`));
  await expect(page.getByTestId("unpaid")).toContainText("٢٠٬٠٠٠٫٠٠");

  // 15,000 SAR typed in Arabic-Indic digits, the form sent twice at once (a double tap past the disabled button).
  const form = page.getByRole("region", { name: "تسجيل دفعة" });
  await form.getByLabel("المبلغ بالريال").fill("١٥٬٠٠٠");
  await form.getByLabel("طريقة الدفع").selectOption({ label: "نقدًا" });
  await page.locator("#payment-new").evaluate((element) => {
    const f = element as HTMLFormElement;
    f.requestSubmit();
    f.requestSubmit();
  });
  await expect(page.getByText("تم تسجيل الدفعة")).toBeVisible();
  await expect(page.getByTestId("payment-count")).toHaveText("دفعة واحدة");
  await expect
    .poll(async () => (await queryE2eDatabase("select amount_halalas from rent_payments where lease_id = $1", [lease])).map((r) => Number(r.amount_halalas)))
    .toEqual([1_500_000]);
  const instalments = page.getByTestId("instalment-row");
  await expect(instalments.first().getByTestId("instalment-mark")).toHaveText("مسدد");
  await expect(instalments.nth(1)).toContainText("متأخر ١٠ أيام");
  await expect(instalments.nth(1)).toContainText("مسدد جزئيًا");
  // On a phone the ledger's instalments are cards with the same marks (the table is hidden there).
  await page.setViewportSize({ width: 390, height: 844 });
  const instalmentCards = page.getByTestId("instalment-card");
  await expect(instalmentCards.nth(1)).toContainText("متأخر ١٠ أيام");
  await expect(instalmentCards.nth(1)).toContainText("مسدد جزئيًا");
  await expect(instalments.first()).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 900 });

  // More than is unpaid: refused, saying the most; what was typed stays.
  await form.getByLabel("المبلغ بالريال").fill("6000");
  await form.getByRole("button", { name: "تسجيل دفعة" }).click();
  await expect(form.getByLabel("المبلغ بالريال")).toHaveAccessibleDescription(/أكثر ما يمكن تسجيله الآن.*٥٬٠٠٠٫٠٠/);
  await expect(form.getByLabel("المبلغ بالريال")).toHaveValue("6000");
  await lookAt(page, "rent-ledger");

  // Sent with Enter from the field, with a photo of the receipt: the form is cleared with the focus in it (the field replaced).
  const receipt = await sharp({ create: { width: 900, height: 1200, channels: 3, background: "#f4efe6" } })
    .jpeg()
    .toBuffer();
  await form.getByLabel("صورة الإيصال (اختيارية)").setInputFiles({ name: "إيصال.jpg", mimeType: "image/jpeg", buffer: receipt });
  await expect(form.getByText("إيصال.jpg")).toBeVisible();
  await form.getByLabel("المبلغ بالريال").fill("5000");
  await form.getByLabel("المبلغ بالريال").press("Enter");
  await expect(page.getByTestId("payment-count")).toHaveText("دفعتان");
  await expect(form.getByText("لم تُختر صورة")).toBeVisible();
  // The receipt: shown to the accountant with the payment, a private image no visitor can open.
  const thumbnail = page.getByTestId("payment-row").getByRole("button", { name: /^صورة إيصال «دفعة/ });
  await expect(thumbnail).toHaveCount(1);
  const src = await thumbnail.locator("img").getAttribute("src");
  expect(src).toMatch(/^\/private-images\//);
  await expect.poll(() => thumbnail.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const [stored] = await queryE2eDatabase<{ n: number }>(
    "select count(*)::int as n from rent_payments p join images i on i.id = p.receipt_image_id where p.lease_id = $1 and i.private",
    [lease],
  );
  expect(stored!.n).toBe(1);
  const anonymous = await playwright.request.newContext({ baseURL: page.url() });
  expect((await anonymous.get(src!, { maxRedirects: 0 })).status()).not.toBe(200);
  await anonymous.dispose();
  await expect(form.getByLabel("المبلغ بالريال")).toHaveValue("");
  await expect(page.getByTestId("unpaid")).toContainText("٠٫٠٠");
  await expect(instalments.nth(1).getByTestId("instalment-mark")).toHaveText("مسدد");
  await lookAt(page, "rent-ledger-paid");
  expect(pagePosts).toEqual([]);
});

import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { E2E } from "../../playwright.config.ts";
import { queryE2eDatabase, readE2eOutbox } from "./db.ts";
import { expect, latestCode, test, unique, uniquePhone } from "./fixtures.ts";
import { lookAt } from "./look.ts";

/** The demo owner's portal account (demo/owner-portal.server.ts), on the first demo owner. */
const DEMO_OWNER_PHONE = "0500000005";

const day = (offset: number) => new Date(Date.now() + 3 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

/** A statement of an owner with its PDF in the server's file store (DATA_DIR/uploads, as the statements part keeps it): a month the owner has none of yet. */
async function insertStatement(ownerId: number, net: number, carried = 0, years = { from: 2000, count: 20 }) {
  const key = `statements/e2e-${unique(10)}.pdf`;
  fs.mkdirSync(path.join(E2E.dataDir, "uploads", "statements"), { recursive: true });
  fs.writeFileSync(path.join(E2E.dataDir, "uploads", key), `%PDF-1.7 e2e ${ownerId}`);
  // A month taken already (one of this test's own, or another spec's): another one.
  for (;;) {
    const month = `${years.from + crypto.randomInt(years.count)}-${String(1 + crypto.randomInt(12)).padStart(2, "0")}-01`;
    const [row] = await queryE2eDatabase<{ id: number }>(
      `insert into owner_statements (owner_id, month, lines, collected_halalas, expenses_halalas, commission_halalas, carried_halalas, net_halalas, pdf_key, emailed_at)
       values ($1, $2, '[]', greatest($3::bigint - $5::bigint, 0), 0, 0, $5, $3, $4, now()) on conflict do nothing returning id`,
      [ownerId, month, net, key, carried],
    );
    if (row) return row.id;
  }
}

test.describe("the demo owner on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("signs in with the code from the SMS, sees only their own pages, never the back office; another owner's statement is a 404", async ({ page }) => {
    test.setTimeout(180_000);
    const [account] = await queryE2eDatabase<{ owner_id: number }>(
      "select a.owner_id from owner_portal_accounts a join staff_users u on u.id = a.user_id where u.phone = '+966500000005'",
    );
    const ownerId = account!.owner_id;
    const [other] = await queryE2eDatabase<{ id: number }>("select id from owners where id <> $1 order by id limit 1", [ownerId]);
    const [unit] = await queryE2eDatabase<{ id: number; offer_id: number | null; label: string }>(
      "select u.id, u.offer_id, u.label from managed_units u join managed_properties p on p.id = u.property_id where p.owner_id = $1 order by u.offer_id is null, u.id limit 1",
      [ownerId],
    );
    // A lease of the owner's unit ending in 30 days (unless the demo leased it already), an open maintenance request, a statement; the other owner's statement.
    const ejar = `20${unique(9)}`;
    const [tenant] = await queryE2eDatabase<{ id: number }>("insert into tenants (kind, name, identity_number, phone) values ('person', 'مستأجر البوابة', $1, $2) returning id", [
      `10${unique(8)}`,
      `+96655${unique(7)}`,
    ]);
    const leased = await queryE2eDatabase(
      `insert into leases (unit_id, tenant_id, ejar_number, starts_on, ends_on, yearly_rent_halalas, schedule)
       select $1, $2, $3, $4, $5, 4800000, 'monthly'
       where not exists (select 1 from leases where unit_id = $1 and coalesce(terminated_on, ends_on) >= $4::date and starts_on <= $5::date) returning id`,
      [unit!.id, tenant!.id, ejar, day(-335), day(30)],
    );
    const [request] = await queryE2eDatabase<{ id: number }>(
      "insert into maintenance_requests (unit_id, phone, category, urgency, description) values ($1, '+966551234567', 'air-conditioning', 'urgent', 'المكيف لا يبرد في غرفة النوم') returning id",
      [unit!.id],
    );
    const mine = await insertStatement(ownerId, 1_234_550);
    const theirs = await insertStatement(other!.id, 999_900);
    // A month that left the owner owing 800 SAR, carried from the month before it: their newest
    // statement (in the 2090s), so no later one has recovered it yet (nor will: no contract runs so long).
    const owing = await insertStatement(ownerId, -80_000, -80_000, { from: 2090, count: 10 });
    // Two earlier months that left the owner owing: one the owner settled by a transfer, one a later statement recovered.
    const settled = await insertStatement(ownerId, -30_000, 0, { from: 2020, count: 10 });
    await queryE2eDatabase("update owner_statements set paid_out_at = now(), payout_reference = 'IN-1' where id = $1", [settled]);
    const recovered = await insertStatement(ownerId, -20_000, 0, { from: 2020, count: 10 });

    // A retry of this test within 30 s would meet the number's send limit (one code per 30 s): the
    // codes of an earlier try are dropped, as the limit itself is sign-in's tests' to prove.
    await queryE2eDatabase("delete from login_codes where phone = '+966500000005'");
    try {
      // Opened by a visitor: the offer's page view counts for the owner's «الوحدات المسوّقة».
      if (unit!.offer_id) expect((await page.request.get(`/offer/${unit!.offer_id}`)).status()).toBe(200);

      await page.goto("/owner");
      await expect(page).toHaveURL(/\/login$/);
      const started = Date.now() - 1000;
      await page.getByLabel("رقم الهاتف").fill(DEMO_OWNER_PHONE);
      await page.getByRole("button", { name: "إرسال رمز التحقق" }).click();
      await expect(page.getByRole("status")).toHaveText("تم إرسال رمز التحقق بنجاح");
      let code: string | undefined;
      await expect.poll(async () => (code = await latestCode(DEMO_OWNER_PHONE, started))).toMatch(/^\d{6}$/);
      const sms = (await readE2eOutbox("sms")).filter((m) => m.to === "+966500000005").at(-1)!;
      expect(sms.body).toContain("بوابة الملاك");
      await page.getByLabel("رمز التحقق").fill(code!);
      await page.getByRole("button", { name: "تحقق" }).click();

      await expect(page).toHaveURL(/\/owner$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("عقاراتي");
      const nav = page.getByRole("navigation", { name: "بوابة الملاك" });
      await expect(nav.getByRole("link")).toHaveText(["عقاراتي", "كشوف الحساب", "عقود تنتهي قريبًا", "الصيانة الجارية", "الوحدات المسوّقة"]);
      // No back-office sidebar.
      await expect(page.getByRole("navigation", { name: "لوحة التحكم" })).toHaveCount(0);
      await expect(page.getByText("مؤجرة حتى").first()).toBeVisible();
      await lookAt(page, "owner-overview", { width: 390, height: 844 });

      await nav.getByRole("link", { name: "كشوف الحساب" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("كشوف الحساب");
      await expect(page.getByTestId("statement-net").filter({ hasText: "١٢٬٣٤٥٫٥٠" })).toHaveCount(1);
      await expect(page.getByTestId("statement-net").filter({ hasText: "٩٬٩٩٩٫٠٠" })).toHaveCount(0);
      const owed = page.locator("section").filter({ has: page.locator(`#statement-${owing}-title`) });
      await expect(owed.getByTestId("statement-net")).toHaveText(/^\u200f?٨٠٠٫٠٠\sر\.س\.\u200f? مستحقة عليكم$/);
      await expect(owed).toContainText("رصيد مرحّل من الكشف السابق");
      // No contract of theirs runs into the 2090s: no statement will recover it, the owner is asked to pay it.
      await expect(owed).toContainText("يرجى سداده للمنشأة: لا كشف تاليًا يُخصم منه");
      await expect(owed).not.toContainText("لم يُحوَّل المبلغ بعد");
      const card = (id: number) => page.locator("section").filter({ has: page.locator(`#statement-${id}-title`) });
      await expect(card(settled)).toContainText("سدّدتم المبلغ في");
      await expect(card(recovered)).toContainText(/خُصم من كشف \S+ [٠-٩]{4}/);
      await expect(card(recovered)).not.toContainText("يُخصم من كشف حسابكم التالي");
      const download = page.waitForEvent("download");
      await page.locator(`a[href="/owner/statements/${mine}/pdf"]`).click();
      expect((await download).suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}\.pdf$/);
      await lookAt(page, "owner-statements", { width: 390, height: 844 });

      // Another owner's statement, by its address: not found, as if there were none.
      const foreign = await page.request.get(`/owner/statements/${theirs}/pdf`, { maxRedirects: 0 });
      expect(foreign.status()).toBe(404);
      expect((await page.request.get(`/owner/statements/${mine}/pdf`)).headers()["content-type"]).toBe("application/pdf");

      await nav.getByRole("link", { name: "عقود تنتهي قريبًا" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("عقود تنتهي قريبًا");
      if (leased.length) await expect(page.getByText("المستأجر: مستأجر البوابة")).toBeVisible();
      await lookAt(page, "owner-leases", { width: 390, height: 844 });

      await nav.getByRole("link", { name: "الصيانة الجارية" }).click();
      await expect(page.getByText("المكيف لا يبرد في غرفة النوم")).toBeVisible();
      await lookAt(page, "owner-maintenance", { width: 390, height: 844 });

      await nav.getByRole("link", { name: "الوحدات المسوّقة" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("الوحدات المسوّقة");
      if (unit!.offer_id) await expect(page.getByTestId("marketed-unit").first()).not.toContainText("لا توجد مشاهدات");
      await lookAt(page, "owner-marketed", { width: 390, height: 844 });

      // The back office is not theirs: every page sends them home.
      await page.goto("/admin/owners");
      await expect(page).toHaveURL(/\/owner$/);
      await page.goto("/login");
      await expect(page).toHaveURL(/\/owner$/);

      await page.getByRole("button", { name: "تسجيل الخروج" }).click();
      await expect(page).toHaveURL(/\/login$/);
      await page.goto("/owner/statements");
      await expect(page).toHaveURL(/\/login$/);
    } finally {
      await queryE2eDatabase("delete from owner_statements where id = any($1)", [[mine, theirs, owing, settled, recovered]]);
      await queryE2eDatabase("delete from maintenance_requests where id = $1", [request!.id]);
      await queryE2eDatabase("delete from leases where ejar_number = $1", [ejar]);
      await queryE2eDatabase("delete from tenants where id = $1", [tenant!.id]);
    }
  });
});

test("the manager invites an owner to the portal from the owner's page: one of the owner's mobiles, an SMS; then takes it away", async ({ page, signedInAs }) => {
  test.setTimeout(120_000);
  const phone = uniquePhone();
  const stored = `+966${phone.slice(1)}`;
  const [owner] = await queryE2eDatabase<{ id: number }>(
    "insert into owners (kind, name, identity_number, iban) values ('establishment', $1, $2, 'SA0380000000608010167519') returning id",
    [`مؤسسة البوابة ${unique(4)}`, `70${unique(8)}`],
  );
  await queryE2eDatabase("insert into owner_phones (owner_id, phone, position) values ($1, $2, 0), ($1, '+966112345678', 1)", [owner!.id, stored]);
  try {
    await signedInAs("manager");
    await page.goto(`/admin/owners/${owner!.id}`);
    const section = page.getByRole("region", { name: "بوابة المالك" });
    // Only the mobile can carry the code: the landline is not offered.
    await expect(section.getByRole("radio")).toHaveCount(1);
    await section.getByRole("button", { name: "دعوة المالك إلى البوابة" }).click();
    await expect(page.getByText("تمت دعوة المالك إلى البوابة، وأُرسلت إليه رسالة نصية بطريقة الدخول.")).toBeVisible();
    await expect(section.getByText("يدخل المالك إلى البوابة بالجوال")).toBeVisible();
    await expect.poll(async () => (await readE2eOutbox("sms")).some((m) => m.to === stored && m.body.includes("/login"))).toBe(true);
    await section.scrollIntoViewIfNeeded();
    await lookAt(page, "owner-page-portal", { width: 390, height: 844 });
    await section.getByRole("button", { name: "إلغاء دخول المالك إلى البوابة" }).click();
    await expect(page.getByText("أُلغي دخول المالك إلى البوابة.")).toBeVisible();
    await expect(section.getByRole("button", { name: "دعوة المالك إلى البوابة" })).toBeVisible();
  } finally {
    await queryE2eDatabase("delete from staff_users where phone = $1 and role = 'owner'", [stored]);
    await queryE2eDatabase("delete from owners where id = $1", [owner!.id]);
  }
});

import type { Page } from "@playwright/test";
import { queryE2eDatabase } from "./db.ts";
import { arabicName, postsTo, region, runOfficeControls, type OfficeControl } from "./early-input-office.ts";
import { expect, latestCode, unique, uniquePhone } from "./fixtures.ts";
import { uniqueNationalId } from "./look.ts";

/*
 * Decision 025 on the property-management forms (issue 33): the tenant form, the lease form, the
 * tenant's public maintenance report (its code asked for), the owner's invitation to the portal
 * and «إصدار الكشف الآن» — used before the page's JavaScript has started, with the chunks held back
 * and the CPU slowed 4×, let go after the use, as React starts hydrating, or at a seeded random
 * moment. Each gives its result once (one row, one post, one code), keeps what was typed, and
 * shows no dialog of the browser, no page error and no bot-check message.
 */

const eventually = expect.configure({ timeout: 20_000 });

const IBAN = "SA0380000000608010167519";

/** An owner of the test's own (an establishment: its CR needs no check digit), with a mobile. */
async function newOwner(prefix: string) {
  const phone = `+966${uniquePhone().slice(1)}`;
  const [owner] = await queryE2eDatabase<{ id: number }>("insert into owners (kind, name, identity_number, iban) values ('establishment', $1, $2, $3) returning id", [
    arabicName(prefix),
    `70${unique(8)}`,
    IBAN,
  ]);
  await queryE2eDatabase("insert into owner_phones (owner_id, phone, position) values ($1, $2, 0)", [owner!.id, phone]);
  return { id: owner!.id, phone };
}

/** A building of that owner with one unit, managed under a contract from a year back to a year on. */
async function newManagedUnit(ownerId: number) {
  const [property] = await queryE2eDatabase<{ id: number }>(
    "insert into managed_properties (owner_id, kind, name, city, neighbourhood) values ($1, 'building', $2, 'الرياض', 'الملقا') returning id",
    [ownerId, arabicName("عمارة مبكرة")],
  );
  await queryE2eDatabase(
    "insert into management_contracts (property_id, owner_id, starts_on, ends_on, commission_kind, commission_basis_points, services) values ($1, $2, current_date - 365, current_date + 365, 'percent', 750, '{rent-collection}')",
    [property!.id, ownerId],
  );
  const [unit] = await queryE2eDatabase<{ id: number; report_token: string }>(
    "insert into managed_units (property_id, label, type) values ($1, 'شقة 3', 'شقة') returning id, report_token",
    [property!.id],
  );
  return { propertyId: property!.id, unitId: unit!.id, token: unit!.report_token };
}

/** The lease form's tenant: the option naming them. */
async function chooseTenant(page: Page, name: string) {
  const select = page.locator('select[name="tenantId"]');
  const value = await select.locator("option", { hasText: name }).getAttribute("value");
  await select.selectOption(value ?? "");
}

let leaseUnit = 0;
let statementOwner = 0;

const CONTROLS: OfficeControl[] = [
  {
    name: "tenant form: a tenant added",
    role: "staff",
    path: "/admin/tenants/new",
    async use(page) {
      const mine = arabicName("مستأجر مبكر");
      await page.getByLabel("الاسم الكامل").fill(mine);
      await page.getByLabel("رقم الهوية أو الإقامة").fill(uniqueNationalId());
      await page.getByLabel("رقم الجوال").fill(uniquePhone());
      await page.getByRole("button", { name: "إضافة المستأجر" }).click();
      return mine;
    },
    async check(page, early, mine) {
      await eventually(page).toHaveURL(/\/admin\/tenants\/\d+$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(mine);
      await page.waitForTimeout(500);
      expect(await queryE2eDatabase("select id from tenants where name = $1", [mine])).toHaveLength(1);
      expect(postsTo(early, "/admin/tenants/new")).toHaveLength(1);
    },
  },
  {
    name: "lease form: a lease added",
    role: "staff",
    // A unit of its own and a tenant of its own: each moment's lease is the unit's only one.
    path: async () => {
      const owner = await newOwner("مالك العقد المبكر");
      leaseUnit = (await newManagedUnit(owner.id)).unitId;
      const tenant = arabicName("مستأجر العقد المبكر");
      await queryE2eDatabase("insert into tenants (kind, name, identity_number, phone) values ('person', $1, $2, $3)", [
        tenant,
        uniqueNationalId(),
        `+966${uniquePhone().slice(1)}`,
      ]);
      return `/admin/leases/new?unit=${leaseUnit}&q=${encodeURIComponent(tenant)}`;
    },
    async use(page) {
      const ejar = `6${unique(9)}`;
      await chooseTenant(page, "مستأجر العقد المبكر");
      await page.getByLabel("رقم العقد في منصة إيجار").fill(ejar);
      await page.getByLabel("تاريخ البداية").fill("2026-01-01");
      await page.getByLabel("تاريخ النهاية").fill("2026-12-31");
      await page.getByLabel("الإيجار السنوي بالريال").fill("٤٥٬٠٠٠");
      await page.getByRole("button", { name: "إضافة العقد" }).click();
      return ejar;
    },
    async check(page, early, ejar) {
      await eventually(page).toHaveURL(/\/admin\/leases\/\d+$/);
      await page.waitForTimeout(500);
      expect(
        await queryE2eDatabase<{ yearly_rent_halalas: number }>("select yearly_rent_halalas::int from leases where unit_id = $1 and ejar_number = $2", [leaseUnit, ejar]),
      ).toEqual([{ yearly_rent_halalas: 4_500_000 }]);
      expect(postsTo(early, "/admin/leases/new")).toHaveLength(1);
    },
  },
  {
    name: "maintenance report: the tenant's code asked for",
    path: async () => `/maintenance/${(await newManagedUnit((await newOwner("مالك البلاغ المبكر")).id)).token}`,
    async use(page) {
      const phone = uniquePhone();
      await page.getByLabel("رقم الجوال").fill(phone);
      await page.getByRole("button", { name: "إرسال رمز التحقق" }).click();
      return phone;
    },
    async check(page, early, phone) {
      const asked = Date.now() - 60_000;
      await eventually(page.getByText("أرسلنا رمز التحقق إلى جوالك.")).toBeVisible();
      await expect(page.getByText("فشل في إعداد التحقق")).toHaveCount(0);
      await eventually.poll(() => latestCode(phone, asked)).toBeTruthy();
      await expect(page.getByLabel("رمز التحقق")).toBeVisible();
      expect(early.posts.filter((sent) => sent.startsWith("/maintenance/"))).toHaveLength(1);
    },
  },
  {
    name: "owner page: the owner invited to the portal",
    role: "manager",
    path: async () => `/admin/owners/${(await newOwner("مالك البوابة المبكر")).id}`,
    async use(page) {
      await region(page, "بوابة المالك").getByRole("button", { name: "دعوة المالك إلى البوابة" }).click();
      return new URL(page.url()).pathname.split("/").pop()!;
    },
    async check(page, early, ownerId) {
      await eventually(page.getByText("تمت دعوة المالك إلى البوابة")).toBeVisible();
      await expect(region(page, "بوابة المالك").getByText("يدخل المالك إلى البوابة بالجوال")).toBeVisible();
      await page.waitForTimeout(500);
      expect(await queryE2eDatabase("select user_id from owner_portal_accounts where owner_id = $1", [Number(ownerId)])).toHaveLength(1);
      expect(postsTo(early, `/admin/owners/${ownerId}/portal`)).toHaveLength(1);
    },
  },
  {
    name: "owner page: a month's statement issued now",
    role: "manager",
    path: async () => {
      const owner = await newOwner("مالك الكشف المبكر");
      await newManagedUnit(owner.id);
      statementOwner = owner.id;
      return `/admin/owners/${owner.id}`;
    },
    async use(page) {
      const section = region(page, "كشوف الحساب");
      const month = await section.getByLabel("الشهر").inputValue();
      await section.getByRole("button", { name: "إصدار الكشف الآن" }).click();
      return month;
    },
    async check(page, early, month) {
      await eventually(page.getByText("صدر كشف الحساب")).toBeVisible();
      await page.waitForTimeout(500);
      expect(await queryE2eDatabase("select id from owner_statements where owner_id = $1 and to_char(month, 'YYYY-MM') = $2", [statementOwner, month])).toHaveLength(1);
      expect(postsTo(early, "/admin/statements")).toHaveLength(1);
    },
  },
];

runOfficeControls(CONTROLS);

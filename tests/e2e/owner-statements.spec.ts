import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import { queryE2eDatabase } from "./db.ts";
import { expect, test, unique } from "./fixtures.ts";
import { lookAt } from "./look.ts";

const tenDigits = () => `1${String(crypto.randomInt(10 ** 9)).padStart(9, "0")}`;

/**
 * An owner whose building the firm manages at 7.5 %, one unit let, a tenant's payment of 6 250.50
 * SAR on 10 March 2026 and a repair of 450 SAR approved through the finance approvals: rows as the
 * other parts of issue 33 write them.
 */
async function ownerWithAMonth(managerId: number) {
  const name = `مالك الكشف ${unique()}`;
  const [owner] = await queryE2eDatabase<{ id: number }>(
    "insert into owners (kind, name, identity_number, email, iban) values ('person', $1, $2, $3, 'SA0380000000608010167519') returning id",
    [name, tenDigits(), `owner-${unique()}@example.sa`],
  );
  const [property] = await queryE2eDatabase<{ id: number }>(
    "insert into managed_properties (owner_id, kind, name, city, neighbourhood) values ($1, 'building', 'عمارة الياسمين', 'الرياض', 'الياسمين') returning id",
    [owner!.id],
  );
  await queryE2eDatabase(
    "insert into management_contracts (property_id, owner_id, starts_on, ends_on, commission_kind, commission_basis_points, services) values ($1, $2, '2026-01-01', '2026-12-31', 'percent', 750, '{}')",
    [property!.id, owner!.id],
  );
  const [unit] = await queryE2eDatabase<{ id: number }>("insert into managed_units (property_id, label, type) values ($1, 'شقة ٤', 'شقة') returning id", [property!.id]);
  const [tenant] = await queryE2eDatabase<{ id: number }>(
    "insert into tenants (kind, name, identity_number, phone) values ('person', 'مستأجر الكشف', $1, '+966501234567') returning id",
    [tenDigits()],
  );
  const [lease] = await queryE2eDatabase<{ id: number }>(
    "insert into leases (unit_id, tenant_id, ejar_number, starts_on, ends_on, yearly_rent_halalas, schedule) values ($1, $2, $3, '2026-01-01', '2026-12-31', 7500600, 'monthly') returning id",
    [unit!.id, tenant!.id, tenDigits()],
  );
  const [instalment] = await queryE2eDatabase<{ id: number }>(
    "insert into rent_instalments (lease_id, due_on, amount_halalas, paid_halalas) values ($1, '2026-03-01', 625050, 625050) returning id",
    [lease!.id],
  );
  const [payment] = await queryE2eDatabase<{ id: number }>(
    "insert into rent_payments (lease_id, amount_halalas, method, paid_on, request_key) values ($1, 625050, 'transfer', '2026-03-10', $2) returning id",
    [lease!.id, `statement-${unique()}`],
  );
  await queryE2eDatabase("insert into rent_payment_allocations (payment_id, instalment_id, amount_halalas) values ($1, $2, 625050)", [payment!.id, instalment!.id]);
  const [task] = await queryE2eDatabase<{ id: number }>("insert into tasks (title, assigned_to, created_by) values ('إصلاح تسرب في شقة ٤', $1, $1) returning id", [managerId]);
  await queryE2eDatabase("insert into transactions (description, amount, type, related_task_id, approved_by) values ('إصلاح تسرب', 450, 'expense', $1, $2)", [task!.id, managerId]);
  await queryE2eDatabase(
    "insert into owner_charges (owner_id, property_id, unit_id, description, amount_halalas, charged_on, finance_task_id) values ($1, $2, $3, 'إصلاح تسرب', 45000, '2026-03-12', $4)",
    [owner!.id, property!.id, unit!.id, task!.id],
  );
  return { id: owner!.id, name };
}

test("the manager issues March's statement; the accountant downloads its PDF (Arabic joined, right to left) and records the payout once; an employee sees none", async ({
  page,
  signedInAs,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { member: manager } = await signedInAs("manager");
  const owner = await ownerWithAMonth(manager.id);

  await page.goto(`/admin/owners/${owner.id}`);
  const section = page.getByRole("region", { name: "كشوف الحساب" });
  await expect(section.getByText("لا توجد كشوف حساب لهذا المالك بعد.")).toBeVisible();
  await section.getByLabel("الشهر", { exact: true }).selectOption("2026-03");
  await section.getByRole("button", { name: "إصدار الكشف الآن" }).click();
  const card = section.getByTestId("statement-card");
  await expect(card.getByRole("heading", { name: "كشف مارس ٢٠٢٦" })).toBeVisible();
  // 6 250.50 − 450.00 − 7.5 % (468.79, half up) = 5 331.71
  await expect(card.getByTestId("statement-net")).toContainText("٥٬٣٣١٫٧١");
  await expect(card).toContainText("أُرسل بالبريد");
  // Once per owner and month: a second is refused under the month, which stays as typed.
  await section.getByLabel("الشهر", { exact: true }).selectOption("2026-03");
  await section.getByRole("button", { name: "إصدار الكشف الآن" }).click();
  await expect(section.getByText("صدر كشف هذا الشهر من قبل")).toBeVisible();
  await expect(section.getByLabel("الشهر", { exact: true })).toHaveValue("2026-03");
  await lookAt(page, "owner-statements-owner");

  // The accountant: the month's list, its totals, the PDF.
  await signedInAs("accountant");
  await page.goto("/admin");
  await page.getByRole("link", { name: "كشوف الملاك" }).click();
  await page.getByLabel("الشهر", { exact: true }).selectOption("2026-03");
  await page.getByRole("button", { name: "عرض" }).click();
  await expect(page).toHaveURL(/month=2026-03/);
  const row = page.getByTestId("statement-card").filter({ hasText: owner.name });
  await expect(row.getByTestId("statement-net")).toContainText("٥٬٣٣١٫٧١");
  await expect(page.getByRole("heading", { name: "مجموع مارس ٢٠٢٦" })).toBeVisible();
  await lookAt(page, "owner-statements-month");

  const [download] = await Promise.all([page.waitForEvent("download"), row.getByRole("link", { name: /تنزيل الكشف/ }).click()]);
  expect(download.suggestedFilename()).toBe("statement-2026-03.pdf");
  const pdfPath = test.info().outputPath("statement.pdf");
  await download.saveAs(pdfPath);
  expect(fs.readFileSync(pdfPath).subarray(0, 5).toString()).toBe("%PDF-");
  const text = execFileSync("pdftotext", ["-layout", pdfPath, "-"], { encoding: "utf8" });
  expect(text).toContain(owner.name.replace(/\d+$/, "").trim());
  expect(text).toContain("٥٬٣٣١٫٧١");
  expect(text).toContain("SA03 8000 0000 6080 1016 7519");
  // The page as an image, for a person to look at (joined letters, right to left).
  execFileSync("pdftoppm", ["-png", "-r", "110", "-f", "1", "-l", "1", pdfPath, test.info().outputPath("statement-page")]);

  // The payout: a reference is required (nothing recorded), then recorded once.
  const payout = row.getByRole("form", { name: /تسجيل الدفع للمالك/ });
  await payout.getByRole("button", { name: "تسجيل الدفع للمالك" }).click();
  await expect(payout.getByLabel("رقم الحوالة")).toHaveAccessibleDescription("يرجى كتابة رقم الحوالة");
  await payout.getByLabel("رقم الحوالة").fill("TRX-2026-0001");
  await payout.getByRole("button", { name: "تسجيل الدفع للمالك" }).click();
  await expect(row.getByTestId("statement-paid")).toContainText("دُفع للمالك");
  const [statement] = await queryE2eDatabase<{ id: number; payout_reference: string; paid: boolean }>(
    "select id, payout_reference, paid_out_at is not null as paid from owner_statements where owner_id = $1 and month = '2026-03-01'",
    [owner.id],
  );
  expect(statement).toMatchObject({ payout_reference: "TRX-2026-0001", paid: true });
  // Sent again (a second tab, an old page): refused, the first reference kept.
  const again = await page.request.post("/admin/statements", {
    form: { intent: "payout", statementId: String(statement!.id), reference: "TRX-other" },
    headers: { Origin: baseURL! },
  });
  expect(again.status()).toBe(409);
  expect((await queryE2eDatabase<{ payout_reference: string }>("select payout_reference from owner_statements where id = $1", [statement!.id]))[0]!.payout_reference).toBe(
    "TRX-2026-0001",
  );

  // An employee: no statements on the owner's page, and the PDF is not theirs to open.
  await signedInAs("staff");
  await page.goto(`/admin/owners/${owner.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(owner.name);
  await expect(page.getByRole("region", { name: "كشوف الحساب" })).toHaveCount(0);
  const denied = await page.request.get(`/admin/statements/${statement!.id}/pdf`, { maxRedirects: 0 });
  expect(denied.status()).toBe(302);
  expect(denied.headers().location).toBe("/admin");
});

test("a month the owner ends owing the firm: no payout asked, the next statement takes it back, and the owner's own transfer settles it", async ({ page, signedInAs }) => {
  test.setTimeout(120_000);
  const { member: manager } = await signedInAs("manager");
  const owner = await ownerWithAMonth(manager.id);
  // April: a roof repaired for 8 000 SAR, approved, and no rent collected.
  const [property] = await queryE2eDatabase<{ id: number }>("select id from managed_properties where owner_id = $1", [owner.id]);
  const [task] = await queryE2eDatabase<{ id: number }>("insert into tasks (title, assigned_to, created_by) values ('إصلاح السطح', $1, $1) returning id", [manager.id]);
  await queryE2eDatabase("insert into transactions (description, amount, type, related_task_id, approved_by) values ('إصلاح السطح', 8000, 'expense', $1, $2)", [
    task!.id,
    manager.id,
  ]);
  await queryE2eDatabase(
    "insert into owner_charges (owner_id, property_id, unit_id, description, amount_halalas, charged_on, finance_task_id) values ($1, $2, null, 'إصلاح السطح', 800000, '2026-04-08', $3)",
    [owner.id, property!.id, task!.id],
  );

  await page.goto(`/admin/owners/${owner.id}`);
  const section = page.getByRole("region", { name: "كشوف الحساب" });
  for (const month of ["2026-03", "2026-04", "2026-05"]) {
    await section.getByLabel("الشهر", { exact: true }).selectOption(month);
    await section.getByRole("button", { name: "إصدار الكشف الآن" }).click();
    await expect(section.getByRole("heading", { name: `كشف ${month === "2026-03" ? "مارس" : month === "2026-04" ? "أبريل" : "مايو"} ٢٠٢٦` })).toBeVisible();
  }
  const april = section.getByTestId("statement-card").filter({ has: page.getByRole("heading", { name: "كشف أبريل ٢٠٢٦" }) });
  await expect(april.getByTestId("statement-net")).toHaveText(/^الصافي: \u200f?٨٬٠٠٠٫٠٠\sر\.س\.\u200f? مستحقة على المالك$/);
  // March (positive, not paid out yet) still asks for its payout though later months were issued.
  const march = section.getByTestId("statement-card").filter({ has: page.getByRole("heading", { name: "كشف مارس ٢٠٢٦" }) });
  await expect(march.getByRole("button", { name: "تسجيل الدفع للمالك" })).toBeVisible();
  // May's statement carried it: April says where it went, and asks for neither a payout nor a settlement.
  await expect(april).toContainText("خُصم من كشف مايو ٢٠٢٦");
  await expect(april.getByRole("button")).toHaveCount(0);
  // May: nothing collected either: the 8 000 still owed, carried again.
  const may = section.getByTestId("statement-card").filter({ has: page.getByRole("heading", { name: "كشف مايو ٢٠٢٦" }) });
  await expect(may).toContainText(/رصيد مرحّل من الكشف السابق:\s*\u200f?٨٬٠٠٠٫٠٠\sر\.س\.\u200f? مستحقة على المالك/);
  await expect(may.getByTestId("statement-net")).toHaveText(/^الصافي: \u200f?٨٬٠٠٠٫٠٠\sر\.س\.\u200f? مستحقة على المالك$/);
  await expect(may).toContainText("يُخصم من كشف المالك التالي");
  await expect(may.getByRole("button", { name: "تسجيل الدفع للمالك" })).toHaveCount(0);
  await lookAt(page, "owner-statements-owing");
  // The owner transfers the 8 000 to the firm (their contract may have ended: no next statement would come).
  const settle = may.getByRole("form", { name: "تسجيل سداد المالك: كشف مايو ٢٠٢٦" });
  await settle.getByLabel("رقم الحوالة").fill("IN-55120");
  await settle.getByRole("button", { name: "تسجيل سداد المالك" }).click();
  await expect(page.getByRole("status")).toHaveText("سُجّل سداد المالك");
  await expect(may.getByTestId("statement-paid")).toContainText("سدّد المالك المبلغ");
  await expect(may.getByRole("button")).toHaveCount(0);
  const rows = await queryE2eDatabase<{ month: string; carried: string; net: string; settled: string }>(
    "select to_char(month, 'YYYY-MM') as month, carried_halalas::text as carried, net_halalas::text as net, payout_reference as settled from owner_statements where owner_id = $1 order by month",
    [owner.id],
  );
  expect(rows).toEqual([
    { month: "2026-03", carried: "0", net: "533171", settled: "" },
    { month: "2026-04", carried: "0", net: "-800000", settled: "" },
    { month: "2026-05", carried: "-800000", net: "-800000", settled: "IN-55120" },
  ]);
});

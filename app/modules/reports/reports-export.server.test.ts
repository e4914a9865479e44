import ExcelJS from "exceljs";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { inquiries, submissions, tasks, transactions } from "~/db/schema.ts";
import { createStaffUser } from "~/modules/users/users.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { EXPORT_DEFINITIONS } from "./export-datasets.server.ts";
import { periodInstants, presetPeriod } from "./period.ts";
import { EXPORT_DATASET_LABELS } from "./report-view.ts";
import { answerCsv, answerWorkbook } from "./reports-export.server.ts";

const db = useTestDatabase();

const HOUR = 3_600_000;
/** Inside "the last 7 days" whenever the test runs. */
const recent = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR);
const url = (path: string) => new URL(`http://localhost${path}`);
/** 21:30 UTC three days ago: half past midnight of the next day in Riyadh, inside "the last 7 days" whenever the test runs. */
const lateEvening = (() => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 3, 21, 30));
})();

let accountant: StaffProfile;
let manager: StaffProfile;
beforeAll(async () => {
  accountant = await createStaffUser(db(), { name: "نورة", username: "noura.x", phone: "0551400001", role: "accountant" });
  manager = await createStaffUser(db(), { name: "المدير", username: "boss.x", phone: "0551400002", role: "manager" });
  await createOffer(db(), { title: "شقة، الملقا", price: 950_000, area: 120.5, createdAt: recent(5) });
  await createOffer(db(), { title: "فيلا حطين", price: 2_450_000, area: 450, createdAt: recent(30) });
  await createOffer(db(), { title: "قديمة", createdAt: recent(24 * 40) }); // outside the period
  await db()
    .insert(inquiries)
    .values([
      { name: "مهاجم", phone: "+966511111111", message: '=HYPERLINK("http://evil.example","اضغط")', createdAt: recent(2) },
      { name: 'عميل "مهم"', phone: "0511111112", message: "سطر أول\nسطر ثانٍ", createdAt: recent(3) },
    ]);
  await db()
    .insert(submissions)
    .values({
      clientName: "مالك",
      clientPhone: "+966500000001",
      propertyType: "شقة",
      city: "الرياض",
      neighbourhood: "الملقا",
      area: 200,
      description: "وصف",
      createdAt: recent(4),
    });
  await db()
    .insert(tasks)
    .values({ title: "مهمة", assignedTo: accountant.id, createdBy: manager.id, amount: 1500.5, transactionType: "expense", dueDate: "2026-12-01", createdAt: recent(6) });
  await db()
    .insert(transactions)
    .values([
      { description: "إيجار", type: "income", amount: 12_000.25, createdBy: accountant.id, approvedBy: manager.id, date: lateEvening },
      { description: "صيانة", type: "expense", amount: 800, createdBy: accountant.id, approvedBy: manager.id, date: recent(1) },
    ]);
});

async function workbookOf(response: Response) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
  return workbook;
}

describe("the Excel export", () => {
  it("has a right-to-left sheet per dataset with Arabic headers, the period's rows, numbers as numbers and moments as dates (Riyadh's time)", async () => {
    const response = answerWorkbook(db(), url("/admin/reports/export.xlsx?period=7d"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="aqar-report-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx"; filename\*=UTF-8''/);
    const workbook = await workbookOf(response);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(["العروض", "الاستفسارات", "طلبات الملاك", "المهام", "المعاملات", "أقساط الإيجار", "تكاليف الصيانة"]);
    for (const sheet of workbook.worksheets) expect(sheet.views[0]).toMatchObject({ rightToLeft: true });
    const rowsOf = (name: string) => workbook.getWorksheet(name)!.actualRowCount - 1;
    expect([rowsOf("العروض"), rowsOf("الاستفسارات"), rowsOf("طلبات الملاك"), rowsOf("المهام"), rowsOf("المعاملات")]).toEqual([2, 2, 1, 1, 2]);

    const offersSheet = workbook.getWorksheet("العروض")!;
    expect(offersSheet.getRow(1).getCell(1).value).toBe("رقم العرض");
    expect(offersSheet.getRow(1).getCell(7).value).toBe("السعر (ريال)");
    // Newest first: the flat of five hours ago.
    expect(offersSheet.getRow(2).getCell(2).value).toBe("شقة، الملقا");
    expect(offersSheet.getRow(2).getCell(7).value).toBe(950_000);
    expect(offersSheet.getRow(2).getCell(8).value).toBe(120.5);
    expect(offersSheet.getRow(2).getCell(7).numFmt).toBe("#,##0.00");
    expect(offersSheet.getRow(2).getCell(11).value).toBeInstanceOf(Date);

    const money = workbook.getWorksheet("المعاملات")!;
    const income = money.getRow(3);
    expect(income.getCell(5).value).toBe(12_000.25);
    expect(income.getCell(4).value).toBe("دخل");
    expect(income.getCell(6).value).toBe("نورة");
    expect(income.getCell(7).value).toBe("المدير");
    // 21:30 UTC is 00:30 of the next day in Riyadh: the sheet shows Riyadh's clock.
    expect(income.getCell(2).value).toEqual(new Date(lateEvening.getTime() + 3 * HOUR));

    const task = workbook.getWorksheet("المهام")!.getRow(2);
    expect([task.getCell(3).value, task.getCell(4).value, task.getCell(5).value, task.getCell(6).value, task.getCell(7).value]).toEqual([
      "قيد الانتظار",
      "نورة",
      "المدير",
      1500.5,
      "مصروف",
    ]);
    expect(task.getCell(8).value).toEqual(new Date("2026-12-01T00:00:00Z"));

    // A formula typed by a visitor is text in a cell, never a formula.
    const attacker = workbook.getWorksheet("الاستفسارات")!.getRow(2);
    expect(attacker.getCell(8).value).toBe('=HYPERLINK("http://evil.example","اضغط")');
    expect(attacker.getCell(8).type).toBe(ExcelJS.ValueType.String);
  });

  it("refuses an unusable period with its message", async () => {
    const response = answerWorkbook(db(), url("/admin/reports/export.xlsx?period=custom&from=2026-11-10&to=2026-11-01"));
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("يجب أن يسبق تاريخ البداية تاريخ النهاية أو يساويه.");
  });
});

describe("the CSV export", () => {
  it("is UTF-8 with a BOM, a header line of Arabic names, CRLF lines, quoted fields and formulas neutralised", async () => {
    const response = answerCsv(db(), url("/admin/reports/export/inquiries.csv?period=7d"), "inquiries.csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="aqar-inquiries-.+\.csv"; filename\*=UTF-8''/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    const lines = text.slice(1).split("\r\n");
    expect(lines[0]).toBe("رقم الاستفسار,الاسم,الهاتف,البريد الإلكتروني,الحالة,رقم العرض,العقار,الرسالة,عدد الردود,أول رد,تاريخ الاستلام");
    expect(lines[1]).toContain(`,'+966511111111,`);
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil.example"",""اضغط"")",0,,`);
    expect(text).toContain('"عميل ""مهم"""');
    expect(text).toContain('"سطر أول\nسطر ثانٍ"');
    expect(text.endsWith("\r\n")).toBe(true);
  });

  it("every dataset has its file; an unknown one is 404", async () => {
    for (const dataset of ["offers", "submissions", "tasks", "transactions"]) {
      const response = answerCsv(db(), url(`/admin/reports/export/${dataset}.csv?period=7d`), `${dataset}.csv`);
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text.split("\r\n").filter(Boolean).length - 1, dataset).toBe({ offers: 2, submissions: 1, tasks: 1, transactions: 2 }[dataset]);
    }
    expect(answerCsv(db(), url("/admin/reports/export/staff.csv"), "staff.csv").status).toBe(404);
    expect(answerCsv(db(), url("/admin/reports/export/offers.json"), "offers.json").status).toBe(404);
    expect(EXPORT_DATASET_LABELS.offers).toBe("العروض");
  });
});

describe("the rows of an export", () => {
  it("come in batches by (time, id): rows sharing one microsecond are each written once; the cap stops them", async () => {
    const moment = recent(10);
    await db().execute(
      sql`insert into inquiries (name, phone, created_at) select 'دفعة ' || g, '+966522222222', ${moment.toISOString()}::timestamptz + interval '1 microsecond' from generate_series(1, 2500) g`,
    );
    const period = presetPeriod("7d", Date.now());
    const range = periodInstants(period);
    const seen: number[] = [];
    let batches = 0;
    for await (const batch of EXPORT_DEFINITIONS.inquiries.batches(db(), range)) {
      batches += 1;
      for (const row of batch) seen.push(row[0] as number);
    }
    expect(batches).toBe(3);
    expect(seen).toHaveLength(2502);
    expect(new Set(seen).size).toBe(2502);

    let capped = 0;
    for await (const batch of EXPORT_DEFINITIONS.inquiries.batches(db(), range, 1200)) capped += batch.length;
    expect(capped).toBe(1200);
  });
});

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "~/context.ts";
import {
  leases,
  managedProperties,
  managedUnits,
  managementContracts,
  outgoingEmails,
  ownerCharges,
  owners,
  ownerStatements,
  propertyManagementRules,
  rentInstalments,
  rentPaymentAllocations,
  rentPayments,
  tenants,
  transactions,
} from "~/db/schema.ts";
import { createLocalStorage } from "~/modules/images/storage-local.server.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { formatMoneyArabic } from "~/utils/format.ts";
import { createOffice, insertTask, type Office } from "../../../tests/factories/office.ts";
import { formData } from "../../../tests/factories/form-data.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { computeStatement, fixedCommissionForMonth, monthBefore, percentOf, readStatementMonth, splitEvenly } from "./statement-math.ts";
import { handleStatementsPost } from "./statement-pages.server.ts";
import { visualRuns } from "./statement-pdf.server.ts";
import { STATEMENT_MESSAGES } from "./statement-view.ts";
import { gatherStatementInput, issueDueStatements, issueStatement, listOwnerStatements, recordOwnerSettlement, recordPayout } from "./statements.server.ts";

const db = useTestDatabase({ connections: 8 });
const env = parseEnv({ PUBLIC_URL: "https://aqar.example.sa" });
const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-statements-"));
const storage = createLocalStorage(storageDir);
const services = () => ({ db: db(), env, storage }) as unknown as AppServices;
let office: Office;
let identity = 1_000_000_000;

beforeAll(async () => {
  office = await createOffice(db());
});

const MARCH = "2026-03-01";

/** An owner with one building under a contract for 2026 (unless told otherwise), its units, and a lease on each unit. */
async function managedOwner(options: {
  name: string;
  email?: string;
  commission: { basisPoints: number } | { yearlyHalalas: number };
  units?: string[];
  contractFrom?: string;
  contractTo?: string;
}) {
  const [owner] = await db()
    .insert(owners)
    .values({ kind: "person", name: options.name, identityNumber: String(identity++), email: options.email ?? "", iban: "SA0380000000608010167519" })
    .returning();
  const [property] = await db()
    .insert(managedProperties)
    .values({ ownerId: owner!.id, kind: "building", name: "عمارة النرجس", city: "الرياض", neighbourhood: "النرجس" })
    .returning();
  await db()
    .insert(managementContracts)
    .values({
      propertyId: property!.id,
      ownerId: owner!.id,
      startsOn: options.contractFrom ?? "2026-01-01",
      endsOn: options.contractTo ?? "2026-12-31",
      services: [],
      ...("basisPoints" in options.commission
        ? { commissionKind: "percent", commissionBasisPoints: options.commission.basisPoints }
        : { commissionKind: "fixed", commissionHalalas: options.commission.yearlyHalalas }),
    });
  const units = [];
  for (const label of options.units ?? ["شقة ١"]) {
    const [unit] = await db().insert(managedUnits).values({ propertyId: property!.id, label, type: "شقة" }).returning();
    const [tenant] = await db()
      .insert(tenants)
      .values({ kind: "person", name: "مستأجر", identityNumber: String(identity++), phone: "+966501234567" })
      .returning();
    const [lease] = await db()
      .insert(leases)
      .values({
        unitId: unit!.id,
        tenantId: tenant!.id,
        ejarNumber: String(identity++),
        startsOn: "2026-01-01",
        endsOn: "2026-12-31",
        yearlyRentHalalas: 6_000_000,
        schedule: "monthly",
      })
      .returning();
    units.push({ unit: unit!, lease: lease! });
  }
  return { owner: owner!, property: property!, units };
}

/** A tenant's payment on a day, applied whole to one instalment. */
async function pay(leaseId: number, amountHalalas: number, paidOn: string) {
  const [instalment] = await db().insert(rentInstalments).values({ leaseId, dueOn: paidOn, amountHalalas, paidHalalas: amountHalalas }).returning();
  const [payment] = await db()
    .insert(rentPayments)
    .values({ leaseId, amountHalalas, method: "transfer", paidOn, requestKey: `k-${identity++}` })
    .returning();
  await db().insert(rentPaymentAllocations).values({ paymentId: payment!.id, instalmentId: instalment!.id, amountHalalas });
}

/** A charge asked through the finance approvals; `approved`: the manager's approval made its transaction. */
async function charge(fixture: { owner: { id: number }; property: { id: number } }, unitId: number | null, amountHalalas: number, chargedOn: string, approved: boolean) {
  const task = await insertTask(db(), { assignedTo: office.manager.id, createdBy: office.employee.id, title: "إصلاح تسرب" });
  await db()
    .insert(ownerCharges)
    .values({ ownerId: fixture.owner.id, propertyId: fixture.property.id, unitId, description: "إصلاح تسرب", amountHalalas, chargedOn, financeTaskId: task.id });
  if (approved)
    await db()
      .insert(transactions)
      .values({ description: "إصلاح تسرب", amount: amountHalalas / 100, type: "expense", relatedTaskId: task.id, approvedBy: office.manager.id });
}

describe("the arithmetic (decision 055)", () => {
  it("rounds a percent commission to the halala, half up", () => {
    expect(percentOf(10_010, 750)).toBe(751); // 750.75
    expect(percentOf(1_000, 5)).toBe(1); // 0.5 exactly: up
    expect(percentOf(999, 5)).toBe(0); // 0.4995
    expect(percentOf(625_050, 750)).toBe(46_879); // 46 878.75
    expect(percentOf(0, 750)).toBe(0);
  });

  it("takes a fixed yearly amount by twelfths, December the remainder, so the year sums exactly", () => {
    const months = Array.from({ length: 12 }, (_, index) => `2026-${String(index + 1).padStart(2, "0")}-01`);
    const shares = months.map((month) => fixedCommissionForMonth(1_000_000, month));
    expect(shares.slice(0, 11).every((share) => share === 83_333)).toBe(true);
    expect(shares[11]).toBe(83_337);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(1_000_000);
    expect(splitEvenly(83_333, 3)).toEqual([27_778, 27_778, 27_777]);
  });

  it("gives a negative net when expenses and commission pass the rent collected", () => {
    const totals = computeStatement({
      month: MARCH,
      properties: [{ id: 1, name: "عمارة", commission: { kind: "fixed", yearlyHalalas: 120_000 }, units: [{ id: 7, label: "شقة ١" }] }],
      collected: [],
      charges: [{ propertyId: 1, unitId: 7, amountHalalas: 50_000 }],
    });
    expect(totals).toMatchObject({ collectedHalalas: 0, expensesHalalas: 50_000, commissionHalalas: 10_000, netHalalas: -60_000 });
  });

  it("takes what the owner still owed at their statement before from this month's net", () => {
    const month = (carriedHalalas?: number) =>
      computeStatement({
        month: MARCH,
        properties: [{ id: 1, name: "عمارة", commission: { kind: "percent", basisPoints: 1000 }, units: [{ id: 7, label: "شقة ١" }] }],
        collected: [{ unitId: 7, amountHalalas: 100_000 }],
        charges: [],
        carriedHalalas,
      });
    expect(month()).toMatchObject({ carriedHalalas: 0, netHalalas: 90_000 });
    expect(month(-60_000)).toMatchObject({ collectedHalalas: 100_000, commissionHalalas: 10_000, carriedHalalas: -60_000, netHalalas: 30_000 });
    expect(month(-150_000)).toMatchObject({ carriedHalalas: -150_000, netHalalas: -60_000 });
    // A positive balance before is a payout of its own, never carried.
    expect(month(25_000)).toMatchObject({ carriedHalalas: 0, netHalalas: 90_000 });
  });

  it("reads months and the month before", () => {
    expect(monthBefore("2026-01-05")).toBe("2025-12-01");
    expect(monthBefore("2026-04-05")).toBe("2026-03-01");
    expect(readStatementMonth("2026-03")).toBe("2026-03-01");
    expect(readStatementMonth("2026-13")).toBeNull();
    expect(readStatementMonth("x")).toBeNull();
  });

  it("orders a line's runs for the PDF: Arabic right to left, numbers and the IBAN in their own order", () => {
    const runs = visualRuns("الصافي: ١٢٬٥٠٠٫٠٠ ر.س.");
    // Drawn left to right: «ر.س.» first (fontkit reverses it), then the number handed over reversed, then «الصافي:».
    expect(runs.map((run) => run.text)).toEqual([" ر.س.", "٠٠٫٠٠٥٬٢١", "الصافي: "]);
    expect(visualRuns("الآيبان: SA03 8000").map((run) => run.text)).toEqual(["SA03 8000", "الآيبان: "]);
  });
});

describe("a month's statement", () => {
  it("sums the rent paid in the month on the owner's units, only approved charges, and the contract's percent", async () => {
    const mine = await managedOwner({ name: "سعد العتيبي", commission: { basisPoints: 750 }, units: ["شقة ١", "شقة ٢"] });
    const other = await managedOwner({ name: "مالك آخر", commission: { basisPoints: 1000 } });
    await pay(mine.units[0]!.lease.id, 625_050, "2026-03-10");
    await pay(mine.units[1]!.lease.id, 500_000, "2026-03-31");
    await pay(mine.units[1]!.lease.id, 500_000, "2026-04-01"); // next month
    await pay(mine.units[0]!.lease.id, 400_000, "2026-02-28"); // month before
    await pay(other.units[0]!.lease.id, 900_000, "2026-03-15"); // another owner's unit
    await charge(mine, mine.units[0]!.unit.id, 45_000, "2026-03-12", true);
    await charge(mine, null, 12_000, "2026-03-20", true);
    await charge(mine, mine.units[1]!.unit.id, 99_900, "2026-03-21", false); // not approved
    await charge(mine, mine.units[1]!.unit.id, 30_000, "2026-04-02", true); // next month

    const totals = computeStatement(await gatherStatementInput(db(), mine.owner.id, MARCH));
    expect(totals.lines).toEqual([
      { unitId: mine.units[0]!.unit.id, unitLabel: "شقة ١", propertyName: "عمارة النرجس", collectedHalalas: 625_050, expensesHalalas: 45_000, commissionHalalas: 46_879 },
      { unitId: mine.units[1]!.unit.id, unitLabel: "شقة ٢", propertyName: "عمارة النرجس", collectedHalalas: 500_000, expensesHalalas: 0, commissionHalalas: 37_500 },
      { unitId: 0, unitLabel: "العقار كله", propertyName: "عمارة النرجس", collectedHalalas: 0, expensesHalalas: 12_000, commissionHalalas: 0 },
    ]);
    expect(totals).toMatchObject({ collectedHalalas: 1_125_050, expensesHalalas: 57_000, commissionHalalas: 84_379, netHalalas: 983_671 });
  });

  it("makes it once under runs at once: one row, one PDF in the store, one e-mail with the PDF attached", async () => {
    const fixture = await managedOwner({ name: "عبدالله بن محمد الشهري", email: "owner@example.sa", commission: { basisPoints: 750 } });
    await pay(fixture.units[0]!.lease.id, 625_050, "2026-03-10");
    const results = await Promise.all(Array.from({ length: 4 }, () => issueStatement(services(), fixture.owner.id, MARCH)));
    expect(results.filter((result) => result.outcome === "issued")).toHaveLength(1);
    expect(results.filter((result) => result.outcome === "exists")).toHaveLength(3);
    const rows = await db().select().from(ownerStatements).where(eq(ownerStatements.ownerId, fixture.owner.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ collectedHalalas: 625_050, commissionHalalas: 46_879, netHalalas: 578_171 });
    expect(rows[0]!.emailedAt).not.toBeNull();
    const emails = await db().select().from(outgoingEmails).where(eq(outgoingEmails.recipient, "owner@example.sa"));
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ purpose: "owner-statement", subject: "كشف حساب مارس ٢٠٢٦ — دار الركائز العقارية" });
    const attachment = emails[0]!.attachments![0]!;
    expect(attachment).toMatchObject({ filename: "statement-2026-03.pdf", contentType: "application/pdf", encoding: "base64" });

    // The stored PDF is the e-mailed one; its text, as poppler reads it back, has the owner and the net with its digits in order.
    const file = path.join(storageDir, rows[0]!.pdfKey!);
    const pdf = fs.readFileSync(file);
    expect(pdf.toString("base64")).toBe(attachment.content);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    for (const word of ["الشهري", "محمد", "كشف", "حساب", "مارس", "٢٠٢٦", "SA03 8000 0000 6080 1016 7519"]) expect(text).toContain(word);
    expect(text).toContain("٥٬٧٨١٫٧١"); // the net, 5 781.71: digits in reading order (reversed would be «١٧٫١٨٧٬٥»)
    expect(text).not.toContain("١٧٫١٨٧٬٥");
  });

  it("leaves no PDF in the store when its transaction fails after the PDF was stored", async () => {
    const fixture = await managedOwner({ name: "خالد الحربي", email: "khalid@example.sa", commission: { basisPoints: 500 } });
    await pay(fixture.units[0]!.lease.id, 300_000, "2026-03-12");
    const pdfs = () => fs.readdirSync(path.join(storageDir, "statements")).filter((name) => name.startsWith(`${fixture.owner.id}-2026-03-`));
    fs.mkdirSync(path.join(storageDir, "statements"), { recursive: true });
    // The last write of the transaction (the row naming its PDF) refused by the database.
    await db().execute(sql`create function refuse_statement_pdf() returns trigger language plpgsql as $$ begin raise exception 'refused for the test'; end $$`);
    await db().execute(sql`create trigger refuse_statement_pdf before update of pdf_key on owner_statements for each row execute function refuse_statement_pdf()`);
    try {
      await expect(issueStatement(services(), fixture.owner.id, MARCH)).rejects.toThrow();
    } finally {
      await db().execute(sql`drop trigger refuse_statement_pdf on owner_statements`);
      await db().execute(sql`drop function refuse_statement_pdf()`);
    }
    expect(pdfs()).toEqual([]);
    expect(await db().select().from(ownerStatements).where(eq(ownerStatements.ownerId, fixture.owner.id))).toEqual([]);
    expect(await db().select().from(outgoingEmails).where(eq(outgoingEmails.recipient, "khalid@example.sa"))).toEqual([]);
    // Made again afterwards: one statement, its one PDF.
    expect((await issueStatement(services(), fixture.owner.id, MARCH)).outcome).toBe("issued");
    expect(pdfs()).toHaveLength(1);
  });

  it("is made by the daily job from the settings' day for the month before, only for owners under a contract that month", async () => {
    await db()
      .insert(propertyManagementRules)
      .values({ id: 1, statementDay: 5 })
      .onConflictDoUpdate({ target: propertyManagementRules.id, set: { statementDay: 5 } });
    const managed = await managedOwner({ name: "مالك المهمة", commission: { yearlyHalalas: 1_200_000 } });
    const later = await managedOwner({ name: "مالك يبدأ في مايو", commission: { basisPoints: 500 }, contractFrom: "2026-05-01" });
    // 4 April, Riyadh: before the day, nothing.
    expect(await issueDueStatements(services(), new Date("2026-04-04T06:00:00+03:00"))).toEqual({ month: null, issued: [] });
    // Two instances' runs at once on the 5th: each owner's statement once.
    const runs = await Promise.all([0, 1].map(() => issueDueStatements(services(), new Date("2026-04-05T06:00:00+03:00"))));
    expect(runs.every((run) => run.month === MARCH)).toBe(true);
    const made = await db()
      .select({ ownerId: ownerStatements.ownerId, commission: ownerStatements.commissionHalalas })
      .from(ownerStatements)
      .where(eq(ownerStatements.month, MARCH));
    expect(made.filter((row) => row.ownerId === managed.owner.id)).toEqual([{ ownerId: managed.owner.id, commission: 100_000 }]);
    expect(made.some((row) => row.ownerId === later.owner.id)).toBe(false);
    expect(new Set(runs.flatMap((run) => run.issued)).size).toBe(runs.flatMap((run) => run.issued).length);
  });
});

describe("payout and the posts", () => {
  it("records the payout once, even when sent twice at once", async () => {
    const fixture = await managedOwner({ name: "مالك الدفع", commission: { basisPoints: 500 } });
    const issued = await issueStatement(services(), fixture.owner.id, MARCH);
    if (issued.outcome !== "issued") throw new Error("not issued");
    const results = await Promise.all([recordPayout(db(), office.accountant, issued.id, "TRX-1"), recordPayout(db(), office.manager, issued.id, "TRX-2")]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, reason: "already-paid" }]);
    const [row] = await db().select().from(ownerStatements).where(eq(ownerStatements.id, issued.id));
    expect(row!.paidOutAt).not.toBeNull();
    expect(["TRX-1", "TRX-2"]).toContain(row!.payoutReference);
    expect(await recordPayout(db(), office.manager, 999_999, "X")).toEqual({ ok: false, reason: "not-found" });
  });

  it("carries a negative net to the owner's next statement, which recovers it; the negative one is never paid out", async () => {
    const fixture = await managedOwner({ name: "مالك المصروفات", email: "debt@example.sa", commission: { basisPoints: 1000 } });
    const unit = fixture.units[0]!;
    // March: a repair of 1,500 SAR against 1,000 collected (100 commission): the owner owes 600.
    await pay(unit.lease.id, 100_000, "2026-03-05");
    await charge(fixture, unit.unit.id, 150_000, "2026-03-20", true);
    const march = await issueStatement(services(), fixture.owner.id, MARCH);
    if (march.outcome !== "issued") throw new Error("not issued");
    const [marchRow] = await db().select().from(ownerStatements).where(eq(ownerStatements.id, march.id));
    expect(marchRow).toMatchObject({ carriedHalalas: 0, netHalalas: -60_000 });
    expect(await recordPayout(db(), office.accountant, march.id, "TRX-NEG")).toEqual({ ok: false, reason: "owner-owes" });
    const refused = (await handleStatementsPost(services(), office.accountant, formData({ intent: "payout", statementId: String(march.id), reference: "TRX-NEG" }))) as {
      init: ResponseInit;
      data: { error: Record<string, string[]> };
    };
    expect(refused.init.status).toBe(409);
    expect(Object.values(refused.data.error).flat()).toEqual([STATEMENT_MESSAGES.ownerOwes]);
    const [marchEmail] = await db().select().from(outgoingEmails).where(eq(outgoingEmails.recipient, "debt@example.sa"));
    expect(marchEmail!.body).toContain(`المستحق عليكم: ${formatMoneyArabic(600)}، ويُخصم من كشف حسابكم التالي.`);

    // April: 1,000 collected again: 900 after commission, less the 600 carried.
    await pay(unit.lease.id, 100_000, "2026-04-05");
    const april = await issueStatement(services(), fixture.owner.id, "2026-04-01");
    if (april.outcome !== "issued") throw new Error("not issued");
    const [aprilRow] = await db().select().from(ownerStatements).where(eq(ownerStatements.id, april.id));
    expect(aprilRow).toMatchObject({ collectedHalalas: 100_000, commissionHalalas: 10_000, carriedHalalas: -60_000, netHalalas: 30_000 });
    const pdfText = execFileSync("pdftotext", ["-layout", path.join(storageDir, aprilRow!.pdfKey!), "-"], { encoding: "utf8" });
    if (process.env.KEEP_STATEMENT_PDF) fs.copyFileSync(path.join(storageDir, aprilRow!.pdfKey!), process.env.KEEP_STATEMENT_PDF);
    expect(pdfText).toContain("من الكشف السابق");
    expect(pdfText).toContain("٦٠٠٫٠٠");
    expect(await recordPayout(db(), office.accountant, april.id, "TRX-APR")).toEqual({ ok: true });
    // May, nothing collected: nothing carried (April was positive and paid), nothing owed.
    const may = await issueStatement(services(), fixture.owner.id, "2026-05-01");
    if (may.outcome !== "issued") throw new Error("not issued");
    const [mayRow] = await db().select().from(ownerStatements).where(eq(ownerStatements.id, may.id));
    expect(mayRow).toMatchObject({ carriedHalalas: 0, netHalalas: 0 });
  });

  it("records the owner's own settlement of a negative statement once, after which the next statement carries nothing", async () => {
    const fixture = await managedOwner({ name: "مالك يسدد", commission: { basisPoints: 1000 } });
    const unit = fixture.units[0]!;
    // March: a repair of 1,500 SAR against 1,000 collected (100 commission): the owner owes 600.
    await pay(unit.lease.id, 100_000, "2026-03-05");
    await charge(fixture, unit.unit.id, 150_000, "2026-03-20", true);
    const march = await issueStatement(services(), fixture.owner.id, MARCH);
    if (march.outcome !== "issued") throw new Error("not issued");
    // Sent twice at once (two people, or a double tap): one settlement.
    const results = await Promise.all([recordOwnerSettlement(db(), office.accountant, march.id, "IN-1"), recordOwnerSettlement(db(), office.manager, march.id, "IN-2")]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, reason: "already-settled" }]);
    const [listed] = await listOwnerStatements(db(), fixture.owner.id);
    expect(listed).toMatchObject({ netHalalas: -60_000, recoveredIn: null, nextStatementDue: true });
    expect(listed!.paidOutAt).not.toBeNull();
    // April: 1,000 collected, 900 after commission, and nothing carried: the owner paid the 600.
    await pay(unit.lease.id, 100_000, "2026-04-05");
    const april = await issueStatement(services(), fixture.owner.id, "2026-04-01");
    if (april.outcome !== "issued") throw new Error("not issued");
    const [aprilRow] = await db().select().from(ownerStatements).where(eq(ownerStatements.id, april.id));
    expect(aprilRow).toMatchObject({ carriedHalalas: 0, netHalalas: 90_000 });
    // A positive statement has nothing to settle; the audit log names who recorded the settlement.
    expect(await recordOwnerSettlement(db(), office.manager, april.id, "IN-3")).toEqual({ ok: false, reason: "not-owed" });
    expect(await recordOwnerSettlement(db(), office.manager, 999_999, "IN-4")).toEqual({ ok: false, reason: "not-found" });
    const audit = await db().execute(sql`select action from audit_log where entity = 'owner' and entity_id = ${fixture.owner.id} and action = 'statement-settled-by-owner'`);
    expect(audit.rows).toHaveLength(1);
  });

  it("tells an owner whose contract ends with the month that no statement will recover what they owe: the e-mail, the PDF and the list", async () => {
    const fixture = await managedOwner({ name: "مالك انتهى عقده", email: "ended@example.sa", commission: { basisPoints: 1000 }, contractTo: "2026-03-31" });
    await charge(fixture, fixture.units[0]!.unit.id, 70_000, "2026-03-20", true);
    const march = await issueStatement(services(), fixture.owner.id, MARCH);
    if (march.outcome !== "issued") throw new Error("not issued");
    const [email] = await db().select().from(outgoingEmails).where(eq(outgoingEmails.recipient, "ended@example.sa"));
    expect(email!.body).toContain(`المستحق عليكم: ${formatMoneyArabic(700)}. لا كشف تاليًا يُخصم منه، فيرجى سداده للمنشأة.`);
    const [row] = await db().select().from(ownerStatements).where(eq(ownerStatements.id, march.id));
    const pdfText = execFileSync("pdftotext", ["-layout", path.join(storageDir, row!.pdfKey!), "-"], { encoding: "utf8" });
    // (pdftotext splits a letter from its tanween: «تاليًا» is not read back whole.)
    expect(pdfText).toContain("المستحق عليه للمنشأة");
    expect(pdfText).not.toContain("حسابه التالي");
    const [listed] = await listOwnerStatements(db(), fixture.owner.id);
    expect(listed).toMatchObject({ netHalalas: -70_000, recoveredIn: null, nextStatementDue: false });
    // April: no contract, no statement; the owner's transfer settles it.
    expect(await issueStatement(services(), fixture.owner.id, "2026-04-01")).toEqual({ outcome: "not-managed" });
    expect(await recordOwnerSettlement(db(), office.accountant, march.id, "IN-END")).toEqual({ ok: true });
  });

  it("refuses to settle a negative statement a later one carried already (it would be counted twice), and says in which month", async () => {
    const fixture = await managedOwner({ name: "مالك خصم", commission: { basisPoints: 1000 } });
    const unit = fixture.units[0]!;
    await charge(fixture, unit.unit.id, 50_000, "2026-03-20", true);
    const march = await issueStatement(services(), fixture.owner.id, MARCH);
    if (march.outcome !== "issued") throw new Error("not issued");
    const april = await issueStatement(services(), fixture.owner.id, "2026-04-01");
    if (april.outcome !== "issued") throw new Error("not issued");
    const refused = (await handleStatementsPost(services(), office.accountant, formData({ intent: "settle", statementId: String(march.id), reference: "IN-LATE" }))) as {
      init: ResponseInit;
      data: { error: Record<string, string[]> };
    };
    expect(refused.init.status).toBe(409);
    expect(Object.values(refused.data.error).flat()).toEqual([STATEMENT_MESSAGES.recovered]);
    const listed = await listOwnerStatements(db(), fixture.owner.id);
    expect(listed.map((row) => [row.month, row.netHalalas, row.recoveredIn, row.paidOutAt])).toEqual([
      ["2026-04-01", -50_000, null, null],
      ["2026-03-01", -50_000, "2026-04-01", null],
    ]);
    // April's own negative net is still the owner's to settle: settled through the post.
    const settled = (await handleStatementsPost(
      services(),
      office.accountant,
      formData({ intent: "settle", statementId: String(april.id), reference: "IN-APR", back: `/admin/owners/${fixture.owner.id}` }),
    )) as Response;
    expect(settled.status).toBe(302);
    expect(settled.headers.get("location")).toBe(`/admin/owners/${fixture.owner.id}`);
  });

  it("settles or pays a statement while the next month's is made at the same moment: carried or settled, never both", async () => {
    for (let round = 0; round < 10; round++) {
      const fixture = await managedOwner({ name: `مالك السباق ${round}`, commission: { basisPoints: 1000 } });
      await charge(fixture, fixture.units[0]!.unit.id, 40_000, "2026-03-20", true);
      const march = await issueStatement(services(), fixture.owner.id, MARCH);
      if (march.outcome !== "issued") throw new Error("not issued");
      const [settlement] = await Promise.all([
        recordOwnerSettlement(db(), office.accountant, march.id, `IN-R${round}`),
        issueStatement(services(), fixture.owner.id, "2026-04-01"),
      ]);
      const [aprilRow] = await db()
        .select()
        .from(ownerStatements)
        .where(and(eq(ownerStatements.ownerId, fixture.owner.id), eq(ownerStatements.month, "2026-04-01")));
      if (settlement.ok) expect(aprilRow!.carriedHalalas).toBe(0);
      else {
        expect(settlement).toEqual({ ok: false, reason: "recovered" });
        expect(aprilRow!.carriedHalalas).toBe(-40_000);
      }
    }
  });

  it("refuses an employee, the accountant's «issue now», an empty reference; issues for the manager once", async () => {
    const fixture = await managedOwner({ name: "مالك الطلبات", commission: { basisPoints: 500 } });
    const post = (user: Office[keyof Office], fields: Record<string, string>) => handleStatementsPost(services(), user, formData(fields));
    await expect(post(office.employee, { intent: "payout", statementId: "1", reference: "X" })).rejects.toMatchObject({ init: { status: 403 } });
    const accountantIssue = (await post(office.accountant, { intent: "issue", ownerId: String(fixture.owner.id), month: "2026-03" })) as { init: ResponseInit; data: unknown };
    expect(accountantIssue.init.status).toBe(403);
    const issued = (await post(office.manager, { intent: "issue", ownerId: String(fixture.owner.id), month: "2026-03", back: `/admin/owners/${fixture.owner.id}` })) as Response;
    expect(issued.status).toBe(302);
    expect(issued.headers.get("location")).toBe(`/admin/owners/${fixture.owner.id}`);
    const again = (await post(office.manager, { intent: "issue", ownerId: String(fixture.owner.id), month: "2026-03" })) as {
      init: ResponseInit;
      data: { error: Record<string, string[]> };
    };
    expect(again.init.status).toBe(409);
    expect(again.data.error.month).toEqual([STATEMENT_MESSAGES.exists]);
    const [row] = await db().select({ id: ownerStatements.id }).from(ownerStatements).where(eq(ownerStatements.ownerId, fixture.owner.id));
    const empty = (await post(office.accountant, { intent: "payout", statementId: String(row!.id), reference: "  " })) as {
      data: { error: Record<string, string[]>; initialValue: Record<string, string> };
    };
    expect(empty.data.error.reference).toEqual([STATEMENT_MESSAGES.referenceRequired]);
    const [still] = await db().select({ paidOutAt: ownerStatements.paidOutAt }).from(ownerStatements).where(eq(ownerStatements.id, row!.id));
    expect(still!.paidOutAt).toBeNull();
    expect((await db().execute(sql`select count(*)::int as n from owner_statements where owner_id = ${fixture.owner.id}`)).rows[0]).toEqual({ n: 1 });
  });
});

import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "~/context.ts";
import type { LeaseSchedule } from "~/db/column-types.ts";
import type { Db } from "~/db/client.server.ts";
import {
  leases,
  managedProperties,
  managedUnits,
  owners,
  propertyManagementRules,
  rentInstalments,
  rentPaymentAllocations,
  rentPayments,
  rentReminders,
  tenants,
} from "~/db/schema.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { readAnswer } from "../../../tests/factories/form-answer.ts";
import { createOffice, type Office } from "../../../tests/factories/office.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { generateInstalmentsForLease } from "./index.server.ts";
import { generateDueInstalments } from "./instalments.server.ts";
import { recordRentPayment, type PaymentInput } from "./payments.server.ts";
import { handleLeasePost, handlePmRulesPost } from "./rent-action.server.ts";
import { PM_RULES_MESSAGES, readReminderSteps } from "./rules-schema.ts";
import { getRentRules } from "./rules.server.ts";
import { RENT_MESSAGES } from "./rent-messages.ts";
import { loadLeaseLedger, loadRentBoard } from "./rent-pages.server.ts";
import { sendArrearsReminders } from "./reminders.server.ts";

const db = useTestDatabase({ connections: 8 });
const env = parseEnv({ PUBLIC_URL: "https://aqar.example.sa" });
let office: Office;
let unitSeq = 0;

/** A Riyadh noon on a day (the day is the same in UTC and Riyadh). */
const at = (day: string) => new Date(`${day}T09:00:00Z`);

beforeAll(async () => {
  office = await createOffice(db());
});

/** An owner, a building, a unit, a tenant and a lease, inserted directly (their pages are another part's). */
async function insertLease(d: Db, lease: { startsOn: string; endsOn: string; yearlyRentHalalas: number; schedule: LeaseSchedule; terminatedOn?: string }) {
  unitSeq += 1;
  const [owner] = await d
    .insert(owners)
    .values({ kind: "person", name: `مالك ${unitSeq}`, identityNumber: `10${String(unitSeq).padStart(8, "0")}`, iban: "SA0380000000608010167519" })
    .returning();
  const [property] = await d
    .insert(managedProperties)
    .values({ ownerId: owner!.id, kind: "building", name: `عمارة ${unitSeq}`, city: "الرياض", neighbourhood: "الملقا" })
    .returning();
  const [unit] = await d
    .insert(managedUnits)
    .values({ propertyId: property!.id, label: `شقة ${unitSeq}`, type: "شقة" })
    .returning();
  const [tenant] = await d
    .insert(tenants)
    .values({ kind: "person", name: `مستأجر ${unitSeq}`, identityNumber: `20${String(unitSeq).padStart(8, "0")}`, phone: `+9665000000${String(unitSeq).padStart(2, "0")}` })
    .returning();
  const [row] = await d
    .insert(leases)
    .values({ unitId: unit!.id, tenantId: tenant!.id, ejarNumber: `2026${String(unitSeq).padStart(6, "0")}`, ...lease })
    .returning();
  return { lease: row!, tenant: tenant!, property: property!, owner: owner! };
}

const instalmentsOfLease = (leaseId: number) => db().select().from(rentInstalments).where(eq(rentInstalments.leaseId, leaseId)).orderBy(rentInstalments.dueOn);
const payment = (overrides: Partial<PaymentInput> = {}): PaymentInput => ({
  amountHalalas: 100_000,
  method: "transfer",
  paidOn: "2026-03-10",
  notes: "",
  requestKey: crypto.randomUUID(),
  ...overrides,
});

describe("instalments by the scheduler", () => {
  it("creates the due dates of the next 31 days and the missed ones from the start, each once however many runs at once", async () => {
    const { lease } = await insertLease(db(), { startsOn: "2026-01-31", endsOn: "2027-01-30", yearlyRentHalalas: 1_200_001, schedule: "monthly" });
    const now = at("2026-03-10");
    const counts = await Promise.all([generateDueInstalments(db(), now), generateDueInstalments(db(), now), generateDueInstalments(db(), now)]);
    const rows = await instalmentsOfLease(lease.id);
    expect(rows.map((r) => r.dueOn)).toEqual(["2026-01-31", "2026-02-28", "2026-03-31"]);
    // 12,000.01 SAR a year: the odd halala on the year's first instalment.
    expect(rows.map((r) => r.amountHalalas)).toEqual([100_001, 100_000, 100_000]);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(3);
    // The lease's page may call it too: nothing twice.
    expect(await generateInstalmentsForLease(lease.id, db(), now)).toBe(0);
    expect(await generateInstalmentsForLease(lease.id, db(), at("2026-04-01"))).toBe(1);
  });

  it("skips leases ended or terminated, and due dates after a termination", async () => {
    const { lease } = await insertLease(db(), { startsOn: "2025-06-01", endsOn: "2026-05-31", terminatedOn: "2026-02-15", yearlyRentHalalas: 400_000, schedule: "quarterly" });
    await generateDueInstalments(db(), at("2026-02-01"));
    expect((await instalmentsOfLease(lease.id)).map((r) => r.dueOn)).toEqual(["2025-06-01", "2025-09-01", "2025-12-01"]);
    const { lease: later } = await insertLease(db(), { startsOn: "2026-06-01", endsOn: "2027-05-31", yearlyRentHalalas: 400_000, schedule: "quarterly" });
    await generateDueInstalments(db(), at("2026-04-01"));
    expect(await instalmentsOfLease(later.id)).toEqual([]);
  });
});

describe("payments", () => {
  it("applies a payment to the oldest unpaid instalments first, with allocation rows, and refuses more than is unpaid saying the most", async () => {
    const { lease } = await insertLease(db(), { startsOn: "2026-01-01", endsOn: "2026-12-31", yearlyRentHalalas: 1_200_000, schedule: "monthly" });
    await generateDueInstalments(db(), at("2026-02-15"));
    // Jan, Feb and Mar (within 31 days): 3 × 1,000 SAR.
    const first = await recordRentPayment(db(), office.accountant, lease.id, payment({ amountHalalas: 150_050 }));
    expect(first).toMatchObject({ ok: true, repeated: false });
    expect((await instalmentsOfLease(lease.id)).map((r) => r.paidHalalas)).toEqual([100_000, 50_050, 0]);
    const allocations = await db()
      .select()
      .from(rentPaymentAllocations)
      .where(eq(rentPaymentAllocations.paymentId, (first as { paymentId: number }).paymentId));
    expect(allocations.map((a) => a.amountHalalas).sort((a, b) => a - b)).toEqual([50_050, 100_000]);
    const tooMuch = await recordRentPayment(db(), office.manager, lease.id, payment({ amountHalalas: 149_951 }));
    expect(tooMuch).toEqual({ ok: false, status: 409, field: "amount", error: RENT_MESSAGES.overpaid(149_950) });
    expect(RENT_MESSAGES.overpaid(149_950)).toContain("١٬٤٩٩٫٥٠");
    expect(await recordRentPayment(db(), office.manager, lease.id, payment({ amountHalalas: 149_950 }))).toMatchObject({ ok: true });
    expect(await recordRentPayment(db(), office.manager, lease.id, payment({ amountHalalas: 1 }))).toMatchObject({ ok: false, error: RENT_MESSAGES.nothingDue });
  });

  it("lets the employee read but not record (403)", async () => {
    const { lease } = await insertLease(db(), { startsOn: "2026-01-01", endsOn: "2026-12-31", yearlyRentHalalas: 1_200_000, schedule: "monthly" });
    await generateDueInstalments(db(), at("2026-01-05"));
    expect(await recordRentPayment(db(), office.employee, lease.id, payment())).toMatchObject({ ok: false, status: 403 });
    const form = new FormData();
    for (const [k, v] of Object.entries({ amount: "100", method: "cash", paidOn: "2026-01-05", requestKey: crypto.randomUUID() })) form.set(k, v);
    const request = new Request("https://aqar.example.sa/admin/rent/leases/1", { method: "POST", body: new URLSearchParams(form as never) });
    const answer = await readAnswer(await handleLeasePost({ db: db(), env } as unknown as AppServices, office.employee, lease.id, request), env);
    expect(answer.status).toBe(403);
    const ledger = await loadLeaseLedger(db(), office.employee, lease.id, at("2026-01-05"));
    expect(ledger).toMatchObject({ canRecord: false, requestKey: "" });
    expect((await db().select().from(rentPayments).where(eq(rentPayments.leaseId, lease.id))).length).toBe(0);
  });

  it("records the same form sent twice at once as one payment, answering both as the first", async () => {
    const { lease } = await insertLease(db(), { startsOn: "2026-01-01", endsOn: "2026-12-31", yearlyRentHalalas: 1_200_000, schedule: "monthly" });
    await generateDueInstalments(db(), at("2026-01-05"));
    const input = payment({ amountHalalas: 60_000 });
    const outcomes = await Promise.all([0, 1, 2].map(() => recordRentPayment(db(), office.accountant, lease.id, input)));
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(new Set(outcomes.map((o) => (o as { paymentId: number }).paymentId)).size).toBe(1);
    expect(outcomes.filter((o) => o.ok && !o.repeated)).toHaveLength(1);
    expect((await db().select().from(rentPayments).where(eq(rentPayments.leaseId, lease.id))).length).toBe(1);
    expect((await instalmentsOfLease(lease.id))[0]!.paidHalalas).toBe(60_000);
  });

  it("through the form: amount typed in Arabic-Indic digits becomes exact halalas; the same key again redirects the same, one payment", async () => {
    const { lease } = await insertLease(db(), { startsOn: "2026-01-01", endsOn: "2026-12-31", yearlyRentHalalas: 1_200_000, schedule: "monthly" });
    await generateDueInstalments(db(), at("2026-01-05"));
    const key = crypto.randomUUID();
    const send = () =>
      handleLeasePost(
        { db: db(), env } as unknown as AppServices,
        office.accountant,
        lease.id,
        new Request("https://aqar.example.sa/x", {
          method: "POST",
          body: new URLSearchParams({ amount: "٥٠٠٫٢٥", method: "cash", paidOn: "2026-01-04", notes: "", requestKey: key }),
        }),
      );
    const [a, b] = await Promise.all([send(), send()]);
    const [first, second] = [await readAnswer(a, env), await readAnswer(b, env)];
    expect(first.location).toBe(`/admin/rent/leases/${lease.id}`);
    expect(second.location).toBe(first.location);
    expect(first.toast?.text).toBe(RENT_MESSAGES.paymentRecorded);
    const rows = await db().select().from(rentPayments).where(eq(rentPayments.leaseId, lease.id));
    expect(rows.map((r) => r.amountHalalas)).toEqual([50_025]);
    const bad = await readAnswer(
      await handleLeasePost(
        { db: db(), env } as unknown as AppServices,
        office.accountant,
        lease.id,
        new Request("https://aqar.example.sa/x", {
          method: "POST",
          body: new URLSearchParams({ amount: "12.345", method: "cash", paidOn: "2026-01-04", requestKey: crypto.randomUUID() }),
        }),
      ),
      env,
    );
    expect(bad.status).toBe(400);
    expect(bad.errors.amount).toEqual([RENT_MESSAGES.amountInvalid]);
    expect(bad.initialValue).toMatchObject({ amount: "12.345" });
  });

  it("two different payments at once on one lease never over-pay an instalment", async () => {
    const { lease } = await insertLease(db(), { startsOn: "2026-01-01", endsOn: "2026-12-31", yearlyRentHalalas: 1_200_000, schedule: "monthly" });
    await generateDueInstalments(db(), at("2026-01-05"));
    // Jan and Feb due so far (200,000 halalas): four payments of 70,000 at once, the fourth cannot fit.
    const outcomes = await Promise.all([0, 1, 2, 3].map(() => recordRentPayment(db(), office.accountant, lease.id, payment({ amountHalalas: 70_000 }))));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(2);
    expect(outcomes.filter((o) => !o.ok).map((o) => (o as { error: string }).error)).toEqual([RENT_MESSAGES.overpaid(60_000), RENT_MESSAGES.overpaid(60_000)]);
    expect((await instalmentsOfLease(lease.id)).map((r) => r.paidHalalas)).toEqual([100_000, 40_000]);
    const [{ total }] = (
      await db().execute<{ total: string }>(
        sql`select sum(a.amount_halalas)::text as total from rent_payment_allocations a join rent_payments p on p.id = a.payment_id where p.lease_id = ${lease.id}`,
      )
    ).rows as [{ total: string }];
    expect(Number(total)).toBe(140_000);
  });
});

describe("the board and arrears", () => {
  it("marks overdue instalments with their days, filters by state, and reminds once per step, however many runs at once", async () => {
    const d = db();
    await d.update(propertyManagementRules).set({ arrearsReminderDays: [3, 10, 30], arrearsChannel: "sms" });
    const { lease, tenant, owner } = await insertLease(d, { startsOn: "2026-05-01", endsOn: "2027-04-30", yearlyRentHalalas: 1_200_000, schedule: "monthly" });
    await generateDueInstalments(d, at("2026-05-01"));
    const board = await loadRentBoard(d, office.employee, new URL(`https://x/admin/rent?owner=${owner.id}&state=overdue`), at("2026-05-12"));
    expect(board.rows).toHaveLength(1);
    expect(board.rows[0]).toMatchObject({ leaseId: lease.id, state: "overdue", daysOverdue: 11 });
    expect(board).toMatchObject({ total: 1, more: false, totals: { due: 100_000, paid: 0, overdue: 100_000 } });
    const sent: Array<{ to: string; body: string }> = [];
    const senders = { sms: { send: async (m: { to: string; body: string }) => void sent.push(m) }, whatsapp: { send: async () => undefined } };
    // 11 days late: the step of 10 (and 3 marked as passed), one message however many runs at once.
    await Promise.all([sendArrearsReminders(d, senders, at("2026-05-12")), sendArrearsReminders(d, senders, at("2026-05-12")), sendArrearsReminders(d, senders, at("2026-05-12"))]);
    const mine = () => sent.filter((m) => m.to === tenant.phone);
    expect(mine()).toHaveLength(1);
    expect(mine()[0]!.body).toContain("متأخر ١١ يومًا");
    await sendArrearsReminders(d, senders, at("2026-05-20"));
    expect(mine()).toHaveLength(1);
    await sendArrearsReminders(d, senders, at("2026-05-31"));
    expect(mine()).toHaveLength(2);
    const steps = await d
      .select({ step: rentReminders.step })
      .from(rentReminders)
      .innerJoin(rentInstalments, eq(rentInstalments.id, rentReminders.instalmentId))
      .where(eq(rentInstalments.leaseId, lease.id));
    expect(steps.map((s) => s.step).sort((a, b) => a - b)).toEqual([3, 10, 30]);
  });

  it("counts and sums every instalment the filters match, past the 500 the board shows", async () => {
    const d = db();
    const { lease, owner } = await insertLease(d, { startsOn: "2020-01-01", endsOn: "2027-04-30", yearlyRentHalalas: 1_200_000, schedule: "monthly" });
    // 520 unpaid instalments, one a day from 2024, the last partly paid.
    const day = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
    await d.insert(rentInstalments).values(Array.from({ length: 520 }, (_, n) => ({ leaseId: lease.id, dueOn: day(n), amountHalalas: 1_000, paidHalalas: n === 519 ? 400 : 0 })));
    const board = await loadRentBoard(d, office.employee, new URL(`https://x/admin/rent?owner=${owner.id}`), at("2026-05-12"));
    expect(board.rows).toHaveLength(500);
    expect(board).toMatchObject({ more: true, total: 520, totals: { due: 520_000, paid: 400, overdue: 519_600 } });
  });

  it("sends by WhatsApp when the settings say so, and not for an instalment paid in full", async () => {
    const d = db();
    await d.update(propertyManagementRules).set({ arrearsReminderDays: [5], arrearsChannel: "whatsapp" });
    const { lease, tenant } = await insertLease(d, { startsOn: "2026-07-01", endsOn: "2027-06-30", yearlyRentHalalas: 1_200_000, schedule: "monthly" });
    const { lease: paidLease, tenant: paidTenant } = await insertLease(d, { startsOn: "2026-07-01", endsOn: "2027-06-30", yearlyRentHalalas: 1_200_000, schedule: "monthly" });
    await generateDueInstalments(d, at("2026-07-01"));
    await recordRentPayment(d, office.accountant, paidLease.id, payment({ amountHalalas: 100_000 }));
    const sent: Array<{ to: string; body: string }> = [];
    const senders = { sms: { send: async () => expect.fail("no SMS") }, whatsapp: { send: async (m: { to: string; body: string }) => void sent.push(m) } };
    await sendArrearsReminders(d, senders, at("2026-07-07"));
    expect(sent.map((m) => m.to)).toContain(tenant.phone.slice(1));
    expect(sent.map((m) => m.to)).not.toContain(paidTenant.phone.slice(1));
    expect(lease.id).toBeGreaterThan(0);
  });
});

describe("the settings' «إدارة الأملاك» section", () => {
  const send = (user: Office[keyof Office], fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ intent: "pmRules", ...fields })) form.set(k, v);
    return handlePmRulesPost({ db: db(), env }, user, form).then((a) => readAnswer(a as never, env));
  };
  const GOOD = { renewalNoticeDays: "٩٠", arrearsReminderDays: "٥، ١٥ ,45", arrearsChannel: "whatsapp", statementDay: "7" };

  it("reads reminder steps typed any way, ascending, 1..365, at most six", () => {
    expect(readReminderSteps("3، 10، 30")).toEqual([3, 10, 30]);
    expect(readReminderSteps("٣ ١٠ ٣٠")).toEqual([3, 10, 30]);
    expect(readReminderSteps("10, 3")).toBeNull();
    expect(readReminderSteps("3, 3")).toBeNull();
    expect(readReminderSteps("0")).toBeNull();
    expect(readReminderSteps("366")).toBeNull();
    expect(readReminderSteps("1 2 3 4 5 6 7")).toBeNull();
    expect(readReminderSteps("")).toBeNull();
  });

  it("saves the manager's rules with an audit row; refuses the others (403) and bad input, changing nothing", async () => {
    const saved = await send(office.manager, GOOD);
    expect(saved.toast?.text).toBe(PM_RULES_MESSAGES.saved);
    expect(await getRentRules(db())).toEqual({ renewalNoticeDays: 90, arrearsReminderDays: [5, 15, 45], arrearsChannel: "whatsapp", statementDay: 7 });
    const [audit] = (await db().execute<{ details: { section: string } }>(sql`select details from audit_log where action = 'settings-change' order by id desc limit 1`)).rows;
    expect(audit!.details.section).toBe("property-management");
    expect((await send(office.accountant, { ...GOOD, statementDay: "9" })).status).toBe(403);
    expect((await send(office.employee, { ...GOOD, statementDay: "9" })).status).toBe(403);
    const bad = await send(office.manager, { ...GOOD, arrearsReminderDays: "30, 10", statementDay: "29" });
    expect(bad.status).toBe(400);
    expect(bad.errors).toMatchObject({ arrearsReminderDays: [PM_RULES_MESSAGES.steps], statementDay: [PM_RULES_MESSAGES.statementDay] });
    expect(bad.initialValue).toMatchObject({ arrearsReminderDays: "30, 10" });
    expect((await getRentRules(db())).statementDay).toBe(7);
  });
});

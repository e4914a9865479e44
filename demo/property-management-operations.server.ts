/**
 * The property-management operations' demo records (issue 33), on the demo owners' units
 * (property-management.server.ts): tenants, leases (in force, one ending within 60 days, one in
 * Riyadh renewed at the same rent under the freeze, one ended early, one signed to start soon),
 * rent instalments of the past six months and the next (the schedule's equal split of the yearly
 * rent), payments with their allocations (most paid, one partly, one 10 and one 45 days
 * overdue), two maintenance requests (one open and urgent; one done, its cost approved through the
 * finance approvals and charged to the owner) and last month's statement of the building's owner.
 * Everything is derived from `now` and a seeded generator (random.ts): the same day seeds the same
 * records. Once: nothing is written when tenants exist.
 */
import { asc, count, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import type { LeaseSchedule, OwnerStatementLine, RentPaymentMethod } from "~/db/column-types.ts";
import {
  leases,
  maintenanceRequests,
  managedProperties,
  managedUnits,
  managementContracts,
  ownerCharges,
  ownerStatements,
  rentInstalments,
  rentPaymentAllocations,
  rentPayments,
  staffUsers,
  tasks,
  tenants,
  transactions,
} from "~/db/schema.ts";
import { log } from "~/utils/log.server.ts";
import { riyadhDayOf } from "~/utils/riyadh-day.ts";
import { mulberry32 } from "./random.ts";

const DAY = 24 * 3_600_000;

const DEMO_TENANTS = [
  { kind: "person", name: "فيصل بن محمد القحطاني", identityNumber: "1087345623", phone: "+966551234567", email: "faisal@example.sa" },
  { kind: "person", name: "نورة بنت عبدالرحمن العتيبي", identityNumber: "1091827368", phone: "+966562345678", email: "" },
  { kind: "person", name: "سلطان بن خالد الدوسري", identityNumber: "1045672811", phone: "+966543456789", email: "sultan@example.sa" },
  { kind: "person", name: "ريم بنت فهد المطيري", identityNumber: "1102938477", phone: "+966534567890", email: "" },
  { kind: "person", name: "ماجد بن ناصر الحربي", identityNumber: "1066453901", phone: "+966505678901", email: "" },
  { kind: "establishment", name: "شركة الرواد للحلول التقنية", identityNumber: "1010654321", phone: "+966556789012", email: "admin@alrowad.example.sa" },
  { kind: "person", name: "هند بنت سعيد الزهراني", identityNumber: "1077123584", phone: "+966597890123", email: "hind@example.sa" },
] as const;

/** Instalments a year by schedule: each is the yearly rent divided by it (the demo rents divide exactly). */
const PER_YEAR: Record<LeaseSchedule, number> = { monthly: 12, quarterly: 4, "half-yearly": 2, yearly: 1 };

/** A Riyadh day plus whole months, the day of the month kept (or the month's last day). */
function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last))).toISOString().slice(0, 10);
}
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
/** A Riyadh day's noon, as a moment (the demo's times of day). */
const noonOf = (day: string) => new Date(`${day}T12:00:00+03:00`);

interface DemoLease {
  key: string;
  tenant: number;
  /** Index in the demo units: the building's ١–٤, then the office. */
  unit: number;
  ejarNumber: string;
  startsOn: string;
  endsOn: string;
  terminatedOn?: string;
  yearlyRentHalalas: number;
  schedule: LeaseSchedule;
  depositHalalas: number;
  renews?: string;
}

/** The leases, as of `today`: their days are chosen so that the figures described above hold on any day. */
function demoLeases(today: string): DemoLease[] {
  const unit3Start = addMonths(addDays(today, -10), -4); // its instalment 10 days ago is the fifth
  const officeStart = addMonths(addDays(today, -45), -6); // its third quarter fell due 45 days ago
  const yearFrom = (start: string) => addDays(addMonths(start, 12), -1);
  const renewedStart = addDays(today, -200);
  return [
    {
      key: "old-1",
      tenant: 0,
      unit: 0,
      ejarNumber: "20241187345",
      startsOn: addMonths(renewedStart, -12),
      endsOn: addDays(renewedStart, -1),
      yearlyRentHalalas: 6_000_000,
      schedule: "monthly",
      depositHalalas: 500_000,
    },
    // Renewed in Riyadh at the same rent: the freeze forbids an increase.
    {
      key: "renewed-1",
      tenant: 0,
      unit: 0,
      ejarNumber: "20251187346",
      startsOn: renewedStart,
      endsOn: yearFrom(renewedStart),
      yearlyRentHalalas: 6_000_000,
      schedule: "monthly",
      depositHalalas: 500_000,
      renews: "old-1",
    },
    {
      key: "ending-2",
      tenant: 1,
      unit: 1,
      ejarNumber: "20251187347",
      startsOn: addMonths(addDays(today, 45), -12),
      endsOn: addDays(today, 44),
      yearlyRentHalalas: 7_200_000,
      schedule: "quarterly",
      depositHalalas: 600_000,
    },
    {
      key: "old-3",
      tenant: 4,
      unit: 2,
      ejarNumber: "20241187348",
      startsOn: addMonths(unit3Start, -14),
      endsOn: addDays(addMonths(unit3Start, -2), -1),
      yearlyRentHalalas: 3_960_000,
      schedule: "half-yearly",
      depositHalalas: 300_000,
    },
    {
      key: "current-3",
      tenant: 2,
      unit: 2,
      ejarNumber: "20251187349",
      startsOn: unit3Start,
      endsOn: yearFrom(unit3Start),
      yearlyRentHalalas: 4_200_000,
      schedule: "monthly",
      depositHalalas: 350_000,
    },
    // Left early: the unit is vacant until the next tenant moves in.
    {
      key: "ended-4",
      tenant: 3,
      unit: 3,
      ejarNumber: "20251187350",
      startsOn: addDays(today, -400),
      endsOn: addDays(today, -36),
      terminatedOn: addDays(today, -100),
      yearlyRentHalalas: 2_400_000,
      schedule: "monthly",
      depositHalalas: 200_000,
    },
    {
      key: "next-4",
      tenant: 6,
      unit: 3,
      ejarNumber: "20261187351",
      startsOn: addDays(today, 20),
      endsOn: yearFrom(addDays(today, 20)),
      yearlyRentHalalas: 2_400_000,
      schedule: "monthly",
      depositHalalas: 200_000,
    },
    {
      key: "office",
      tenant: 5,
      unit: 4,
      ejarNumber: "20251187352",
      startsOn: officeStart,
      endsOn: yearFrom(officeStart),
      yearlyRentHalalas: 9_600_000,
      schedule: "quarterly",
      depositHalalas: 2_400_000,
    },
  ];
}

/** The due days of a lease's schedule within [from, to] and while it is in force. */
function dueDays(lease: DemoLease, from: string, to: string): string[] {
  const step = 12 / PER_YEAR[lease.schedule];
  const lastDay = lease.terminatedOn ?? lease.endsOn;
  const days: string[] = [];
  for (let k = 0; ; k++) {
    const due = addMonths(lease.startsOn, k * step);
    if (due > lastDay || due > to) break;
    if (due >= from) days.push(due);
  }
  return days;
}

export async function seedDemoPropertyOperations(db: Db, now = Date.now()) {
  const [existing] = await db.select({ n: count() }).from(tenants);
  if ((existing?.n ?? 0) > 0) return;
  const units = await db
    .select({ id: managedUnits.id, label: managedUnits.label, propertyId: managedUnits.propertyId, ownerId: managedProperties.ownerId, propertyName: managedProperties.name })
    .from(managedUnits)
    .innerJoin(managedProperties, eq(managedProperties.id, managedUnits.propertyId))
    .orderBy(asc(managedProperties.id), asc(managedUnits.id))
    .limit(5);
  const staff = await db.select({ id: staffUsers.id, role: staffUsers.role }).from(staffUsers).orderBy(asc(staffUsers.id));
  const manager = staff.find((s) => s.role === "manager");
  const accountant = staff.find((s) => s.role === "accountant") ?? manager;
  const employee = staff.find((s) => s.role === "staff") ?? manager;
  if (units.length < 5 || !manager || !accountant || !employee) {
    log.warn("demo rent and maintenance skipped: the demo units or staff are missing");
    return;
  }
  const today = riyadhDayOf(now);
  const random = mulberry32(33);
  await db.transaction(async (tx) => {
    const tenantIds = (
      await tx
        .insert(tenants)
        .values(DEMO_TENANTS.map((t) => ({ ...t })))
        .returning({ id: tenants.id })
    ).map((r) => r.id);
    const leaseIds = new Map<string, number>();
    const plans = demoLeases(today);
    for (const plan of plans) {
      const [row] = await tx
        .insert(leases)
        .values({
          unitId: units[plan.unit]!.id,
          tenantId: tenantIds[plan.tenant]!,
          ejarNumber: plan.ejarNumber,
          startsOn: plan.startsOn,
          endsOn: plan.endsOn,
          terminatedOn: plan.terminatedOn ?? null,
          yearlyRentHalalas: plan.yearlyRentHalalas,
          schedule: plan.schedule,
          depositHalalas: plan.depositHalalas,
          renewsLeaseId: plan.renews ? leaseIds.get(plan.renews)! : null,
          renewalNoticeSentAt: plan.renews ? noonOf(addDays(plan.startsOn, -60)) : null,
          createdBy: manager.id,
          createdAt: noonOf(addDays(plan.startsOn, -7) < today ? addDays(plan.startsOn, -7) : today),
        })
        .returning({ id: leases.id });
      leaseIds.set(plan.key, row!.id);
    }

    // The past six months' instalments and the next month's, each paid a few days after it fell due but for the two in arrears.
    const from = addMonths(today, -6);
    const to = addMonths(today, 1);
    const methods: RentPaymentMethod[] = ["transfer", "transfer", "transfer", "cash", "card", "cheque"];
    /** Collected per unit and Riyadh month (yyyy-mm), for the statement. */
    const collected = new Map<string, number>();
    let paymentNumber = 0;
    for (const plan of plans) {
      const leaseId = leaseIds.get(plan.key)!;
      const amount = plan.yearlyRentHalalas / PER_YEAR[plan.schedule];
      const days = dueDays(plan, from, to);
      const latestPast = days.filter((d) => d < today).at(-1);
      for (const due of days) {
        let paidOn = addDays(due, Math.floor(random() * 5));
        let paid = amount;
        // Not due yet; the office's last quarter (45 days ago) unpaid; unit ٣'s last month (10 days ago) half paid.
        if (due >= today || (plan.key === "office" && due === latestPast)) paid = 0;
        else if (plan.key === "current-3" && due === latestPast) {
          paid = amount / 2;
          paidOn = addDays(today, -8);
        }
        if (paidOn > today) paidOn = today;
        const [instalment] = await tx
          .insert(rentInstalments)
          .values({ leaseId, dueOn: due, amountHalalas: amount, paidHalalas: paid, createdAt: noonOf(addDays(due, -14) < today ? addDays(due, -14) : today) })
          .returning({ id: rentInstalments.id });
        if (paid === 0) continue;
        const [payment] = await tx
          .insert(rentPayments)
          .values({
            leaseId,
            amountHalalas: paid,
            method: methods[paymentNumber++ % methods.length]!,
            paidOn,
            requestKey: `demo-rent-${leaseId}-${due}`,
            recordedBy: accountant.id,
            createdAt: noonOf(paidOn),
          })
          .returning({ id: rentPayments.id });
        await tx.insert(rentPaymentAllocations).values({ paymentId: payment!.id, instalmentId: instalment!.id, amountHalalas: paid });
        const key = `${units[plan.unit]!.id}:${paidOn.slice(0, 7)}`;
        collected.set(key, (collected.get(key) ?? 0) + paid);
      }
    }

    // Maintenance: an urgent leak reported yesterday (a task for the staff), and last fortnight's repair, done, its cost approved and charged to the owner.
    const leakUnit = units[2]!;
    const [leakTask] = await tx
      .insert(tasks)
      .values({
        title: `بلاغ صيانة: تسريب مياه — ${leakUnit.propertyName}، وحدة ${leakUnit.label}`,
        description: "تسريب مياه من سقف دورة المياه يزداد مع الاستخدام.",
        assignedTo: employee.id,
        createdBy: manager.id,
        status: "Pending",
        createdAt: new Date(now - DAY),
        updatedAt: new Date(now - DAY),
      })
      .returning({ id: tasks.id });
    await tx.insert(maintenanceRequests).values({
      unitId: leakUnit.id,
      phone: DEMO_TENANTS[2].phone,
      category: "plumbing",
      urgency: "urgent",
      description: "تسريب مياه من سقف دورة المياه يزداد مع الاستخدام.",
      status: "open",
      taskId: leakTask!.id,
      createdAt: new Date(now - DAY),
      updatedAt: new Date(now - DAY),
    });
    const repairUnit = units[0]!;
    const repairDay = addDays(today, -15);
    const [repairTask] = await tx
      .insert(tasks)
      .values({
        title: `بلاغ صيانة: انقطاع الكهرباء في المطبخ — ${repairUnit.propertyName}، وحدة ${repairUnit.label}`,
        description: "انقطاع الكهرباء عن مقابس المطبخ بعد تشغيل الفرن.",
        assignedTo: employee.id,
        createdBy: manager.id,
        status: "Completed",
        createdAt: noonOf(addDays(today, -20)),
        updatedAt: noonOf(repairDay),
      })
      .returning({ id: tasks.id });
    const [request] = await tx
      .insert(maintenanceRequests)
      .values({
        unitId: repairUnit.id,
        phone: DEMO_TENANTS[0].phone,
        category: "electricity",
        urgency: "normal",
        description: "انقطاع الكهرباء عن مقابس المطبخ بعد تشغيل الفرن.",
        status: "done",
        taskId: repairTask!.id,
        createdAt: noonOf(addDays(today, -20)),
        updatedAt: noonOf(repairDay),
      })
      .returning({ id: maintenanceRequests.id });
    const cost = 85_000;
    const costText = "تكلفة إصلاح: استبدال قاطع كهربائي وتمديد المطبخ";
    const [financeTask] = await tx
      .insert(tasks)
      .values({
        title: costText,
        assignedTo: manager.id,
        createdBy: employee.id,
        status: "Completed",
        amount: cost / 100,
        transactionType: "expense",
        notes: "معتمد: يُحمَّل على المالك",
        createdAt: noonOf(addDays(repairDay, -1)),
        updatedAt: noonOf(repairDay),
      })
      .returning({ id: tasks.id });
    await tx.insert(transactions).values({
      date: noonOf(repairDay),
      description: costText,
      amount: cost / 100,
      type: "expense",
      createdBy: employee.id,
      approvedBy: manager.id,
      approvalNotes: "معتمد: يُحمَّل على المالك",
      relatedTaskId: financeTask!.id,
    });
    await tx.insert(ownerCharges).values({
      ownerId: repairUnit.ownerId,
      propertyId: repairUnit.propertyId,
      unitId: repairUnit.id,
      maintenanceRequestId: request!.id,
      description: costText,
      amountHalalas: cost,
      chargedOn: repairDay,
      financeTaskId: financeTask!.id,
      createdBy: employee.id,
    });

    // Last month's statement of the building's owner: rent collected per unit, the approved charges, the contract's commission.
    const lastMonth = addMonths(`${today.slice(0, 7)}-01`, -1);
    const owner = repairUnit.ownerId;
    const [contract] = await tx
      .select({ basisPoints: managementContracts.commissionBasisPoints })
      .from(managementContracts)
      .where(eq(managementContracts.propertyId, repairUnit.propertyId))
      .limit(1);
    const basisPoints = contract?.basisPoints ?? 0;
    const charges = await tx
      .select({ unitId: ownerCharges.unitId, amount: ownerCharges.amountHalalas, chargedOn: ownerCharges.chargedOn })
      .from(ownerCharges)
      .where(eq(ownerCharges.ownerId, owner));
    const ownerUnits = units.filter((u) => u.ownerId === owner);
    const lines: OwnerStatementLine[] = ownerUnits.map((u) => {
      const rent = collected.get(`${u.id}:${lastMonth.slice(0, 7)}`) ?? 0;
      return {
        unitId: u.id,
        unitLabel: u.label,
        propertyName: u.propertyName,
        collectedHalalas: rent,
        expensesHalalas: charges.filter((c) => c.unitId === u.id && c.chargedOn.slice(0, 7) === lastMonth.slice(0, 7)).reduce((s, c) => s + c.amount, 0),
        commissionHalalas: Math.round((rent * basisPoints) / 10_000),
      };
    });
    const sum = (pick: (l: OwnerStatementLine) => number) => lines.reduce((s, l) => s + pick(l), 0);
    await tx.insert(ownerStatements).values({
      ownerId: owner,
      month: lastMonth,
      collectedHalalas: sum((l) => l.collectedHalalas),
      expensesHalalas: sum((l) => l.expensesHalalas),
      commissionHalalas: sum((l) => l.commissionHalalas),
      netHalalas: sum((l) => l.collectedHalalas - l.expensesHalalas - l.commissionHalalas),
      lines,
      createdAt: noonOf(`${today.slice(0, 7)}-01` > addDays(today, -1) ? today : `${today.slice(0, 7)}-01`),
    });
  });
}

import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import { data } from "react-router";
import type { Db } from "~/db/client.server.ts";
import { images, leases, managedProperties, managedUnits, owners, rentInstalments, rentPayments, staffUsers, tenants } from "~/db/schema.ts";
import { privateImageColumns } from "~/modules/images/private-images.server.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import { riyadhDayOf } from "~/utils/riyadh-day.ts";
import { canRecordRent, RENT_MESSAGES } from "./rent-messages.ts";
import { addMonthsClamped, daysBetween } from "./rent-schedule.ts";
import { BOARD_STATES, instalmentState, type BoardState, type InstalmentState } from "./rent-view.ts";

/** The most rows the board shows (the filters narrow it). */
const BOARD_LIMIT = 500;

export interface BoardFilters {
  propertyId: number | null;
  ownerId: number | null;
  state: BoardState | null;
}

const readId = (value: string | null) => (value && /^\d{1,9}$/.test(value) ? Number(value) : null);

function readBoardFilters(params: URLSearchParams): BoardFilters {
  const state = params.get("state");
  return {
    propertyId: readId(params.get("property")),
    ownerId: readId(params.get("owner")),
    state: (BOARD_STATES as readonly string[]).includes(state ?? "") ? (state as BoardState) : null,
  };
}

/** A lease id from the address, or a 404. */
export function readLeaseId(param: string | undefined): number {
  if (!param || !/^\d{1,9}$/.test(param)) throw data(RENT_MESSAGES.leaseNotFound, { status: 404 });
  return Number(param);
}

interface BoardRow {
  id: number;
  leaseId: number;
  dueOn: string;
  amountHalalas: number;
  paidHalalas: number;
  state: InstalmentState;
  daysOverdue: number;
  tenant: string;
  unit: string;
  property: string;
  owner: string;
}

/**
 * /admin/rent, the collection board: the instalments due this month (Riyadh) and every earlier one
 * not paid in full, oldest first, filtered by property, owner and state (the oldest 500 shown); the
 * totals of every instalment the filters match.
 */
export async function loadRentBoard(db: Db, user: StaffProfile, url: URL, now = new Date()) {
  const today = riyadhDayOf(now);
  const monthStart = `${today.slice(0, 7)}-01`;
  const nextMonth = addMonthsClamped(monthStart, 1);
  const filters = readBoardFilters(url.searchParams);
  const stateCondition: Record<BoardState, SQL> = {
    overdue: and(lt(rentInstalments.dueOn, today), lt(rentInstalments.paidHalalas, rentInstalments.amountHalalas))!,
    partly: and(sql`${rentInstalments.paidHalalas} > 0`, lt(rentInstalments.paidHalalas, rentInstalments.amountHalalas))!,
    unpaid: lt(rentInstalments.paidHalalas, rentInstalments.amountHalalas),
    paid: sql`${rentInstalments.paidHalalas} = ${rentInstalments.amountHalalas}`,
  };
  const matching = and(
    lt(rentInstalments.dueOn, nextMonth),
    or(gte(rentInstalments.dueOn, monthStart), lt(rentInstalments.paidHalalas, rentInstalments.amountHalalas)),
    filters.propertyId ? eq(managedProperties.id, filters.propertyId) : undefined,
    filters.ownerId ? eq(owners.id, filters.ownerId) : undefined,
    filters.state ? stateCondition[filters.state] : undefined,
  );
  const rows = await db
    .select({
      id: rentInstalments.id,
      leaseId: rentInstalments.leaseId,
      dueOn: rentInstalments.dueOn,
      amountHalalas: rentInstalments.amountHalalas,
      paidHalalas: rentInstalments.paidHalalas,
      tenant: tenants.name,
      unit: managedUnits.label,
      property: managedProperties.name,
      owner: owners.name,
    })
    .from(rentInstalments)
    .innerJoin(leases, eq(leases.id, rentInstalments.leaseId))
    .innerJoin(tenants, eq(tenants.id, leases.tenantId))
    .innerJoin(managedUnits, eq(managedUnits.id, leases.unitId))
    .innerJoin(managedProperties, eq(managedProperties.id, managedUnits.propertyId))
    .innerJoin(owners, eq(owners.id, managedProperties.ownerId))
    .where(matching)
    .orderBy(asc(rentInstalments.dueOn), asc(rentInstalments.id))
    .limit(BOARD_LIMIT + 1);
  const [properties, ownerChoices] = await Promise.all([
    db
      .selectDistinct({ id: managedProperties.id, name: managedProperties.name })
      .from(managedProperties)
      .innerJoin(managedUnits, eq(managedUnits.propertyId, managedProperties.id))
      .innerJoin(leases, eq(leases.unitId, managedUnits.id))
      .orderBy(managedProperties.name),
    db
      .selectDistinct({ id: owners.id, name: owners.name })
      .from(owners)
      .innerJoin(managedProperties, eq(managedProperties.ownerId, owners.id))
      .innerJoin(managedUnits, eq(managedUnits.propertyId, managedProperties.id))
      .innerJoin(leases, eq(leases.unitId, managedUnits.id))
      .orderBy(owners.name),
  ]);
  const shown: BoardRow[] = rows.slice(0, BOARD_LIMIT).map((row) => ({ ...row, state: instalmentState(row, today), daysOverdue: Math.max(0, daysBetween(row.dueOn, today)) }));
  // Over every instalment the filters match, not only the rows shown (the list stops at 500).
  const [sums] = await db
    .select({
      count: sql<number>`count(*)::int`,
      due: sql<string>`coalesce(sum(${rentInstalments.amountHalalas}), 0)`,
      paid: sql<string>`coalesce(sum(${rentInstalments.paidHalalas}), 0)`,
      overdue: sql<string>`coalesce(sum(${rentInstalments.amountHalalas} - ${rentInstalments.paidHalalas}) filter (where ${rentInstalments.dueOn} < ${today} and ${rentInstalments.paidHalalas} < ${rentInstalments.amountHalalas}), 0)`,
    })
    .from(rentInstalments)
    .innerJoin(leases, eq(leases.id, rentInstalments.leaseId))
    .innerJoin(managedUnits, eq(managedUnits.id, leases.unitId))
    .innerJoin(managedProperties, eq(managedProperties.id, managedUnits.propertyId))
    .innerJoin(owners, eq(owners.id, managedProperties.ownerId))
    .where(matching);
  const totals = { due: Number(sums?.due ?? 0), paid: Number(sums?.paid ?? 0), overdue: Number(sums?.overdue ?? 0) };
  return {
    rows: shown,
    more: rows.length > BOARD_LIMIT,
    total: sums?.count ?? 0,
    totals,
    filters,
    properties,
    owners: ownerChoices,
    today,
    month: monthStart,
    canRecord: canRecordRent(user.role),
  };
}

/**
 * /admin/rent/leases/:leaseId, the lease's ledger: the lease, its instalments with their states,
 * its payments (newest first), what is unpaid, and the payment form's one-time key (new on every
 * render: a form sent twice carries the same key and records one payment).
 */
export async function loadLeaseLedger(db: Db, user: StaffProfile, leaseId: number, now = new Date()) {
  const today = riyadhDayOf(now);
  const [lease] = await db
    .select({
      id: leases.id,
      ejarNumber: leases.ejarNumber,
      startsOn: leases.startsOn,
      endsOn: leases.endsOn,
      terminatedOn: leases.terminatedOn,
      yearlyRentHalalas: leases.yearlyRentHalalas,
      schedule: leases.schedule,
      tenant: tenants.name,
      tenantPhone: tenants.phone,
      unit: managedUnits.label,
      propertyId: managedProperties.id,
      property: managedProperties.name,
      ownerId: owners.id,
      owner: owners.name,
    })
    .from(leases)
    .innerJoin(tenants, eq(tenants.id, leases.tenantId))
    .innerJoin(managedUnits, eq(managedUnits.id, leases.unitId))
    .innerJoin(managedProperties, eq(managedProperties.id, managedUnits.propertyId))
    .innerJoin(owners, eq(owners.id, managedProperties.ownerId))
    .where(eq(leases.id, leaseId));
  if (!lease) throw data(RENT_MESSAGES.leaseNotFound, { status: 404 });
  const canRecord = canRecordRent(user.role);
  const [instalmentRows, payments] = await Promise.all([
    db.select().from(rentInstalments).where(eq(rentInstalments.leaseId, leaseId)).orderBy(asc(rentInstalments.dueOn)),
    db
      .select({
        id: rentPayments.id,
        amountHalalas: rentPayments.amountHalalas,
        method: rentPayments.method,
        paidOn: rentPayments.paidOn,
        notes: rentPayments.notes,
        recordedBy: staffUsers.name,
        receipt: privateImageColumns,
      })
      .from(rentPayments)
      .leftJoin(staffUsers, eq(staffUsers.id, rentPayments.recordedBy))
      .leftJoin(images, eq(images.id, rentPayments.receiptImageId))
      .where(eq(rentPayments.leaseId, leaseId))
      .orderBy(desc(rentPayments.paidOn), desc(rentPayments.id)),
  ]);
  const instalments = instalmentRows.map((i) => ({
    id: i.id,
    dueOn: i.dueOn,
    amountHalalas: i.amountHalalas,
    paidHalalas: i.paidHalalas,
    state: instalmentState(i, today),
    daysOverdue: Math.max(0, daysBetween(i.dueOn, today)),
  }));
  const unpaidHalalas = instalments.reduce((sum, i) => sum + i.amountHalalas - i.paidHalalas, 0);
  const overdueHalalas = instalments.filter((i) => i.state === "overdue").reduce((sum, i) => sum + i.amountHalalas - i.paidHalalas, 0);
  return {
    lease,
    instalments,
    // The receipts are the finance roles' (the private images' rule): the employees see that there is one.
    payments: payments.map((p) => ({ ...p, receipt: canRecord ? p.receipt : null, hasReceipt: p.receipt !== null })),
    unpaidHalalas,
    overdueHalalas,
    today,
    canRecord,
    requestKey: canRecord ? randomUUID() : "",
  };
}

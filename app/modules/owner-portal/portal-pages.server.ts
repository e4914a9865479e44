import { Readable } from "node:stream";
import { and, asc, desc, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import type { AppServices } from "~/context.ts";
import type { ManagedPropertyKind } from "~/db/column-types.ts";
import type { Db } from "~/db/client.server.ts";
import { inquiries, leases, maintenanceRequests, managedProperties, managedUnits, managementContracts, offerViewDays, offers, ownerStatements, tenants } from "~/db/schema.ts";
import { riyadhDayOf } from "~/utils/riyadh-day.ts";
import { LEASES_ENDING_WITHIN_DAYS, MARKETING_WINDOW_DAYS } from "./portal-view.ts";

/**
 * What an owner's portal shows (decision 056). Every query here is held to one owner's id, the
 * signed-in account's (never one from the address): another owner's property, lease, request or
 * statement is simply not found.
 */

const DAY_MS = 24 * 3_600_000;

const addDays = (day: string, days: number) => riyadhDayOf(Date.parse(`${day}T12:00:00+03:00`) + days * DAY_MS);

/** A lease is in force on `day` from its start to its end, or to the day it was ended early. */
const inForceOn = (day: string) => sql`${leases.startsOn} <= ${day} and coalesce(${leases.terminatedOn}, ${leases.endsOn}) >= ${day}`;

/** The owner's units, each with its property and whether a lease holds it today. */
export async function loadOverview(db: Db, ownerId: number, now = Date.now()) {
  const today = riyadhDayOf(now);
  const rows = await db
    .select({
      propertyId: managedProperties.id,
      propertyName: managedProperties.name,
      propertyKind: managedProperties.kind,
      city: managedProperties.city,
      neighbourhood: managedProperties.neighbourhood,
      unitId: managedUnits.id,
      unitLabel: managedUnits.label,
      unitType: managedUnits.type,
      leaseEndsOn: sql<
        string | null
      >`(select coalesce(${leases.terminatedOn}, ${leases.endsOn})::text from ${leases} where ${leases.unitId} = ${managedUnits.id} and ${inForceOn(today)} limit 1)`,
    })
    .from(managedProperties)
    .leftJoin(managedUnits, eq(managedUnits.propertyId, managedProperties.id))
    .where(eq(managedProperties.ownerId, ownerId))
    .orderBy(asc(managedProperties.name), asc(managedProperties.id), asc(managedUnits.id));
  const properties = new Map<
    number,
    {
      id: number;
      name: string;
      kind: ManagedPropertyKind;
      city: string;
      neighbourhood: string;
      units: Array<{ id: number; label: string; type: string; leasedUntil: string | null }>;
    }
  >();
  for (const row of rows) {
    const property = properties.get(row.propertyId) ?? {
      id: row.propertyId,
      name: row.propertyName,
      kind: row.propertyKind,
      city: row.city,
      neighbourhood: row.neighbourhood,
      units: [],
    };
    properties.set(row.propertyId, property);
    if (row.unitId !== null) property.units.push({ id: row.unitId, label: row.unitLabel!, type: row.unitType!, leasedUntil: row.leaseEndsOn });
  }
  const units = [...properties.values()].flatMap((property) => property.units);
  const leased = units.filter((unit) => unit.leasedUntil !== null).length;
  return { today, properties: [...properties.values()], totals: { units: units.length, leased, vacant: units.length - leased } };
}

/**
 * The owner's monthly statements, newest first, each with the month of the next one (which carried
 * its net when negative) and whether a next one will come at all (a management contract after its month).
 */
export async function loadStatements(db: Db, ownerId: number) {
  const rows = await db
    .select({
      id: ownerStatements.id,
      month: ownerStatements.month,
      collectedHalalas: ownerStatements.collectedHalalas,
      expensesHalalas: ownerStatements.expensesHalalas,
      commissionHalalas: ownerStatements.commissionHalalas,
      carriedHalalas: ownerStatements.carriedHalalas,
      netHalalas: ownerStatements.netHalalas,
      hasPdf: isNotNull(ownerStatements.pdfKey),
      emailedAt: ownerStatements.emailedAt,
      paidOutAt: ownerStatements.paidOutAt,
    })
    .from(ownerStatements)
    .where(eq(ownerStatements.ownerId, ownerId))
    .orderBy(desc(ownerStatements.month));
  const [contracts] = await db
    .select({ lastDay: sql<string | null>`to_char(max(${managementContracts.endsOn}), 'YYYY-MM-DD')` })
    .from(managementContracts)
    .innerJoin(managedProperties, and(eq(managedProperties.id, managementContracts.propertyId), eq(managedProperties.ownerId, managementContracts.ownerId)))
    .where(eq(managementContracts.ownerId, ownerId));
  const lastDay = contracts?.lastDay ?? "";
  return rows.map((row, index) => ({
    ...row,
    // Newest first: a statement's next one is the one before it in the list.
    recoveredIn: rows[index - 1]?.month ?? null,
    // A contract running past the month: its last day is in a later month ('YYYY-MM' compares as text).
    nextStatementDue: lastDay.slice(0, 7) > row.month.slice(0, 7),
  }));
}

const notFound = () => new Response("الملف غير موجود", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });

/**
 * A statement's PDF, read from the file store where the statements part keeps it: only the
 * signed-in owner's own statement; another's, or one without its PDF yet, is a 404 alike.
 */
export async function statementPdfResponse(services: Pick<AppServices, "db" | "storage">, ownerId: number, statementId: number | null): Promise<Response> {
  if (statementId === null) return notFound();
  const [row] = await services.db
    .select({ pdfKey: ownerStatements.pdfKey, month: ownerStatements.month })
    .from(ownerStatements)
    .where(and(eq(ownerStatements.id, statementId), eq(ownerStatements.ownerId, ownerId)));
  if (!row?.pdfKey) return notFound();
  const object = await services.storage.get(row.pdfKey);
  if (!object) return notFound();
  return new Response(Readable.toWeb(object.body) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(object.size),
      "Content-Disposition": `attachment; filename="statement-${row.month.slice(0, 7)}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** Leases of the owner's units in force today whose last day is within LEASES_ENDING_WITHIN_DAYS, soonest first. */
export async function loadLeasesEnding(db: Db, ownerId: number, now = Date.now()) {
  const today = riyadhDayOf(now);
  const until = addDays(today, LEASES_ENDING_WITHIN_DAYS);
  const endsOn = sql<string>`coalesce(${leases.terminatedOn}, ${leases.endsOn})::text`;
  const rows = await db
    .select({
      id: leases.id,
      endsOn,
      yearlyRentHalalas: leases.yearlyRentHalalas,
      unitLabel: managedUnits.label,
      propertyName: managedProperties.name,
      tenantName: tenants.name,
      renewed: sql<boolean>`exists (select 1 from ${leases} as renewal where renewal.renews_lease_id = ${leases.id})`,
    })
    .from(leases)
    .innerJoin(managedUnits, eq(managedUnits.id, leases.unitId))
    .innerJoin(managedProperties, eq(managedProperties.id, managedUnits.propertyId))
    .innerJoin(tenants, eq(tenants.id, leases.tenantId))
    .where(and(eq(managedProperties.ownerId, ownerId), inForceOn(today), sql`coalesce(${leases.terminatedOn}, ${leases.endsOn}) <= ${until}`))
    .orderBy(endsOn, asc(leases.id));
  return rows.map((row) => ({ ...row, daysLeft: Math.round((Date.parse(row.endsOn) - Date.parse(today)) / DAY_MS) }));
}

/** The owner's units' maintenance requests not done or cancelled, oldest first (the longest waiting on top). */
export async function loadOpenMaintenance(db: Db, ownerId: number) {
  return db
    .select({
      id: maintenanceRequests.id,
      category: maintenanceRequests.category,
      urgency: maintenanceRequests.urgency,
      status: maintenanceRequests.status,
      description: maintenanceRequests.description,
      createdAt: maintenanceRequests.createdAt,
      unitLabel: managedUnits.label,
      propertyName: managedProperties.name,
    })
    .from(maintenanceRequests)
    .innerJoin(managedUnits, eq(managedUnits.id, maintenanceRequests.unitId))
    .innerJoin(managedProperties, eq(managedProperties.id, managedUnits.propertyId))
    .where(and(eq(managedProperties.ownerId, ownerId), inArray(maintenanceRequests.status, ["open", "in-progress"])))
    .orderBy(asc(maintenanceRequests.createdAt), asc(maintenanceRequests.id));
}

/** The owner's units linked to an offer, with the offer's page views and inquiries over the last MARKETING_WINDOW_DAYS days. */
export async function loadMarketedUnits(db: Db, ownerId: number, now = Date.now()) {
  const firstDay = addDays(riyadhDayOf(now), -(MARKETING_WINDOW_DAYS - 1));
  const since = new Date(now - MARKETING_WINDOW_DAYS * DAY_MS);
  const views = db
    .select({ offerId: offerViewDays.offerId, views: sql<number>`sum(${offerViewDays.views})::int`.as("views") })
    .from(offerViewDays)
    .where(gte(offerViewDays.day, firstDay))
    .groupBy(offerViewDays.offerId)
    .as("views");
  const asked = db
    .select({ offerId: inquiries.propertyId, inquiries: sql<number>`count(*)::int`.as("inquiries") })
    .from(inquiries)
    .where(and(isNotNull(inquiries.propertyId), gte(inquiries.createdAt, since)))
    .groupBy(inquiries.propertyId)
    .as("asked");
  return db
    .select({
      unitId: managedUnits.id,
      unitLabel: managedUnits.label,
      propertyName: managedProperties.name,
      offerId: offers.id,
      offerTitle: offers.title,
      offerStatus: offers.status,
      views: sql<number>`coalesce(${views.views}, 0)`,
      inquiries: sql<number>`coalesce(${asked.inquiries}, 0)`,
    })
    .from(managedUnits)
    .innerJoin(managedProperties, eq(managedProperties.id, managedUnits.propertyId))
    .innerJoin(offers, eq(offers.id, managedUnits.offerId))
    .leftJoin(views, eq(views.offerId, offers.id))
    .leftJoin(asked, eq(asked.offerId, offers.id))
    .where(eq(managedProperties.ownerId, ownerId))
    .orderBy(asc(managedProperties.name), asc(managedUnits.id));
}

import { and, asc, count, desc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { containsPattern } from "~/db/like.server.ts";
import { leases, managedProperties, managedUnits, rentFreezes, tenants } from "~/db/schema.ts";
import { recordAudit } from "~/modules/audit/index.server.ts";
import { dropInstalmentsAfter, generateInstalmentsForLease } from "~/modules/rent/index.server.ts";
import { listOfferFormChoices } from "~/modules/lookups/lookups.server.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import { foldArabic } from "~/utils/arabic.ts";
import { formatDateWithHijri, formatMoneyArabic } from "~/utils/format.ts";
import { toAsciiDigits } from "~/utils/numbers.ts";
import { parsePhone } from "~/utils/phone.ts";
import { LEASE_MESSAGES, type FreezeInput, type LeaseInput, type TenantInput } from "./lease-schema.ts";
import { PM_MESSAGES } from "~/modules/property-management/index.ts";

type Actor = Pick<StaffProfile, "id" | "name">;
/** A rule's refusal: the message, and the field it belongs under (none: above the form). */
export type LeaseRefusal = { ok: false; error: string; field?: string; status: number };
type Outcome<T = object> = ({ ok: true } & T) | LeaseRefusal;

const PAGE_SIZE = 50;
const refuse = (error: string, field?: string, status = 409): LeaseRefusal => ({ ok: false, error, status, ...(field ? { field } : {}) });
const notFound = () => refuse(PM_MESSAGES.notFound, undefined, 404);

/** PostgreSQL's error code and constraint of a failed statement (drizzle wraps the driver's error in `cause`). */
function pgError(error: unknown): { code?: string; constraint?: string } {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause;
  const own = error as { code?: string; constraint?: string };
  return typeof own.code === "string" ? own : (cause ?? {});
}

/** The day after a Riyadh day (yyyy-mm-dd). */
export const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
/** The same day a year on, less one: a one-year lease starting `day` ends there. */
export const yearOnLessADay = (day: string) => {
  const start = new Date(`${day}T00:00:00Z`);
  const next = new Date(Date.UTC(start.getUTCFullYear() + 1, start.getUTCMonth(), start.getUTCDate()));
  return new Date(next.getTime() - 86_400_000).toISOString().slice(0, 10);
};

// ---- Tenants ----

/** The tenants' list: newest first, searched by name (Arabic-folded), id / CR number, or phone typed any way; 50 a page. */
export async function listTenants(db: Db, { query, page }: { query: string; page: number }) {
  const text = query.trim();
  const digits = toAsciiDigits(text).replace(/[\s-]/g, "");
  const phone = parsePhone(text);
  const filter = text
    ? or(
        sql`${tenants.nameFolded} like ${containsPattern(foldArabic(text))}`,
        /^\d+$/.test(digits) ? sql`${tenants.identityNumber} like ${containsPattern(digits)}` : undefined,
        phone ? eq(tenants.phone, phone) : undefined,
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: tenants.id,
        kind: tenants.kind,
        name: tenants.name,
        identityNumber: tenants.identityNumber,
        phone: tenants.phone,
        leases: sql<number>`(select count(*)::int from "leases" where "leases"."tenant_id" = "tenants"."id")`,
      })
      .from(tenants)
      .where(filter)
      .orderBy(desc(tenants.createdAt), desc(tenants.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(tenants).where(filter),
  ]);
  const n = total?.n ?? 0;
  return { rows, total: n, pageCount: Math.max(1, Math.ceil(n / PAGE_SIZE)) };
}

const tenantColumns = (input: TenantInput) => ({ kind: input.kind, name: input.name, identityNumber: input.identityNumber, phone: input.phone, email: input.email });

/** A new tenant; a national id or CR number already registered is refused. */
export async function createTenant(db: Db, actor: Actor, input: TenantInput): Promise<Outcome<{ id: number }>> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(tenants).values(tenantColumns(input)).onConflictDoNothing({ target: tenants.identityNumber }).returning({ id: tenants.id });
    if (!row) return refuse(LEASE_MESSAGES.tenantTaken, "identityNumber");
    await recordAudit(tx, actor, "tenant", row.id, "pm-created", { name: input.name, kind: input.kind });
    return { ok: true, id: row.id };
  });
}

/** A tenant's details changed; the audit entry names what changed, before and after. */
export async function updateTenant(db: Db, actor: Actor, id: number, input: TenantInput): Promise<Outcome> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(tenants).where(eq(tenants.id, id)).for("update");
      if (!before) return notFound();
      const next = tenantColumns(input);
      await tx
        .update(tenants)
        .set({ ...next, updatedAt: sql`now()` })
        .where(eq(tenants.id, id));
      const changes = Object.fromEntries(
        (Object.keys(next) as Array<keyof typeof next>).filter((key) => before[key] !== next[key]).map((key) => [key, { from: before[key], to: next[key] }]),
      );
      if (Object.keys(changes).length) await recordAudit(tx, actor, "tenant", id, "pm-updated", { changes });
      return { ok: true };
    });
  } catch (error) {
    if (pgError(error).code === "23505") return refuse(LEASE_MESSAGES.tenantTaken, "identityNumber");
    throw error;
  }
}

/** The columns a lease is shown with: its unit, property and tenant. */
const leaseView = {
  id: leases.id,
  unitId: leases.unitId,
  unitLabel: managedUnits.label,
  propertyId: managedProperties.id,
  propertyName: managedProperties.name,
  city: managedProperties.city,
  tenantId: leases.tenantId,
  tenantName: tenants.name,
  tenantPhone: tenants.phone,
  ejarNumber: leases.ejarNumber,
  startsOn: leases.startsOn,
  endsOn: leases.endsOn,
  terminatedOn: leases.terminatedOn,
  yearlyRentHalalas: leases.yearlyRentHalalas,
  depositHalalas: leases.depositHalalas,
  schedule: leases.schedule,
  renewsLeaseId: leases.renewsLeaseId,
  renewalNoticeSentAt: leases.renewalNoticeSentAt,
  renewedById: sql<number | null>`(select "next"."id" from "leases" "next" where "next"."renews_lease_id" = "leases"."id")`,
};

function leasesWhere(db: Db, where: ReturnType<typeof eq>) {
  return db
    .select(leaseView)
    .from(leases)
    .innerJoin(managedUnits, eq(managedUnits.id, leases.unitId))
    .innerJoin(managedProperties, eq(managedProperties.id, managedUnits.propertyId))
    .innerJoin(tenants, eq(tenants.id, leases.tenantId))
    .where(where)
    .orderBy(desc(leases.startsOn), desc(leases.id));
}
export type LeaseRow = Awaited<ReturnType<typeof leasesWhere>>[number];

/** A tenant with their leases, newest first; null when there is none. */
export async function getTenant(db: Db, id: number) {
  const [tenant] = await db.select().from(tenants).where(eq(tenants.id, id));
  if (!tenant) return null;
  return { ...tenant, leases: await leasesWhere(db, eq(leases.tenantId, id)) };
}

/** The tenants a lease form offers: searched like the list, at most 200, by name. */
export async function listTenantChoices(db: Db, query: string, keep?: number | null) {
  const { rows } = await listTenants(db, { query, page: 1 });
  const choices = rows.map((t) => ({ id: t.id, name: t.name, identityNumber: t.identityNumber }));
  if (keep && !choices.some((t) => t.id === keep)) {
    const [kept] = await db.select({ id: tenants.id, name: tenants.name, identityNumber: tenants.identityNumber }).from(tenants).where(eq(tenants.id, keep));
    if (kept) choices.unshift(kept);
  }
  return choices;
}

// ---- Leases ----

/** A unit with its property (the city decides a rent freeze); null when there is none. */
export async function getUnitForLease(db: Db, unitId: number) {
  const [unit] = await db
    .select({ id: managedUnits.id, label: managedUnits.label, propertyId: managedProperties.id, propertyName: managedProperties.name, city: managedProperties.city })
    .from(managedUnits)
    .innerJoin(managedProperties, eq(managedProperties.id, managedUnits.propertyId))
    .where(eq(managedUnits.id, unitId));
  return unit ?? null;
}

/** A lease with its unit, property, tenant and the lease that renewed it; null when there is none. */
export async function getLease(db: Db, id: number) {
  const [lease] = await leasesWhere(db, eq(leases.id, id));
  return lease ?? null;
}

/** The rent freeze of a city in force on a day, if any. */
async function freezeOn(db: Db, city: string, day: string) {
  const [freeze] = await db
    .select()
    .from(rentFreezes)
    .where(and(eq(rentFreezes.city, city), lte(rentFreezes.startsOn, day), or(isNull(rentFreezes.endsOn), sql`${rentFreezes.endsOn} >= ${day}`)))
    .orderBy(asc(rentFreezes.startsOn))
    .limit(1);
  return freeze ?? null;
}

/** «لا يجوز رفع الإيجار عند التجديد في الرياض حتى ٢٤ سبتمبر ٢٠٣٠م (…)»: the city and the freeze's end named. */
function freezeRefusalText(city: string, endsOn: string | null, previousHalalas: number): string {
  const until = endsOn ? ` حتى ${formatDateWithHijri(endsOn)}` : "";
  return `لا يجوز رفع الإيجار عند تجديد العقد في ${city}: تجميد الإيجارات ساري${until}. يرجى إدخال إيجار سنوي لا يزيد على ${formatMoneyArabic(previousHalalas / 100)}`;
}

/**
 * A new lease of a unit. At most one lease is in force for a unit on any day: PostgreSQL's
 * exclusion constraint (leases_one_in_force, drizzle/0037) refuses an overlapping one, also when two
 * are saved at the same moment; the Ejar number is unique. A renewal (the lease it renews given,
 * or the same tenant's lease of the unit ending the day before) may not raise the rent while the
 * city's rent freeze covers its start.
 */
export async function createLease(db: Db, actor: Actor, input: LeaseInput): Promise<Outcome<{ id: number }>> {
  const unit = await getUnitForLease(db, input.unitId);
  if (!unit) return refuse(LEASE_MESSAGES.unitUnknown, undefined, 404);
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, input.tenantId));
  if (!tenant) return refuse(LEASE_MESSAGES.tenantUnknown, "tenantId", 400);
  const dayBefore = new Date(Date.parse(`${input.startsOn}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const [renewed] = await db
    .select({ id: leases.id, unitId: leases.unitId, yearlyRentHalalas: leases.yearlyRentHalalas, terminatedOn: leases.terminatedOn })
    .from(leases)
    .where(
      input.renews
        ? eq(leases.id, input.renews)
        : and(eq(leases.unitId, input.unitId), eq(leases.tenantId, input.tenantId), sql`coalesce(${leases.terminatedOn}, ${leases.endsOn}) = ${dayBefore}`),
    );
  if (input.renews && (!renewed || renewed.unitId !== input.unitId)) return notFound();
  if (input.renews && renewed?.terminatedOn) return refuse(LEASE_MESSAGES.cannotRenewTerminated);
  if (renewed && input.yearlyRent > renewed.yearlyRentHalalas) {
    const freeze = await freezeOn(db, unit.city, input.startsOn);
    if (freeze) return refuse(freezeRefusalText(unit.city, freeze.endsOn, renewed.yearlyRentHalalas), "yearlyRent");
  }
  const values = {
    unitId: input.unitId,
    tenantId: input.tenantId,
    ejarNumber: input.ejarNumber,
    startsOn: input.startsOn,
    endsOn: input.endsOn,
    yearlyRentHalalas: input.yearlyRent,
    depositHalalas: input.deposit,
    schedule: input.schedule,
    renewsLeaseId: renewed?.id ?? null,
    createdBy: actor.id,
  };
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(leases).values(values).returning({ id: leases.id });
      await recordAudit(tx, actor, "lease", row!.id, "pm-created", { ...values, createdBy: undefined });
      // Its rent due so far and in the coming month, at once (the nightly job adds the rest).
      await generateInstalmentsForLease(row!.id, tx);
      return { ok: true, id: row!.id };
    });
  } catch (error) {
    const { code, constraint } = pgError(error);
    if (code === "23P01") return refuse(LEASE_MESSAGES.leaseOverlap, "startsOn");
    if (code === "23505" && constraint === "leases_ejar_number_idx") return refuse(LEASE_MESSAGES.ejarTaken, "ejarNumber");
    if (code === "23505" && constraint === "leases_renews_idx") return refuse(LEASE_MESSAGES.alreadyRenewed);
    throw error;
  }
}

/** A lease ended early: `terminatedOn` is its last day in force (between its start and its end), once. */
export async function terminateLease(db: Db, actor: Actor, id: number, terminatedOn: string): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const [lease] = await tx.select().from(leases).where(eq(leases.id, id)).for("update");
    if (!lease) return notFound();
    if (lease.terminatedOn) return refuse(LEASE_MESSAGES.alreadyTerminated);
    if (terminatedOn < lease.startsOn || terminatedOn > lease.endsOn) return refuse(LEASE_MESSAGES.terminateOutside, "terminatedOn", 400);
    await tx.update(leases).set({ terminatedOn }).where(eq(leases.id, id));
    await dropInstalmentsAfter(tx, id, terminatedOn);
    await recordAudit(tx, actor, "lease", id, "pm-updated", { changes: { terminatedOn: { from: null, to: terminatedOn } } });
    return { ok: true };
  });
}

/** What the renewal form starts from: the same unit and tenant, the day after the end, a year on, the same rent and schedule. */
export function renewalDefaults(lease: LeaseRow) {
  const startsOn = dayAfter(lease.endsOn);
  return {
    unitId: lease.unitId,
    tenantId: lease.tenantId,
    renews: lease.id,
    startsOn,
    endsOn: yearOnLessADay(startsOn),
    yearlyRentHalalas: lease.yearlyRentHalalas,
    depositHalalas: lease.depositHalalas,
    schedule: lease.schedule,
  };
}

/** Per unit, the lease in force on `today` (tenant and end), for the property's page. */
export async function leasesInForce(db: Db, unitIds: number[], today: string) {
  if (!unitIds.length) return {};
  const rows = await db
    .select({ id: leases.id, unitId: leases.unitId, tenantId: leases.tenantId, tenantName: tenants.name, endsOn: sql<string>`coalesce(${leases.terminatedOn}, ${leases.endsOn})` })
    .from(leases)
    .innerJoin(tenants, eq(tenants.id, leases.tenantId))
    .where(and(inArray(leases.unitId, unitIds), lte(leases.startsOn, today), sql`coalesce(${leases.terminatedOn}, ${leases.endsOn}) >= ${today}`));
  return Object.fromEntries(rows.map((row) => [row.unitId, row]));
}

// ---- Rent freezes ----

export function listRentFreezes(db: Db) {
  return db.select().from(rentFreezes).orderBy(asc(rentFreezes.city), desc(rentFreezes.startsOn));
}

/** The cities a freeze may name: the lookup lists' (a property's city is chosen from them too). */
export async function freezeCities(db: Db) {
  return (await listOfferFormChoices(db)).cities.map((city) => city.name);
}

/** A city's rent freeze added (its city from the lookup lists). */
export async function addRentFreeze(db: Db, actor: Actor, input: FreezeInput): Promise<Outcome<{ id: number }>> {
  if (!(await freezeCities(db)).includes(input.city)) return refuse(PM_MESSAGES.cityRequired, "city", 400);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(rentFreezes)
      .values({ city: input.city, startsOn: input.startsOn, endsOn: input.endsOn || null, note: input.note })
      .returning({ id: rentFreezes.id });
    await recordAudit(tx, actor, "rent-freeze", row!.id, "pm-created", { ...input });
    return { ok: true, id: row!.id };
  });
}

export async function removeRentFreeze(db: Db, actor: Actor, id: number): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const [removed] = await tx.delete(rentFreezes).where(eq(rentFreezes.id, id)).returning();
    if (!removed) return notFound();
    await recordAudit(tx, actor, "rent-freeze", id, "pm-removed", { city: removed.city, startsOn: removed.startsOn, endsOn: removed.endsOn });
    return { ok: true };
  });
}

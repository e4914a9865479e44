import { and, asc, count, desc, eq, or, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import { containsPattern } from "~/db/like.server.ts";
import { managedProperties, managedUnits, managementContracts, offers, ownerPhones, owners } from "~/db/schema.ts";
import { recordAudit } from "~/modules/audit/index.server.ts";
import { listOfferFormChoices } from "~/modules/lookups/lookups.server.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import { foldArabic } from "~/utils/arabic.ts";
import { toAsciiDigits } from "~/utils/numbers.ts";
import { parsePhone } from "~/utils/phone.ts";
import { bankOfIban } from "./identity-numbers.ts";
import { PM_MESSAGES, type ContractInput, type OwnerInput, type PropertyEditInput, type PropertyInput, type UnitInput } from "./pm-schema.ts";

type Actor = Pick<StaffProfile, "id" | "name">;
/** A rule's refusal: the message, and the field it belongs under (none: above the form). */
export type PmRefusal = { ok: false; error: string; field?: string; status: number };
type Outcome<T = object> = ({ ok: true } & T) | PmRefusal;

const OWNERS_PAGE_SIZE = 50;

const refuse = (error: string, field?: string, status = 409): PmRefusal => ({ ok: false, error, status, ...(field ? { field } : {}) });
const notFound = () => refuse(PM_MESSAGES.notFound, undefined, 404);

/** PostgreSQL's error code of a failed statement (drizzle wraps the driver's error in `cause`). */
function pgCode(error: unknown): string | undefined {
  const own = (error as { code?: unknown }).code;
  if (typeof own === "string") return own;
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === "string" ? cause.code : undefined;
}

// ---- Owners ----
// The correlated subqueries name their tables in full: drizzle writes a column of the query's own
// table unqualified («"id"»), which inside a subquery would mean the subquery's table.

/** The owners' list: newest first, searched by name (Arabic-folded), id / CR number, IBAN or phone; 50 a page. */
export async function listOwners(db: Db, { query, page }: { query: string; page: number }) {
  const text = query.trim();
  const digits = toAsciiDigits(text).replace(/[\s-]/g, "");
  const phone = parsePhone(text);
  const filter = text
    ? or(
        sql`${owners.nameFolded} like ${containsPattern(foldArabic(text))}`,
        digits ? sql`${owners.identityNumber} like ${containsPattern(digits)}` : undefined,
        digits ? sql`${owners.iban} like ${containsPattern(digits.toUpperCase())}` : undefined,
        phone ? sql`exists (select 1 from "owner_phones" where "owner_phones"."owner_id" = "owners"."id" and "owner_phones"."phone" = ${phone})` : undefined,
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: owners.id,
        kind: owners.kind,
        name: owners.name,
        identityNumber: owners.identityNumber,
        phone: sql<string | null>`(select "phone" from "owner_phones" where "owner_phones"."owner_id" = "owners"."id" order by "position" limit 1)`,
        properties: sql<number>`(select count(*)::int from "managed_properties" where "managed_properties"."owner_id" = "owners"."id")`,
      })
      .from(owners)
      .where(filter)
      .orderBy(desc(owners.createdAt), desc(owners.id))
      .limit(OWNERS_PAGE_SIZE)
      .offset((page - 1) * OWNERS_PAGE_SIZE),
    db.select({ n: count() }).from(owners).where(filter),
  ]);
  const n = total?.n ?? 0;
  return { rows, total: n, pageCount: Math.max(1, Math.ceil(n / OWNERS_PAGE_SIZE)) };
}

const phonesOf = (input: OwnerInput) => [...new Set([input.phone1, input.phone2, input.phone3].filter(Boolean))];

async function writePhones(tx: Tx, ownerId: number, phones: string[]) {
  await tx.delete(ownerPhones).where(eq(ownerPhones.ownerId, ownerId));
  await tx.insert(ownerPhones).values(phones.map((phone, position) => ({ ownerId, phone, position })));
}

const ownerColumns = (input: OwnerInput) => ({ kind: input.kind, name: input.name, identityNumber: input.identityNumber, email: input.email, iban: input.iban });

/** A new owner with their phones; a national id or CR number already registered is refused. */
export async function createOwner(db: Db, actor: Actor, input: OwnerInput): Promise<Outcome<{ id: number }>> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(owners).values(ownerColumns(input)).onConflictDoNothing({ target: owners.identityNumber }).returning({ id: owners.id });
    if (!row) return refuse(PM_MESSAGES.identityTaken, "identityNumber");
    await writePhones(tx, row.id, phonesOf(input));
    await recordAudit(tx, actor, "owner", row.id, "pm-created", { name: input.name, kind: input.kind });
    return { ok: true, id: row.id };
  });
}

/** An owner's details changed; the audit entry names the fields that changed, before and after. */
export async function updateOwner(db: Db, actor: Actor, id: number, input: OwnerInput): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(owners).where(eq(owners.id, id)).for("update");
    if (!before) return notFound();
    const [taken] = await tx
      .select({ id: owners.id })
      .from(owners)
      .where(and(eq(owners.identityNumber, input.identityNumber), sql`${owners.id} <> ${id}`));
    if (taken) return refuse(PM_MESSAGES.identityTaken, "identityNumber");
    const next = ownerColumns(input);
    const changes = Object.fromEntries(
      (Object.keys(next) as Array<keyof typeof next>).filter((key) => before[key] !== next[key]).map((key) => [key, { from: before[key], to: next[key] }]),
    );
    const phonesBefore = (await tx.select({ phone: ownerPhones.phone }).from(ownerPhones).where(eq(ownerPhones.ownerId, id)).orderBy(asc(ownerPhones.position))).map(
      (r) => r.phone,
    );
    const phones = phonesOf(input);
    if (phones.join() !== phonesBefore.join()) Object.assign(changes, { phones: { from: phonesBefore, to: phones } });
    await tx
      .update(owners)
      .set({ ...next, updatedAt: sql`now()` })
      .where(eq(owners.id, id));
    await writePhones(tx, id, phones);
    if (Object.keys(changes).length) await recordAudit(tx, actor, "owner", id, "pm-updated", { changes });
    return { ok: true };
  });
}

/** An owner with their phones, bank, properties (with their units counted) and contracts; null when there is none. */
export async function getOwner(db: Db, id: number) {
  const [owner] = await db.select().from(owners).where(eq(owners.id, id));
  if (!owner) return null;
  const [phones, properties, contracts] = await Promise.all([
    db.select({ phone: ownerPhones.phone }).from(ownerPhones).where(eq(ownerPhones.ownerId, id)).orderBy(asc(ownerPhones.position)),
    db
      .select({
        id: managedProperties.id,
        kind: managedProperties.kind,
        name: managedProperties.name,
        city: managedProperties.city,
        neighbourhood: managedProperties.neighbourhood,
        units: sql<number>`(select count(*)::int from "managed_units" where "managed_units"."property_id" = "managed_properties"."id")`,
      })
      .from(managedProperties)
      .where(eq(managedProperties.ownerId, id))
      .orderBy(asc(managedProperties.id)),
    contractsWhere(db, eq(managementContracts.ownerId, id)),
  ]);
  return { ...owner, bank: bankOfIban(owner.iban), phones: phones.map((p) => p.phone), properties, contracts };
}

// ---- Managed properties and their units ----

/** The choices of the property and unit forms: the lookup lists' cities, neighbourhoods and unit types. */
export async function listPropertyChoices(db: Db | Tx, keep: { city?: string; neighbourhood?: string; unitTypes?: string[] } = {}) {
  const { cities, unitTypes } = await listOfferFormChoices(db, keep);
  return { cities, unitTypes };
}

/** A new building or single unit of an owner; its city and neighbourhood must be in the lookup lists. */
export async function createProperty(db: Db, actor: Actor, ownerId: number, input: PropertyInput): Promise<Outcome<{ id: number }>> {
  const { cities } = await listPropertyChoices(db);
  const city = cities.find((c) => c.name === input.city);
  if (!city) return refuse(PM_MESSAGES.cityRequired, "city", 400);
  if (!city.neighbourhoods.includes(input.neighbourhood)) return refuse(PM_MESSAGES.neighbourhoodRequired, "neighbourhood", 400);
  return db.transaction(async (tx) => {
    const [owner] = await tx.select({ id: owners.id }).from(owners).where(eq(owners.id, ownerId)).for("share");
    if (!owner) return notFound();
    const point = input.lat !== undefined && input.lng !== undefined ? { lat: input.lat, lng: input.lng } : { lat: null, lng: null };
    const [row] = await tx
      .insert(managedProperties)
      .values({ ownerId, kind: input.kind, name: input.name, city: input.city, neighbourhood: input.neighbourhood, address: input.address, ...point })
      .returning({ id: managedProperties.id });
    await recordAudit(tx, actor, "managed-property", row!.id, "pm-created", { ownerId, name: input.name, kind: input.kind });
    return { ok: true, id: row!.id };
  });
}

/** A property with its owner, units (and the offer marketing each) and contracts; null when there is none. */
export async function getProperty(db: Db, id: number) {
  const [property] = await db
    .select({ property: managedProperties, ownerName: owners.name })
    .from(managedProperties)
    .innerJoin(owners, eq(owners.id, managedProperties.ownerId))
    .where(eq(managedProperties.id, id));
  if (!property) return null;
  const [units, contracts] = await Promise.all([
    db
      .select({
        id: managedUnits.id,
        label: managedUnits.label,
        type: managedUnits.type,
        floor: managedUnits.floor,
        area: managedUnits.area,
        rooms: managedUnits.rooms,
        electricityMeter: managedUnits.electricityMeter,
        waterMeter: managedUnits.waterMeter,
        offerId: managedUnits.offerId,
        offerTitle: offers.title,
      })
      .from(managedUnits)
      .leftJoin(offers, eq(offers.id, managedUnits.offerId))
      .where(eq(managedUnits.propertyId, id))
      .orderBy(asc(managedUnits.id)),
    contractsWhere(db, eq(managementContracts.propertyId, id)),
  ]);
  return { ...property.property, ownerName: property.ownerName, units, contracts };
}

async function checkUnit(db: Db | Tx, input: UnitInput): Promise<PmRefusal | null> {
  const { unitTypes } = await listPropertyChoices(db, { unitTypes: [input.type] });
  if (!unitTypes.includes(input.type)) return refuse(PM_MESSAGES.unitTypeRequired, "type", 400);
  if (input.offerId !== null) {
    const [offer] = await db.select({ id: offers.id }).from(offers).where(eq(offers.id, input.offerId));
    if (!offer) return refuse(PM_MESSAGES.offerUnknown, "offerId", 400);
  }
  return null;
}

const unitColumns = (input: UnitInput) => ({
  label: input.label,
  type: input.type,
  floor: input.floor,
  area: input.area,
  rooms: input.rooms,
  electricityMeter: input.electricityMeter,
  waterMeter: input.waterMeter,
  offerId: input.offerId,
});

/**
 * A unit added to a property. A single-unit property holds one unit: the property's row is locked
 * while its units are counted, so two adds at once cannot both pass.
 */
export async function addUnit(db: Db, actor: Actor, propertyId: number, input: UnitInput): Promise<Outcome<{ id: number }>> {
  const invalid = await checkUnit(db, input);
  if (invalid) return invalid;
  return db.transaction(async (tx) => {
    const [property] = await tx.select({ kind: managedProperties.kind }).from(managedProperties).where(eq(managedProperties.id, propertyId)).for("update");
    if (!property) return notFound();
    if (property.kind === "unit") {
      const [units] = await tx.select({ n: count() }).from(managedUnits).where(eq(managedUnits.propertyId, propertyId));
      if ((units?.n ?? 0) > 0) return refuse(PM_MESSAGES.unitSingle);
    }
    const [row] = await tx
      .insert(managedUnits)
      .values({ propertyId, ...unitColumns(input) })
      .onConflictDoNothing({ target: [managedUnits.propertyId, managedUnits.label] })
      .returning({ id: managedUnits.id });
    if (!row) return refuse(PM_MESSAGES.unitLabelTaken, "label");
    await recordAudit(tx, actor, "managed-unit", row.id, "pm-created", { propertyId, ...unitColumns(input) });
    return { ok: true, id: row.id };
  });
}

/** A unit's details changed (it stays in its property). */
export async function updateUnit(db: Db, actor: Actor, propertyId: number, unitId: number, input: UnitInput): Promise<Outcome> {
  const invalid = await checkUnit(db, input);
  if (invalid) return invalid;
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(managedUnits)
      .where(and(eq(managedUnits.id, unitId), eq(managedUnits.propertyId, propertyId)))
      .for("update");
    if (!before) return notFound();
    const next = unitColumns(input);
    try {
      await tx.transaction(async (savepoint) => {
        await savepoint.update(managedUnits).set(next).where(eq(managedUnits.id, unitId));
      });
    } catch (error) {
      if (pgCode(error) === "23505") return refuse(PM_MESSAGES.unitLabelTaken, "label");
      throw error;
    }
    const changes = Object.fromEntries(
      (Object.keys(next) as Array<keyof typeof next>).filter((key) => before[key] !== next[key]).map((key) => [key, { from: before[key], to: next[key] }]),
    );
    if (Object.keys(changes).length) await recordAudit(tx, actor, "managed-unit", unitId, "pm-updated", { propertyId, changes });
    return { ok: true };
  });
}

/**
 * A unit removed. Leases (the next part of issue 33) will reference units with ON DELETE RESTRICT,
 * so a unit with a lease cannot go; today no unit has one.
 */
export async function removeUnit(db: Db, actor: Actor, propertyId: number, unitId: number): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(managedUnits)
      .where(and(eq(managedUnits.id, unitId), eq(managedUnits.propertyId, propertyId)))
      .returning();
    if (!removed) return notFound();
    await recordAudit(tx, actor, "managed-unit", unitId, "pm-removed", { propertyId, label: removed.label, type: removed.type });
    return { ok: true };
  });
}

// ---- Management contracts ----

function contractsWhere(db: Db, where: ReturnType<typeof eq>) {
  return db
    .select({
      id: managementContracts.id,
      propertyId: managementContracts.propertyId,
      propertyName: managedProperties.name,
      ownerId: managementContracts.ownerId,
      startsOn: managementContracts.startsOn,
      endsOn: managementContracts.endsOn,
      commissionKind: managementContracts.commissionKind,
      commissionBasisPoints: managementContracts.commissionBasisPoints,
      commissionHalalas: managementContracts.commissionHalalas,
      services: managementContracts.services,
    })
    .from(managementContracts)
    .innerJoin(managedProperties, eq(managedProperties.id, managementContracts.propertyId))
    .where(where)
    .orderBy(desc(managementContracts.startsOn), desc(managementContracts.id));
}

/**
 * A management contract for a property, with its owner. At most one contract is in force for a
 * property on any day: PostgreSQL's exclusion constraint (management_contracts_one_in_force,
 * drizzle/0035) refuses an overlapping one, also when two are saved at the same moment.
 */
export async function addContract(db: Db, actor: Actor, propertyId: number, input: ContractInput): Promise<Outcome<{ id: number }>> {
  try {
    return await db.transaction(async (tx) => {
      const [property] = await tx.select({ ownerId: managedProperties.ownerId }).from(managedProperties).where(eq(managedProperties.id, propertyId));
      if (!property) return notFound();
      const [row] = await tx
        .insert(managementContracts)
        .values({ propertyId, ownerId: property.ownerId, ...input })
        .returning({ id: managementContracts.id });
      await recordAudit(tx, actor, "management-contract", row!.id, "pm-created", { propertyId, ownerId: property.ownerId, ...input });
      return { ok: true, id: row!.id };
    });
  } catch (error) {
    if (pgCode(error) === "23P01") return refuse(PM_MESSAGES.contractOverlap, "startsOn");
    throw error;
  }
}

// ---- Editing a property and its contracts (issue 33, tenants and leases part) ----

/** The fields of a record that changed, before and after, for the audit log. */
function changesOf<T extends Record<string, unknown>>(before: T, next: Partial<T>) {
  return Object.fromEntries(
    Object.keys(next)
      .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(next[key]))
      .map((key) => [key, { from: before[key], to: next[key] }]),
  );
}

/** A property's name, city, neighbourhood (from the lookup lists) and address changed. */
export async function updateProperty(db: Db, actor: Actor, id: number, input: PropertyEditInput): Promise<Outcome> {
  const { cities } = await listPropertyChoices(db, { city: input.city, neighbourhood: input.neighbourhood });
  const city = cities.find((c) => c.name === input.city);
  if (!city) return refuse(PM_MESSAGES.cityRequired, "city", 400);
  if (!city.neighbourhoods.includes(input.neighbourhood)) return refuse(PM_MESSAGES.neighbourhoodRequired, "neighbourhood", 400);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(managedProperties).where(eq(managedProperties.id, id)).for("update");
    if (!before) return notFound();
    const next = { name: input.name, city: input.city, neighbourhood: input.neighbourhood, address: input.address };
    await tx.update(managedProperties).set(next).where(eq(managedProperties.id, id));
    const changes = changesOf(before, next);
    if (Object.keys(changes).length) await recordAudit(tx, actor, "managed-property", id, "pm-updated", { changes });
    return { ok: true };
  });
}

/**
 * A contract's terms changed (dates, commission, services), or its end brought forward
 * (`endsOn` only). The exclusion constraint refuses dates that overlap another contract of the
 * property, as when adding one.
 */
export async function updateContract(db: Db, actor: Actor, propertyId: number, id: number, input: ContractInput | { endsOn: string }): Promise<Outcome> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(managementContracts)
        .where(and(eq(managementContracts.id, id), eq(managementContracts.propertyId, propertyId)))
        .for("update");
      if (!before) return notFound();
      const endingEarly = !("startsOn" in input);
      if (endingEarly && (input.endsOn < before.startsOn || input.endsOn > before.endsOn)) return refuse(PM_MESSAGES.contractEndOutside, "endsOn", 400);
      await tx.update(managementContracts).set(input).where(eq(managementContracts.id, id));
      const changes = changesOf(before, input);
      if (Object.keys(changes).length) await recordAudit(tx, actor, "management-contract", id, "pm-updated", { propertyId, changes });
      return { ok: true };
    });
  } catch (error) {
    if (pgCode(error) === "23P01") return refuse(PM_MESSAGES.contractOverlap, "startsOn");
    throw error;
  }
}

import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import { cities, neighbourhoods, offerPublications, offers, offerStatuses, propertyTypes, unitTypes } from "~/db/schema.ts";
import { recordAudit } from "~/modules/audit/index.server.ts";
import { announceCacheChange } from "~/modules/live-updates/index.server.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import { publishOfferChange } from "~/modules/live-updates/index.server.ts";
import { FILTERABLE_STATUSES } from "./status-visibility.ts";
import { foldArabic } from "~/utils/arabic.ts";
import type { CityItem, LookupItem, LookupsAdminView } from "./lookup-view.ts";
import { invalidateLookups, type NamedList } from "./lookups.server.ts";
import { LOOKUP_MESSAGES, type LookupListKey } from "./lookups-schema.ts";
import type { StatusVisibility } from "./status-visibility.ts";

type FlatList = Exclude<LookupListKey, "cities" | "neighbourhoods">;
const FLAT_TABLES: Record<FlatList, NamedList> = { propertyTypes, unitTypes, statuses: offerStatuses };

/**
 * The statuses matched by name: the public filter's (SPEC §5 Filters), and sold and rented, which
 * the reports' days on market and the daily report count from the audit log's status changes.
 * Renaming, hiding or deleting one would break them.
 */
const LOCKED_STATUSES: readonly string[] = [...FILTERABLE_STATUSES, "مباع", "مؤجر"];
const isLocked = (list: LookupListKey, name: string) => list === "statuses" && LOCKED_STATUSES.includes(name);

export type LookupRefusal = { ok: false; error: string; status: number; field?: "name" };
type Outcome<T = object> = ({ ok: true } & T) | LookupRefusal;

const refuse = (error: string, status: number, field?: "name"): LookupRefusal => ({ ok: false, error, status, ...(field ? { field } : {}) });

// ---- The page's view ----

/** How many offers use each value (exact names), counted once for the page. */
async function countUses(db: Db) {
  const [byCity, byPlace, byType, byStatus, byUnit] = await Promise.all([
    db.select({ city: offers.city, n: count() }).from(offers).groupBy(offers.city),
    db.select({ city: offers.city, location: offers.location, n: count() }).from(offers).groupBy(offers.city, offers.location),
    db.select({ name: offers.propertyType, n: count() }).from(offers).groupBy(offers.propertyType),
    db.select({ name: offers.status, n: count() }).from(offers).groupBy(offers.status),
    db.execute<{ name: string; n: number }>(
      sql`select u->>'type' as name, count(distinct o.id)::int as n from ${offers} o cross join lateral jsonb_array_elements(o.units) u group by 1`,
    ),
  ]);
  const place = (city: string, location: string) => JSON.stringify([city, location]);
  return {
    cities: new Map(byCity.map((r) => [r.city, r.n])),
    places: new Map(byPlace.map((r) => [place(r.city, r.location), r.n])),
    place,
    propertyTypes: new Map(byType.map((r) => [r.name, r.n])),
    statuses: new Map(byStatus.map((r) => [r.name, r.n])),
    unitTypes: new Map(byUnit.rows.map((r) => [r.name, Number(r.n)])),
  };
}

/** Every list in its order, hidden values included, each value with the number of offers using it. */
export async function listLookupsForAdmin(db: Db): Promise<LookupsAdminView> {
  const ordered = (table: NamedList) => db.select({ id: table.id, name: table.name, hidden: table.hidden }).from(table).orderBy(asc(table.position), asc(table.id));
  const statusRows = db
    .select({ id: offerStatuses.id, name: offerStatuses.name, hidden: offerStatuses.hidden, visibility: offerStatuses.visibility, recentDays: offerStatuses.recentDays })
    .from(offerStatuses)
    .orderBy(asc(offerStatuses.position), asc(offerStatuses.id));
  const [uses, cityRows, hoodRows, types, units, statuses] = await Promise.all([
    countUses(db),
    db.select({ id: cities.id, name: cities.name, hidden: cities.hidden }).from(cities).orderBy(asc(cities.position), asc(cities.id)),
    db
      .select({ id: neighbourhoods.id, cityId: neighbourhoods.cityId, name: neighbourhoods.name, hidden: neighbourhoods.hidden })
      .from(neighbourhoods)
      .orderBy(asc(neighbourhoods.position), asc(neighbourhoods.id)),
    ordered(propertyTypes),
    ordered(unitTypes),
    statusRows,
  ]);
  const item = (list: LookupListKey, row: { id: number; name: string; hidden: boolean }, used: number | undefined): LookupItem => ({
    ...row,
    uses: used ?? 0,
    locked: isLocked(list, row.name),
  });
  const cityList: CityItem[] = cityRows.map((city) => ({
    ...item("cities", city, uses.cities.get(city.name)),
    neighbourhoods: hoodRows
      .filter((hood) => hood.cityId === city.id)
      .map(({ cityId: _cityId, ...hood }) => item("neighbourhoods", hood, uses.places.get(uses.place(city.name, hood.name)))),
  }));
  return {
    cities: cityList,
    propertyTypes: types.map((row) => item("propertyTypes", row, uses.propertyTypes.get(row.name))),
    unitTypes: units.map((row) => item("unitTypes", row, uses.unitTypes.get(row.name))),
    statuses: statuses.map(({ visibility, recentDays, ...row }) => ({ ...item("statuses", row, uses.statuses.get(row.name)), visibility, recentDays })),
  };
}

// ---- Changes: each in one transaction, one at a time ----

/** A value of a list as a change finds it (locked for the transaction); a neighbourhood knows its city. */
interface Found {
  id: number;
  name: string;
  hidden: boolean;
  /** Neighbourhoods only. */
  city?: { id: number; name: string };
}

/**
 * Runs a change of the lookup lists: one at a time across every server instance (two renames to
 * clashing names cannot both pass the check), announced to every instance's cache on commit, and
 * this process's cache dropped after it.
 */
async function change<T extends Outcome>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('lookup-lists', 0))`);
    const outcome = await work(tx);
    if (outcome.ok) await announceCacheChange(tx, "lookups");
    return outcome;
  });
  if (result.ok) invalidateLookups();
  return result;
}

type Actor = Pick<StaffProfile, "id" | "name">;

/**
 * A person's change of a list is a settings change: in the audit log, in its transaction, with
 * the list, what was done and the names (old → new). The seeds and tests without a person skip it.
 */
async function auditLookup(tx: Tx, actor: Actor | undefined, details: { list: LookupListKey | "statusVisibility"; change: string } & Record<string, unknown>) {
  if (actor) await recordAudit(tx, actor, "settings", 1, "lookup-change", details);
}

async function findValue(tx: Tx, list: LookupListKey, id: number): Promise<Found | undefined> {
  if (list === "cities") {
    const [row] = await tx.select({ id: cities.id, name: cities.name, hidden: cities.hidden }).from(cities).where(eq(cities.id, id)).for("update");
    return row;
  }
  if (list === "neighbourhoods") {
    const [row] = await tx
      .select({ id: neighbourhoods.id, name: neighbourhoods.name, hidden: neighbourhoods.hidden, cityId: cities.id, cityName: cities.name })
      .from(neighbourhoods)
      .innerJoin(cities, eq(cities.id, neighbourhoods.cityId))
      .where(eq(neighbourhoods.id, id))
      .for("update", { of: neighbourhoods });
    return row && { id: row.id, name: row.name, hidden: row.hidden, city: { id: row.cityId, name: row.cityName } };
  }
  const table = FLAT_TABLES[list];
  const [row] = await tx.select({ id: table.id, name: table.name, hidden: table.hidden }).from(table).where(eq(table.id, id)).for("update");
  return row;
}

/** The names of a list (a neighbourhood's: its city's), with ids, to compare a new name against. */
async function namesOf(tx: Tx, list: LookupListKey, cityId?: number): Promise<Array<{ id: number; name: string }>> {
  if (list === "cities") return tx.select({ id: cities.id, name: cities.name }).from(cities);
  if (list === "neighbourhoods") return tx.select({ id: neighbourhoods.id, name: neighbourhoods.name }).from(neighbourhoods).where(eq(neighbourhoods.cityId, cityId!));
  const table = FLAT_TABLES[list];
  return tx.select({ id: table.id, name: table.name }).from(table);
}

/** A value of the list (other than `self`) whose name folds to the same as `name` ('جده' and 'جدة'), if any. */
async function clash(tx: Tx, list: LookupListKey, name: string, { cityId, self }: { cityId?: number; self?: number } = {}) {
  const folded = foldArabic(name);
  return (await namesOf(tx, list, cityId)).find((row) => row.id !== self && foldArabic(row.name) === folded);
}

/** Adds a value at the end of its list (a neighbourhood at the end of its city's). */
export async function addLookupValue(db: Db, list: LookupListKey, name: string, cityId?: number, actor?: Actor): Promise<Outcome> {
  return change(db, async (tx) => {
    if (list === "neighbourhoods") {
      const [city] = await tx
        .select({ id: cities.id })
        .from(cities)
        .where(eq(cities.id, cityId ?? 0));
      if (!city) return refuse(LOOKUP_MESSAGES.gone, 404);
    }
    const existing = await clash(tx, list, name, { cityId });
    if (existing) return refuse(LOOKUP_MESSAGES.nameTaken(existing.name), 409, "name");
    if (list === "neighbourhoods") {
      await tx.execute(sql`
        insert into ${neighbourhoods} (city_id, name, position)
        values (${cityId!}, ${name}, (select coalesce(max(position), -1) + 1 from ${neighbourhoods} where city_id = ${cityId!}))`);
    } else {
      const table = list === "cities" ? cities : FLAT_TABLES[list];
      await tx.execute(sql`insert into ${table} (name, position) values (${name}, (select coalesce(max(position), -1) + 1 from ${table}))`);
    }
    await auditLookup(tx, actor, { list, change: "add", name });
    return { ok: true } as const;
  });
}

/** The offers that use a value, renamed to `to`; their ids (each announced as changed). */
async function renameInOffers(tx: Tx, list: LookupListKey, found: Found, to: string): Promise<number[]> {
  const from = found.name;
  const touched = { updatedAt: sql`now()` };
  let rows: Array<{ id: number }>;
  switch (list) {
    case "cities":
      rows = await tx
        .update(offers)
        .set({ city: to, ...touched })
        .where(eq(offers.city, from))
        .returning({ id: offers.id });
      break;
    case "neighbourhoods":
      rows = await tx
        .update(offers)
        .set({ location: to, ...touched })
        .where(and(eq(offers.city, found.city!.name), eq(offers.location, from)))
        .returning({ id: offers.id });
      break;
    case "propertyTypes":
      rows = await tx
        .update(offers)
        .set({ propertyType: to, ...touched })
        .where(eq(offers.propertyType, from))
        .returning({ id: offers.id });
      break;
    case "statuses":
      // A new name is no new status: the offers keep the time they entered it (decision 027; the trigger of drizzle/0022 reads this).
      await tx.execute(sql`select set_config('aqar.status_renamed', 'on', true)`);
      rows = await tx
        .update(offers)
        .set({ status: to, ...touched })
        .where(eq(offers.status, from))
        .returning({ id: offers.id });
      break;
    case "unitTypes":
      // Units live in the offer's JSON: each unit of the old type takes the new one, in place.
      rows = await tx
        .update(offers)
        .set({
          units: sql`(select jsonb_agg(case when u->>'type' = ${from} then jsonb_set(u, '{type}', to_jsonb(${to}::text)) else u end order by i)
                      from jsonb_array_elements(${offers.units}) with ordinality as t(u, i))`,
          ...touched,
        })
        .where(sql`${offers.units} @> ${JSON.stringify([{ type: from }])}::jsonb`)
        .returning({ id: offers.id });
      break;
  }
  for (const { id } of rows) await publishOfferChange(tx, { id, kind: "updated" });
  return rows.map((r) => r.id);
}

async function setName(tx: Tx, list: LookupListKey, id: number, name: string) {
  if (list === "cities") await tx.update(cities).set({ name }).where(eq(cities.id, id));
  else if (list === "neighbourhoods") await tx.update(neighbourhoods).set({ name }).where(eq(neighbourhoods.id, id));
  else await tx.update(FLAT_TABLES[list]).set({ name }).where(eq(FLAT_TABLES[list].id, id));
}

/**
 * Renames a value, and in the same transaction every offer that uses it (a unit type inside the
 * offers' units): all or nothing. A new name that folds to another value's ('جده', 'جدة') is
 * refused; the same value respelled is allowed. Returns how many offers took the new name.
 */
export async function renameLookupValue(db: Db, list: LookupListKey, id: number, name: string, actor?: Actor): Promise<Outcome<{ offers: number }>> {
  return change(db, async (tx) => {
    const found = await findValue(tx, list, id);
    if (!found) return refuse(LOOKUP_MESSAGES.gone, 404);
    if (isLocked(list, found.name)) return refuse(LOOKUP_MESSAGES.locked, 409);
    if (found.name === name) return { ok: true, offers: 0 } as const;
    const existing = await clash(tx, list, name, { cityId: found.city?.id, self: found.id });
    if (existing) return refuse(LOOKUP_MESSAGES.nameTaken(existing.name), 409, "name");
    // The offers first, then the list: a failure anywhere leaves both as they were.
    const renamed = await renameInOffers(tx, list, found, name);
    await setName(tx, list, found.id, name);
    await auditLookup(tx, actor, { list, change: "rename", from: found.name, to: name, offers: renamed.length });
    return { ok: true, offers: renamed.length } as const;
  });
}

/** Hides a value from the lists and the public filters (offers keep it), or shows it again. */
export async function setLookupHidden(db: Db, list: LookupListKey, id: number, hidden: boolean, actor?: Actor): Promise<Outcome> {
  return change(db, async (tx) => {
    const found = await findValue(tx, list, id);
    if (!found) return refuse(LOOKUP_MESSAGES.gone, 404);
    if (isLocked(list, found.name)) return refuse(LOOKUP_MESSAGES.locked, 409);
    if (list === "cities") await tx.update(cities).set({ hidden }).where(eq(cities.id, id));
    else if (list === "neighbourhoods") await tx.update(neighbourhoods).set({ hidden }).where(eq(neighbourhoods.id, id));
    else await tx.update(FLAT_TABLES[list]).set({ hidden }).where(eq(FLAT_TABLES[list].id, id));
    await auditLookup(tx, actor, { list, change: hidden ? "hide" : "show", name: found.name });
    return { ok: true } as const;
  });
}

/** Whether any offer uses the value (exact name). */
async function inUse(tx: Tx, list: LookupListKey, found: Found): Promise<boolean> {
  const where = {
    cities: eq(offers.city, found.name),
    neighbourhoods: and(eq(offers.city, found.city?.name ?? ""), eq(offers.location, found.name)),
    propertyTypes: eq(offers.propertyType, found.name),
    statuses: eq(offers.status, found.name),
    unitTypes: sql`${offers.units} @> ${JSON.stringify([{ type: found.name }])}::jsonb`,
  }[list];
  return (await tx.select({ id: offers.id }).from(offers).where(where).limit(1)).length > 0;
}

/** Deletes a value no offer uses (a city with its neighbourhoods); one in use can only be hidden. */
export async function deleteLookupValue(db: Db, list: LookupListKey, id: number, actor?: Actor): Promise<Outcome> {
  return change(db, async (tx) => {
    const found = await findValue(tx, list, id);
    if (!found) return refuse(LOOKUP_MESSAGES.gone, 404);
    if (isLocked(list, found.name)) return refuse(LOOKUP_MESSAGES.locked, 409);
    if (await inUse(tx, list, found)) return refuse(LOOKUP_MESSAGES.inUse, 409);
    if (list === "cities") await tx.delete(cities).where(eq(cities.id, id));
    else if (list === "neighbourhoods") await tx.delete(neighbourhoods).where(eq(neighbourhoods.id, id));
    else await tx.delete(FLAT_TABLES[list]).where(eq(FLAT_TABLES[list].id, id));
    await auditLookup(tx, actor, { list, change: "delete", name: found.name });
    return { ok: true } as const;
  });
}

/** Moves a value one place up or down its list (a neighbourhood within its city); the list is numbered again from 0. */
export async function moveLookupValue(db: Db, list: LookupListKey, id: number, direction: "up" | "down", actor?: Actor): Promise<Outcome> {
  return change(db, async (tx) => {
    const found = await findValue(tx, list, id);
    if (!found) return refuse(LOOKUP_MESSAGES.gone, 404);
    const table = list === "cities" ? cities : list === "neighbourhoods" ? neighbourhoods : FLAT_TABLES[list];
    const scope = list === "neighbourhoods" ? eq(neighbourhoods.cityId, found.city!.id) : sql`true`;
    const rows = await tx.select({ id: table.id, position: table.position }).from(table).where(scope).orderBy(asc(table.position), asc(table.id));
    const at = rows.findIndex((row) => row.id === id);
    const to = direction === "up" ? at - 1 : at + 1;
    if (at < 0 || to < 0 || to >= rows.length) return { ok: true } as const; // already first or last
    [rows[at], rows[to]] = [rows[to]!, rows[at]!];
    for (const [position, row] of rows.entries()) {
      if (row.position !== position) await tx.update(table).set({ position }).where(eq(table.id, row.id));
    }
    await auditLookup(tx, actor, { list, change: direction === "up" ? "move-up" : "move-down", name: found.name });
    return { ok: true } as const;
  });
}

/**
 * Who sees the offers of a status (decision 027): available, recent (for `recentDays` after an
 * offer entered it; without them, the status keeps its own) or internal. Every instance drops its status cache and its kept pages on
 * commit (the "lookups" announcement). Offers of a status made available are published now, so
 * the search alerts announce them as they would a new offer.
 */
export async function setStatusVisibility(db: Db, id: number, visibility: StatusVisibility, recentDays?: number, actor?: Actor): Promise<Outcome> {
  return change(db, async (tx) => {
    const [found] = await tx.select({ name: offerStatuses.name, visibility: offerStatuses.visibility }).from(offerStatuses).where(eq(offerStatuses.id, id)).for("update");
    if (!found) return refuse(LOOKUP_MESSAGES.gone, 404);
    await tx
      .update(offerStatuses)
      .set({ visibility, ...(recentDays === undefined ? {} : { recentDays }) })
      .where(eq(offerStatuses.id, id));
    if (visibility === "available" && found.visibility !== "available") {
      await tx
        .insert(offerPublications)
        .select(
          tx
            .select({ offerId: offers.id, at: sql`now()`.as("at") })
            .from(offers)
            .where(eq(offers.status, found.name)),
        )
        .onConflictDoUpdate({ target: offerPublications.offerId, set: { at: sql`excluded.at` } });
    }
    await auditLookup(tx, actor, {
      list: "statusVisibility",
      change: "visibility",
      name: found.name,
      from: found.visibility,
      to: visibility,
      ...(recentDays === undefined ? {} : { recentDays }),
    });
    return { ok: true } as const;
  });
}

import { asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import { cities, neighbourhoods, offerStatuses, propertyTypes, unitTypes } from "~/db/schema.ts";
import { announceCacheChange } from "~/modules/live-updates/index.server.ts";
import { DEFAULT_CITIES, DEFAULT_PROPERTY_TYPES, DEFAULT_STATUSES, DEFAULT_UNIT_TYPES, FILTER_PROPERTY_TYPES } from "./defaults.ts";
import type { CityWithNeighbourhoods } from "./city-choices.ts";
import { DEFAULT_STATUS_VISIBILITY, NEW_STATUS_VISIBILITY } from "./status-visibility.ts";

/** Re-exported for the pages that still import it from here; browser code imports city-choices.ts. */
export type { CityWithNeighbourhoods };

/**
 * Property types, unit types and offer statuses: schema.ts builds all three with namedList, so
 * they share one TypeScript type (the table name is not part of it).
 */
export type NamedList = typeof propertyTypes;

/**
 * The property types a new database starts with: the offer form's defaults, then the types the
 * public filter bar offered (studio, penthouse, shop), so one list serves the offer form, the
 * owners' form and the filters.
 */
const STARTING_PROPERTY_TYPES = [...new Set([...DEFAULT_PROPERTY_TYPES, ...FILTER_PROPERTY_TYPES])];

/**
 * Fills each lookup list with its defaults (defaults.ts) while it is still empty. A list that
 * has values is the manager's: what they renamed or deleted does not come back at the next start.
 */
export async function seedLookupDefaults(db: Db) {
  invalidateLookups();
  await db.transaction(async (tx) => {
    const isEmpty = async (table: NamedList | typeof cities) => (await tx.select({ id: table.id }).from(table).limit(1)).length === 0;
    if (await isEmpty(cities)) {
      const seeded = await tx
        .insert(cities)
        .values(DEFAULT_CITIES.map((city, position) => ({ name: city.name, position })))
        .onConflictDoNothing()
        .returning({ id: cities.id, name: cities.name });
      const idByName = new Map(seeded.map((c) => [c.name, c.id]));
      const hoods = DEFAULT_CITIES.flatMap((city) => {
        const cityId = idByName.get(city.name);
        return cityId === undefined ? [] : city.neighbourhoods.map((name, position) => ({ cityId, name, position }));
      });
      if (hoods.length) await tx.insert(neighbourhoods).values(hoods).onConflictDoNothing();
    }
    if (await isEmpty(offerStatuses)) {
      await tx
        .insert(offerStatuses)
        .values(DEFAULT_STATUSES.map((name, position) => ({ name, position, visibility: DEFAULT_STATUS_VISIBILITY[name] ?? NEW_STATUS_VISIBILITY })))
        .onConflictDoNothing();
    }
    for (const [table, names] of [
      [propertyTypes, STARTING_PROPERTY_TYPES],
      [unitTypes, DEFAULT_UNIT_TYPES],
    ] as const) {
      if (!(await isEmpty(table))) continue;
      await tx
        .insert(table)
        .values(names.map((name, position) => ({ name, position })))
        .onConflictDoNothing();
    }
  });
}

/**
 * The values an offer already uses, kept in its edit form's lists even when the manager has
 * hidden them (an offer keeps showing its hidden value).
 */
export interface KeptValues {
  city?: string;
  neighbourhood?: string;
  propertyType?: string;
  status?: string;
  unitTypes?: string[];
}

/** Cities in their list order, each with its neighbourhoods: the visible ones, and those `keep` names. */
export async function listCities(db: Db, keep: Pick<KeptValues, "city" | "neighbourhood"> = {}): Promise<CityWithNeighbourhoods[]> {
  const keptCity = keep.city ?? "";
  const keptNeighbourhood = keep.neighbourhood ?? "";
  const hoodShown = sql`(not ${neighbourhoods.hidden} or (${cities.name} = ${keptCity} and ${neighbourhoods.name} = ${keptNeighbourhood}))`;
  const rows = await db
    .select({
      name: cities.name,
      neighbourhoods: sql<
        string[]
      >`coalesce(array_agg(${neighbourhoods.name} order by ${neighbourhoods.position}, ${neighbourhoods.id}) filter (where ${neighbourhoods.id} is not null and ${hoodShown}), '{}')`,
    })
    .from(cities)
    .leftJoin(neighbourhoods, sql`${neighbourhoods.cityId} = ${cities.id}`)
    .where(sql`(not ${cities.hidden} or ${cities.name} = ${keptCity})`)
    .groupBy(cities.id)
    .orderBy(asc(cities.position), asc(cities.id));
  return rows;
}

/** A list's names in its order: the visible ones, and those in `keep`. */
async function listNames(db: Db, table: NamedList, keep: readonly string[] = []): Promise<string[]> {
  const shown = keep.length
    ? sql`(not ${table.hidden} or ${table.name} in (${sql.join(
        keep.map((name) => sql`${name}`),
        sql`, `,
      )}))`
    : sql`not ${table.hidden}`;
  const rows = await db.select({ name: table.name }).from(table).where(shown).orderBy(asc(table.position), asc(table.id));
  return rows.map((r) => r.name);
}

/** What the public filter bars and the owners' form offer. */
export interface FilterChoices {
  cities: string[];
  propertyTypes: string[];
  /** Each visible city's visible neighbourhoods, in list order (the /offers neighbourhood filter). */
  neighbourhoods: Record<string, string[]>;
}

/** Cached in the process (see invalidateLookups). */
let publicCache: Promise<FilterChoices> | undefined;

/** The visible cities (with their neighbourhoods) and property types, in list order: what the public filter bars offer. */
export function listFilterChoices(db: Db): Promise<FilterChoices> {
  if (publicCache) return publicCache;
  const loading = (async () => {
    const [cityRows, hoodRows, types] = await Promise.all([
      db.select({ id: cities.id, name: cities.name }).from(cities).where(eq(cities.hidden, false)).orderBy(asc(cities.position), asc(cities.id)),
      db
        .select({ cityId: neighbourhoods.cityId, name: neighbourhoods.name })
        .from(neighbourhoods)
        .where(eq(neighbourhoods.hidden, false))
        .orderBy(asc(neighbourhoods.position), asc(neighbourhoods.id)),
      listNames(db, propertyTypes),
    ]);
    const byCity = new Map(cityRows.map((c) => [c.id, [] as string[]]));
    for (const hood of hoodRows) byCity.get(hood.cityId)?.push(hood.name);
    return {
      cities: cityRows.map((r) => r.name),
      propertyTypes: types,
      neighbourhoods: Object.fromEntries(cityRows.map((c) => [c.name, byCity.get(c.id) ?? []])),
    };
  })();
  publicCache = loading;
  // A failed read is not kept: the next request tries again.
  loading.catch(() => {
    if (publicCache === loading) publicCache = undefined;
  });
  return loading;
}

/** The visible city names in list order (public filter bars, the owners' form's check). */
export async function listCityNames(db: Db): Promise<string[]> {
  return (await listFilterChoices(db)).cities;
}

/** The visible property types in list order (public filter bars, the owners' form). */
export async function listPropertyTypeChoices(db: Db): Promise<string[]> {
  return (await listFilterChoices(db)).propertyTypes;
}

/**
 * Call after any change to the lookup lists, with `announceCacheChange(tx, "lookups")` in the
 * saving transaction so the other server instances forget theirs too.
 */
export function invalidateLookups() {
  publicCache = undefined;
  visibilityCache = undefined;
}

/** Which statuses a visitor sees (decision 027), as the public queries write them into their SQL. */
export interface StatusVisibilities {
  /** Listed everywhere (للبيع، للإيجار), in list order. */
  available: string[];
  /** Shown in «تم بيعها أو تأجيرها مؤخرًا» for so many days after an offer entered them (مباع، مؤجر). */
  recent: { name: string; days: number }[];
}

/** Cached in the process (see invalidateLookups): every public query reads it. */
let visibilityCache: Promise<StatusVisibilities> | undefined;

/**
 * The statuses' visibility, read once per change of the lists: the public conditions name the
 * statuses as values (`status in ('للبيع', 'للإيجار')`), which the covering indexes' status column
 * answers as before, rather than a lookup per row. A status missing from the list is internal.
 */
export function getStatusVisibilities(db: Db): Promise<StatusVisibilities> {
  if (visibilityCache) return visibilityCache;
  const loading = (async () => {
    const rows = await db
      .select({ name: offerStatuses.name, visibility: offerStatuses.visibility, days: offerStatuses.recentDays })
      .from(offerStatuses)
      .orderBy(asc(offerStatuses.position), asc(offerStatuses.id));
    return {
      available: rows.filter((row) => row.visibility === "available").map((row) => row.name),
      recent: rows.filter((row) => row.visibility === "recent").map((row) => ({ name: row.name, days: row.days })),
    };
  })();
  visibilityCache = loading;
  loading.catch(() => {
    if (visibilityCache === loading) visibilityCache = undefined;
  });
  return loading;
}

/** The lists of the back-office offer form: the visible values, and the ones the edited offer uses (`keep`). */
export async function listOfferFormChoices(db: Db, keep: KeptValues = {}) {
  const one = (value: string | undefined) => (value ? [value] : []);
  const [cityList, types, units, statuses] = await Promise.all([
    listCities(db, keep),
    listNames(db, propertyTypes, one(keep.propertyType)),
    listNames(db, unitTypes, keep.unitTypes ?? []),
    listNames(db, offerStatuses, one(keep.status)),
  ]);
  return { cities: cityList, propertyTypes: types, unitTypes: units, statuses };
}

/** The values of an offer as its lists spell them (see addLookupValues). */
export interface ListedValues {
  city: string;
  neighbourhood: string;
  propertyType: string;
  status: string;
  /** A unit type as typed (trimmed) → as listed. */
  unitTypes: ReadonlyMap<string, string>;
}

/**
 * Adds what staff typed as an "other" value to its list so it is offered next time, and gives
 * back each value as the list spells it: a value already listed (compared Arabic-folded, so
 * 'جده' is 'جدة', hidden values included) is not added again and the offer takes the listed
 * spelling, so the public filter finds it. Blank values stay blank; new ones go to the end. Runs
 * in the caller's transaction, so a failed save adds nothing; announces the change to every
 * server instance on commit. Call invalidateLookups() after commit.
 */
export async function addLookupValues(
  tx: Tx,
  values: { city?: string; neighbourhood?: string; propertyType?: string; status?: string; unitTypes?: string[] },
): Promise<ListedValues> {
  let added = 0;
  const listed = async (table: NamedList | typeof cities, typed: string | undefined): Promise<string> => {
    const name = typed?.trim() ?? "";
    if (!name) return "";
    const inserted = await tx.execute(sql`
      insert into ${table} (name, position)
      select ${name}, (select coalesce(max(position), -1) + 1 from ${table})
      where not exists (select 1 from ${table} where ar_fold(name) = ar_fold(${name}))
      on conflict do nothing`);
    added += inserted.rowCount ?? 0;
    const [row] = await tx
      .select({ name: table.name })
      .from(table)
      .where(sql`ar_fold(${table.name}) = ar_fold(${name})`)
      .orderBy(sql`${table.name} = ${name} desc`)
      .limit(1);
    return row?.name ?? name;
  };
  const city = await listed(cities, values.city);
  const propertyType = await listed(propertyTypes, values.propertyType);
  const status = await listed(offerStatuses, values.status);
  const units = new Map<string, string>();
  for (const typed of values.unitTypes ?? []) {
    const name = typed.trim();
    if (name && !units.has(name)) units.set(name, await listed(unitTypes, name));
  }
  let neighbourhood = values.neighbourhood?.trim() ?? "";
  const [cityRow] = city ? await tx.select({ id: cities.id }).from(cities).where(eq(cities.name, city)).limit(1) : [];
  if (cityRow && neighbourhood) {
    const inserted = await tx.execute(sql`
      insert into ${neighbourhoods} (city_id, name, position)
      select ${cityRow.id}, ${neighbourhood}, (select coalesce(max(position), -1) + 1 from ${neighbourhoods} where city_id = ${cityRow.id})
      where not exists (select 1 from ${neighbourhoods} where city_id = ${cityRow.id} and ar_fold(name) = ar_fold(${neighbourhood}))
      on conflict do nothing`);
    added += inserted.rowCount ?? 0;
    const [row] = await tx
      .select({ name: neighbourhoods.name })
      .from(neighbourhoods)
      .where(sql`${neighbourhoods.cityId} = ${cityRow.id} and ar_fold(${neighbourhoods.name}) = ar_fold(${neighbourhood})`)
      .orderBy(sql`${neighbourhoods.name} = ${neighbourhood} desc`)
      .limit(1);
    neighbourhood = row?.name ?? neighbourhood;
  }
  if (added > 0) await announceCacheChange(tx, "lookups");
  return { city, neighbourhood, propertyType, status, unitTypes: units };
}

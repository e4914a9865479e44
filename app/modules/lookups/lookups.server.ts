import { asc, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import { cities, neighbourhoods, offerStatuses, propertyTypes, unitTypes } from "~/db/schema.ts";
import { DEFAULT_CITIES, DEFAULT_PROPERTY_TYPES, DEFAULT_STATUSES, DEFAULT_UNIT_TYPES, FILTER_PROPERTY_TYPES } from "./defaults.ts";
import type { CityWithNeighbourhoods } from "./city-choices.ts";

/** Re-exported for the pages that still import it from here; browser code imports city-choices.ts. */
export type { CityWithNeighbourhoods };

/** Inserts the default lookup lists (defaults.ts) where missing; never removes what staff added. */
export async function seedLookupDefaults(db: Db) {
  invalidateLookups();
  await db.transaction(async (tx) => {
    await tx
      .insert(cities)
      .values(DEFAULT_CITIES.map((city, position) => ({ name: city.name, position })))
      .onConflictDoNothing();
    const cityRows = await tx.select({ id: cities.id, name: cities.name }).from(cities);
    const idByName = new Map(cityRows.map((c) => [c.name, c.id]));
    const hoods = DEFAULT_CITIES.flatMap((city) => city.neighbourhoods.map((name, position) => ({ cityId: idByName.get(city.name)!, name, position })));
    if (hoods.length) await tx.insert(neighbourhoods).values(hoods).onConflictDoNothing();
    for (const [table, names] of [
      [propertyTypes, DEFAULT_PROPERTY_TYPES],
      [unitTypes, DEFAULT_UNIT_TYPES],
      [offerStatuses, DEFAULT_STATUSES],
    ] as const) {
      await tx
        .insert(table)
        .values(names.map((name, position) => ({ name, position })))
        .onConflictDoNothing();
    }
  });
}

/** Cities in their list order, each with its neighbourhoods. */
export async function listCities(db: Db): Promise<CityWithNeighbourhoods[]> {
  const rows = await db
    .select({
      name: cities.name,
      neighbourhoods: sql<
        string[]
      >`coalesce(array_agg(${neighbourhoods.name} order by ${neighbourhoods.position}, ${neighbourhoods.id}) filter (where ${neighbourhoods.id} is not null), '{}')`,
    })
    .from(cities)
    .leftJoin(neighbourhoods, sql`${neighbourhoods.cityId} = ${cities.id}`)
    .groupBy(cities.id)
    .orderBy(asc(cities.position), asc(cities.id));
  return rows;
}

let cityNamesCache: string[] | undefined;

/** City names in list order; cached in the process (every public filter bar shows them). */
export async function listCityNames(db: Db): Promise<string[]> {
  if (cityNamesCache) return cityNamesCache;
  const rows = await db.select({ name: cities.name }).from(cities).orderBy(asc(cities.position), asc(cities.id));
  cityNamesCache = rows.map((r) => r.name);
  return cityNamesCache;
}

/** Call after any change to the lookup lists. */
export function invalidateLookups() {
  cityNamesCache = undefined;
}

/** Property types an owner may choose: the staff's list, then the filter bar's types. */
export async function listPropertyTypeChoices(db: Db): Promise<string[]> {
  const rows = await db.select({ name: propertyTypes.name }).from(propertyTypes).orderBy(asc(propertyTypes.position), asc(propertyTypes.id));
  return [...new Set([...rows.map((r) => r.name), ...FILTER_PROPERTY_TYPES])];
}

/**
 * Property types, unit types and offer statuses: schema.ts builds all three with namedList, so
 * they share one TypeScript type (the table name is not part of it).
 */
type NamedList = typeof propertyTypes;

/** The lists of the back-office offer form. */
export async function listOfferFormChoices(db: Db) {
  const names = async (table: NamedList) => (await db.select({ name: table.name }).from(table).orderBy(asc(table.position), asc(table.id))).map((r) => r.name);
  const [cityList, types, units, statuses] = await Promise.all([listCities(db), names(propertyTypes), names(unitTypes), names(offerStatuses)]);
  return { cities: cityList, propertyTypes: types, unitTypes: units, statuses };
}

/**
 * Adds what staff typed as an "other" value to its list so it is offered next time:
 * blank values are ignored, known ones are not added twice, new ones go to the end. Runs in the
 * caller's transaction, so a failed save adds nothing. Call invalidateLookups() after commit.
 */
export async function addLookupValues(tx: Tx, values: { city?: string; neighbourhood?: string; propertyType?: string; status?: string; unitTypes?: string[] }): Promise<void> {
  const append = async (table: NamedList | typeof cities, names: string[]) => {
    const wanted = [...new Set(names.map((n) => n.trim()).filter(Boolean))];
    if (!wanted.length) return;
    await tx
      .insert(table)
      .values(wanted.map((name) => ({ name, position: sql`(select coalesce(max(position), -1) + 1 from ${table})` })))
      .onConflictDoNothing();
  };
  await append(cities, values.city ? [values.city] : []);
  await append(propertyTypes, values.propertyType ? [values.propertyType] : []);
  await append(offerStatuses, values.status ? [values.status] : []);
  await append(unitTypes, values.unitTypes ?? []);
  const neighbourhood = values.neighbourhood?.trim();
  const city = values.city?.trim();
  if (city && neighbourhood) {
    await tx
      .insert(neighbourhoods)
      .values({
        cityId: sql`(select id from ${cities} where name = ${city})`,
        name: neighbourhood,
        position: sql`(select coalesce(max(n.position), -1) + 1 from ${neighbourhoods} n join ${cities} c on c.id = n.city_id where c.name = ${city})`,
      })
      .onConflictDoNothing();
  }
}

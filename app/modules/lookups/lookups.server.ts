import { asc, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { cities, neighbourhoods, offerStatuses, propertyTypes, unitTypes } from "~/db/schema.ts";
import {
  DEFAULT_CITIES,
  DEFAULT_PROPERTY_TYPES,
  DEFAULT_STATUSES,
  DEFAULT_UNIT_TYPES,
  FILTER_PROPERTY_TYPES,
} from "./defaults.ts";

export interface CityWithNeighbourhoods {
  name: string;
  neighbourhoods: string[];
}

/** Inserts the default lookup lists of SPEC.md §9 where missing; never removes what staff added. */
export async function seedLookupDefaults(db: Db) {
  invalidateLookups();
  await db.transaction(async (tx) => {
    await tx
      .insert(cities)
      .values(DEFAULT_CITIES.map((city, position) => ({ name: city.name, position })))
      .onConflictDoNothing();
    const cityRows = await tx.select({ id: cities.id, name: cities.name }).from(cities);
    const idByName = new Map(cityRows.map((c) => [c.name, c.id]));
    const hoods = DEFAULT_CITIES.flatMap((city) =>
      city.neighbourhoods.map((name, position) => ({ cityId: idByName.get(city.name)!, name, position })),
    );
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
      neighbourhoods: sql<string[]>`coalesce(array_agg(${neighbourhoods.name} order by ${neighbourhoods.position}, ${neighbourhoods.id}) filter (where ${neighbourhoods.id} is not null), '{}')`,
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

/** Property types an owner may choose: the staff's list, then the filter bar's types (SPEC.md §5, §9). */
export async function listPropertyTypeChoices(db: Db): Promise<string[]> {
  const rows = await db.select({ name: propertyTypes.name }).from(propertyTypes).orderBy(asc(propertyTypes.position), asc(propertyTypes.id));
  return [...new Set([...rows.map((r) => r.name), ...FILTER_PROPERTY_TYPES])];
}

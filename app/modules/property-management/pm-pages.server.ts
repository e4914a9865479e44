import { data } from "react-router";
import type { AppServices } from "~/context.ts";
import type { Db } from "~/db/client.server.ts";
import { searchOfferChoices } from "~/modules/offers/index.server.ts";
import { getSettings } from "~/modules/settings/index.server.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import { riyadhDayOf } from "~/utils/riyadh-day.ts";
import { getOwner, getProperty, listOwners, listPropertyChoices } from "./property-management.server.ts";
import { canEditPropertyManagement, PM_MESSAGES } from "./pm-schema.ts";

/** A record id from the address, or a 404. */
export function readRecordId(param: string | undefined): number {
  if (!param || !/^\d{1,9}$/.test(param)) throw data(PM_MESSAGES.notFound, { status: 404 });
  return Number(param);
}

/** /admin/owners: the search and the page from the address. */
export async function loadOwnersPage(db: Db, user: StaffProfile, url: URL) {
  const query = (url.searchParams.get("q") ?? "").slice(0, 100);
  const page = Math.max(1, Math.min(10_000, Number(url.searchParams.get("page")) || 1));
  const list = await listOwners(db, { query, page });
  return { ...list, query, page, canEdit: canEditPropertyManagement(user.role) };
}

/** /admin/owners/:id: the owner, their properties and contracts, and the choices of the new property form. */
export async function loadOwnerPage({ db }: AppServices, user: StaffProfile, id: number) {
  const [owner, choices, settings] = await Promise.all([getOwner(db, id), listPropertyChoices(db), getSettings(db)]);
  if (!owner) throw data(PM_MESSAGES.notFound, { status: 404 });
  return { owner, cities: choices.cities, tileUrl: settings.mapTileUrl, today: riyadhDayOf(new Date()), canEdit: canEditPropertyManagement(user.role) };
}

/** /admin/properties/:id: the property, its units and contracts, and the unit form's choices. */
export async function loadPropertyPage({ db }: AppServices, user: StaffProfile, id: number) {
  const property = await getProperty(db, id);
  if (!property) throw data(PM_MESSAGES.notFound, { status: 404 });
  const choices = await listPropertyChoices(db, { unitTypes: property.units.map((u) => u.type), city: property.city, neighbourhood: property.neighbourhood });
  return { property, unitTypes: choices.unitTypes, cities: choices.cities, today: riyadhDayOf(new Date()), canEdit: canEditPropertyManagement(user.role) };
}

/**
 * GET /admin/properties/offers?q=: the unit form's offer picker (JSON, up to 20 offers by title,
 * place or number), for who may edit units and nobody else (403): any offer, however old.
 */
export async function answerUnitOffers({ db }: Pick<AppServices, "db">, user: StaffProfile, url: URL): Promise<Response> {
  if (!canEditPropertyManagement(user.role)) return Response.json({ error: PM_MESSAGES.readOnly }, { status: 403 });
  return Response.json({ choices: await searchOfferChoices(db, url.searchParams.get("q") ?? "") });
}

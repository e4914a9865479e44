import { data } from "react-router";
import type { Db } from "~/db/client.server.ts";
import { PM_MESSAGES } from "~/modules/property-management/index.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import { riyadhDayOf } from "~/utils/riyadh-day.ts";
import { canEditLeases } from "./lease-schema.ts";
import { freezeCities, getLease, getTenant, getUnitForLease, leasesInForce, listRentFreezes, listTenantChoices, listTenants, renewalDefaults } from "./leases.server.ts";

/** A record id from the address, or a 404. */
export function readLeaseRecordId(param: string | null | undefined): number {
  if (!param || !/^\d{1,9}$/.test(param)) throw data(PM_MESSAGES.notFound, { status: 404 });
  return Number(param);
}

/** /admin/tenants: the search and the page from the address. */
export async function loadTenantsPage(db: Db, user: StaffProfile, url: URL) {
  const query = (url.searchParams.get("q") ?? "").slice(0, 100);
  const page = Math.max(1, Math.min(10_000, Number(url.searchParams.get("page")) || 1));
  const list = await listTenants(db, { query, page });
  return { ...list, query, page, canEdit: canEditLeases(user.role) };
}

/** /admin/tenants/:id: the tenant and their leases. */
export async function loadTenantPage(db: Db, user: StaffProfile, id: number) {
  const tenant = await getTenant(db, id);
  if (!tenant) throw data(PM_MESSAGES.notFound, { status: 404 });
  return { tenant, today: riyadhDayOf(new Date()), canEdit: canEditLeases(user.role) };
}

/**
 * /admin/leases/new?unit=ID (a new lease of the unit) or ?renews=ID (the lease's renewal,
 * prefilled: the day after its end, a year on, the same rent); `q` searches the tenants offered.
 */
export async function loadLeaseNewPage(db: Db, user: StaffProfile, url: URL) {
  const renewsParam = url.searchParams.get("renews");
  const renewed = renewsParam ? await getLease(db, readLeaseRecordId(renewsParam)) : null;
  if (renewsParam && !renewed) throw data(PM_MESSAGES.notFound, { status: 404 });
  const unit = await getUnitForLease(db, renewed?.unitId ?? readLeaseRecordId(url.searchParams.get("unit")));
  if (!unit) throw data(PM_MESSAGES.notFound, { status: 404 });
  const query = (url.searchParams.get("q") ?? "").slice(0, 100);
  const tenantParam = Number(url.searchParams.get("tenant")) || null;
  const defaults = renewed ? renewalDefaults(renewed) : null;
  const tenantChoices = await listTenantChoices(db, query, defaults?.tenantId ?? tenantParam);
  return { unit, renewed, defaults, tenantId: defaults?.tenantId ?? tenantParam, query, tenantChoices, canEdit: canEditLeases(user.role) };
}

/** /admin/leases/:id: the lease, its tenant and unit, and where it stands today. */
export async function loadLeasePage(db: Db, user: StaffProfile, id: number) {
  const lease = await getLease(db, id);
  if (!lease) throw data(PM_MESSAGES.notFound, { status: 404 });
  return { lease, today: riyadhDayOf(new Date()), canEdit: canEditLeases(user.role) };
}

/** The property page's part: per unit, the lease in force today. */
export function loadUnitLeases(db: Db, unitIds: number[]) {
  return leasesInForce(db, unitIds, riyadhDayOf(new Date()));
}

/** The settings page's rent freezes, and the cities a new one may name. */
export async function loadRentFreezes(db: Db) {
  const [freezes, cities] = await Promise.all([listRentFreezes(db), freezeCities(db)]);
  return { freezes, cities };
}

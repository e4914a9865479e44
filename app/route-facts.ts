import type { Register } from "react-router";
import { SEARCH_URL } from "~/components/layout/search-result.ts";
import type { AccountRole } from "~/db/column-types.ts";
import type { Role } from "~/modules/users/roles.ts";
import {
  CONTENT_FORM_BODY_LIMIT,
  FINANCE_REQUEST_BODY_LIMIT,
  LICENCE_UPLOAD_BODY_LIMIT,
  OFFER_PHOTO_BODY_LIMIT,
  OFFER_SAVE_BODY_LIMIT,
  RENT_BODY_LIMIT,
  SUBMISSION_BODY_LIMIT,
} from "~/utils/body-limits.ts";

/**
 * What the server must know about a route before React Router runs it (decision 040), declared
 * once per route of app/routes.ts. The server reads them through one lookup (app/framework/route-lookup.server.ts:
 * the page cache, the request handler's body limit, the back office's guard); <DeferredScripts>
 * reads them for the matched routes.
 */
export interface RouteFacts {
  /**
   * A public page the page cache keeps for anonymous visitors (decision 020). `params`: what each
   * parameter of its path must look like to be a page it renders (anything else is a 404, never kept).
   */
  readonly pageCache?: { readonly params?: Readonly<Record<string, RegExp>> };
  /** The most bytes a request body may have (app/utils/body-limits.ts); unset: the small forms' 64 KiB. */
  readonly bodyLimit?: number;
  /** The roles that may open this back-office (or owners' portal) route (its guard checks them before any loader or action). */
  readonly roles?: readonly AccountRole[];
  /** Its JavaScript starts after the first paint (decision 019); a layout's flag holds for its pages. */
  readonly deferScripts?: boolean;
}

/** Every route id of app/routes.ts (and root), as React Router's typegen spells them. */
export type RouteId = keyof Register["routeModules"];

const EVERY_STAFF: readonly Role[] = ["manager", "accountant", "staff"];
const OFFICE: readonly Role[] = ["manager", "staff"];
const FINANCE: readonly Role[] = ["manager", "accountant"];
const MANAGER: readonly Role[] = ["manager"];
const OWNER: readonly AccountRole[] = ["owner"];

const OFFER_ID = { id: /^\d{1,9}$/ };

/**
 * The facts of every route, keyed by its id. The compiler holds it to app/routes.ts: a route
 * without an entry, or an entry naming no route, does not type-check (route-facts.test.ts says
 * the same at run time).
 */
export const ROUTE_FACTS = {
  root: {},
  "routes/site/layout": { deferScripts: true },
  "routes/site/home": { pageCache: {} },
  "routes/site/offers": { pageCache: {} },
  "routes/site/offer": { pageCache: { params: OFFER_ID } },
  "routes/site/about": { pageCache: {} },
  "routes/site/licenses": { pageCache: {} },
  "routes/site/services": { pageCache: {} },
  "routes/site/service": { pageCache: { params: { slug: /^[a-z0-9-]{1,80}$/ } } },
  "routes/site/contact": { pageCache: {} },
  "routes/site/list-your-property": { pageCache: {}, bodyLimit: SUBMISSION_BODY_LIMIT },
  "routes/site/favourites": { pageCache: {} },
  "routes/site/compare": { pageCache: {} },
  "routes/site/alerts": { pageCache: {} },
  // A visitor's own token: never kept.
  "routes/site/alert-confirm": {},
  "routes/site/alert-unsubscribe": {},
  // A unit's maintenance report (decision 054): its token, never kept; up to five photos.
  "routes/site/maintenance": { bodyLimit: SUBMISSION_BODY_LIMIT },
  "routes/site/not-found": {},
  "routes/auth/login": {},
  "routes/auth/logout": {},
  "routes/auth/reset-request": {},
  "routes/auth/reset-password": {},
  "routes/admin/layout": {},
  "routes/admin/dashboard": { roles: EVERY_STAFF },
  "routes/admin/profile": { roles: EVERY_STAFF },
  "routes/admin/offers": { roles: OFFICE },
  "routes/admin/offer-new": { roles: OFFICE, bodyLimit: OFFER_SAVE_BODY_LIMIT },
  "routes/admin/offer-edit": { roles: OFFICE, bodyLimit: OFFER_SAVE_BODY_LIMIT },
  "routes/admin/offer-photos": { roles: OFFICE, bodyLimit: OFFER_PHOTO_BODY_LIMIT },
  "routes/admin/tasks": { roles: EVERY_STAFF },
  "routes/admin/task-offers": { roles: EVERY_STAFF },
  "routes/admin/task": { roles: EVERY_STAFF },
  "routes/admin/tasks-events": { roles: EVERY_STAFF },
  // Its page also takes the accountant's request with its receipt photo.
  "routes/admin/finance": { roles: FINANCE, bodyLimit: FINANCE_REQUEST_BODY_LIMIT },
  "routes/admin/finance-request": { roles: FINANCE, bodyLimit: FINANCE_REQUEST_BODY_LIMIT },
  "routes/admin/finance-events": { roles: FINANCE },
  "routes/admin/inquiries": { roles: OFFICE },
  "routes/admin/submissions": { roles: OFFICE },
  "routes/admin/settings": { roles: MANAGER },
  "routes/admin/staff": { roles: MANAGER },
  "routes/admin/content": { roles: MANAGER, bodyLimit: CONTENT_FORM_BODY_LIMIT },
  "routes/admin/content-images": { roles: MANAGER, bodyLimit: OFFER_PHOTO_BODY_LIMIT },
  "routes/admin/licenses": { roles: MANAGER },
  "routes/admin/licence-upload": { roles: MANAGER, bodyLimit: LICENCE_UPLOAD_BODY_LIMIT },
  "routes/admin/reports": { roles: MANAGER },
  "routes/admin/reports-daily": { roles: MANAGER },
  "routes/admin/reports-export-xlsx": { roles: MANAGER },
  "routes/admin/reports-export-csv": { roles: MANAGER },
  "routes/admin/reports-whatsapp": { roles: MANAGER },
  // REGA ad-licence verification (issue 32, decision 047)
  "routes/admin/offer-licence-check": { roles: OFFICE },
  "routes/admin/offer-confirm": { roles: OFFICE },
  // An employee only their own clients' (the module checks the client's owner).
  "routes/admin/client-requirements": { roles: OFFICE },
  "routes/admin/matches": { roles: OFFICE },
  // The clients pipeline (issue 32): the manager and employees (their own clients); not the accountant.
  "routes/admin/clients": { roles: OFFICE },
  "routes/admin/client": { roles: OFFICE },
  // Property management (issue 33): the manager and the employees change, the accountant reads (the actions check it).
  "routes/admin/owners": { roles: EVERY_STAFF },
  "routes/admin/owner-new": { roles: EVERY_STAFF },
  "routes/admin/owner": { roles: EVERY_STAFF },
  "routes/admin/property": { roles: EVERY_STAFF },
  // The unit form's offer picker: the section's roles at the gate; the accountant, who reads the
  // property only, is refused by the answer itself (403, property-management.server.test.ts).
  "routes/admin/property-offers": { roles: EVERY_STAFF },
  // Tenants and leases (issue 33, decision 052): as the owners, the accountant reads (the actions check it).
  "routes/admin/tenants": { roles: EVERY_STAFF },
  "routes/admin/tenant-new": { roles: EVERY_STAFF },
  "routes/admin/tenant": { roles: EVERY_STAFF },
  "routes/admin/lease-new": { roles: EVERY_STAFF },
  "routes/admin/lease": { roles: EVERY_STAFF },
  // Rent (issue 33, decision 053): every staff role reads; the accountant and the manager record payments (the action checks it).
  "routes/admin/rent": { roles: EVERY_STAFF },
  "routes/admin/rent-lease": { roles: EVERY_STAFF, bodyLimit: RENT_BODY_LIMIT },
  // The owners' portal (decision 056): the owner's page gives the account (the action refuses the accountant); the portal is the owner's alone.
  "routes/admin/owner-portal-access": { roles: EVERY_STAFF },
  "routes/owner/layout": {},
  "routes/owner/overview": { roles: OWNER },
  "routes/owner/statements": { roles: OWNER },
  "routes/owner/statement-pdf": { roles: OWNER },
  "routes/owner/leases": { roles: OWNER },
  "routes/owner/maintenance": { roles: OWNER },
  "routes/owner/marketed": { roles: OWNER },
  "routes/resources/healthz": {},
  "routes/resources/healthz-ready": {},
  "routes/resources/image": {},
  "routes/resources/private-image": {},
  "routes/resources/offer-events": {},
  "routes/resources/altcha": {},
  "routes/resources/submissions": { bodyLimit: SUBMISSION_BODY_LIMIT },
  "routes/resources/sitemap": {},
  "routes/resources/robots": {},
  // Viewings (issue 32): the diary and the scheduling form; a visitor's request (its times, never kept by the page cache).
  "routes/admin/viewings": { roles: OFFICE },
  "routes/admin/viewing-new": { roles: OFFICE },
  // The scheduling form's offer and client pickers (JSON): who may book.
  "routes/admin/viewing-offers": { roles: OFFICE },
  "routes/admin/viewing-clients": { roles: OFFICE },
  "routes/resources/viewing-request": {},
  // Maintenance (issue 33, decision 054): the manager and the employees handle reports and add costs, the accountant reads (the module checks it).
  "routes/admin/maintenance": { roles: EVERY_STAFF },
  "routes/admin/maintenance-report": { roles: EVERY_STAFF },
  "routes/admin/unit-qr": { roles: EVERY_STAFF },
  // Owners' monthly statements (issue 33, decision 055): the manager and the accountant; never an employee.
  "routes/admin/statements": { roles: FINANCE },
  "routes/admin/statement-pdf": { roles: FINANCE },
} satisfies Record<RouteId, RouteFacts>;

/**
 * The paths the server answers itself, ahead of React Router (decision 024: the header search's
 * JSON, whose routing would cost more than its answer). They are no route of app/routes.ts; they
 * are declared here, with their facts, so that this file still says what every path is: the lookup
 * answers them, and server/app.ts mounts each at its `path`.
 */
export const AHEAD_OF_REACT_ROUTER = {
  search: { path: SEARCH_URL, method: "GET", facts: {} },
} as const satisfies Record<string, { path: `/${string}`; method: "GET"; facts: RouteFacts }>;

export type AheadId = keyof typeof AHEAD_OF_REACT_ROUTER;

export const factsOf = (id: string): RouteFacts | undefined => (ROUTE_FACTS as Readonly<Record<string, RouteFacts>>)[id];

/** The roles that may open a back-office route (none for any other). */
export const rolesOf = (id: RouteId): readonly AccountRole[] => (ROUTE_FACTS[id] as RouteFacts).roles ?? [];

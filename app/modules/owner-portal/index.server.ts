/** The owners' portal's public entry for server code (decision 056). */
export { ownerGuard, requirePortalOwner } from "./owner-guard.server.ts";
export { offerViewCounter } from "./offer-views.server.ts";
export { inviteOwnerToPortal, loadPortalAccess, removeOwnerFromPortal } from "./portal-access.server.ts";
export { loadLeasesEnding, loadMarketedUnits, loadOpenMaintenance, loadOverview, loadStatements, statementPdfResponse } from "./portal-pages.server.ts";

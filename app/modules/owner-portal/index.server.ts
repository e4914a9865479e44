/** The owners' portal's public entry for server code (decision 056). */
export { ownerGuard, requirePortalOwner, type PortalOwner } from "./owner-guard.server.ts";
export { offerViewCounter, recordOfferView } from "./offer-views.server.ts";
export { inviteOwnerToPortal, loadPortalAccess, removeOwnerFromPortal, PORTAL_MESSAGES, type PortalAccess } from "./portal-access.server.ts";
export { loadLeasesEnding, loadMarketedUnits, loadOpenMaintenance, loadOverview, loadStatements, statementPdfResponse } from "./portal-pages.server.ts";

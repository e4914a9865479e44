/** The leases module's public entry for server code (decision 044). */
export { FREEZE_INTENTS, handleFreezePost, handleLeaseNew, handleLeasePost, handleTenantNew, handleTenantPost } from "./lease-action.server.ts";
export { loadLeaseNewPage, loadLeasePage, loadRentFreezes, loadTenantPage, loadTenantsPage, loadUnitLeases, readLeaseRecordId } from "./lease-pages.server.ts";
export { renewalNoticeJobs } from "./renewal-notices.server.ts";

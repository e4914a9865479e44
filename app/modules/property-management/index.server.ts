/** The property-management module's public entry for server code (decision 044). */
export { handleOwnerNew, handleOwnerPost, handlePropertyPost } from "./pm-action.server.ts";
export { loadOwnerPage, loadOwnersPage, loadPropertyPage, readRecordId } from "./pm-pages.server.ts";

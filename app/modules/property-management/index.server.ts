/** The property-management module's public entry for server code (decision 044). */
export { handleOwnerNew, handleOwnerPost, handlePropertyPost } from "./pm-action.server.ts";
export { answerUnitOffers, loadOwnerPage, loadOwnersPage, loadPropertyPage, readRecordId } from "./pm-pages.server.ts";
// The demo records are written through the same commands as a person's changes.
export { addContract, addUnit, createOwner, createProperty } from "./property-management.server.ts";

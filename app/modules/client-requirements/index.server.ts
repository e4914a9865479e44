/** The client-requirements module's public entry for server code: what other modules of its tier may use (decision 044). */
export { countOpenMatches } from "./matches.server.ts";
export { offerMatchJobs } from "./matching.server.ts";
export { handleMatchContacted, handleRequirementsPost, loadMatchesPage, loadOfferMatches, loadRequirementsPage, refuseRequirementsPost } from "./requirement-pages.server.ts";

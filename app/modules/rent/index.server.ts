/** The rent module's public entry for server code (decision 044): instalments, payments, arrears reminders (decision 053). */
export { dropInstalmentsAfter, generateInstalmentsForLease } from "./instalments.server.ts";
export { rentJobs } from "./rent-jobs.server.ts";
export { handleLeasePost, handlePmRulesPost } from "./rent-action.server.ts";
export { loadLeaseLedger, loadRentBoard, readLeaseId } from "./rent-pages.server.ts";
export { getRentRules } from "./rules.server.ts";

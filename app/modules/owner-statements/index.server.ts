/** The owners' statements module's public entry for server code (decision 044). */
export { ownerStatementJobs } from "./statement-jobs.server.ts";
export { handleStatementsPost, loadOwnerStatements, loadStatementPdf, loadStatementsPage } from "./statement-pages.server.ts";

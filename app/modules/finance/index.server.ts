/** The finance module's public entry for server code: what other modules may use (decision 044). */
export { requestFinanceApprovalIn } from "./finance.server.ts";
export { FINANCE_LIMITS, FINANCE_MESSAGES } from "./finance-messages.ts";

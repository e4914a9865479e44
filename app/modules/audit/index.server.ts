/** The audit module's public entry for server code: what other modules of its tier may use (decision 044). */
export { recordAudit, SYSTEM_ACTOR } from "./audit.server.ts";

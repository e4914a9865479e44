/** The maintenance module's public entry for server code (decision 054): what the owners' statements use. */
export { approvedOwnerCharges } from "./maintenance-office.server.ts";

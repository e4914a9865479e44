/** The property-management reports' public entry for server code (decision 044). */
export { loadPropertyReport } from "./property-reports.server.ts";
export { chargesDataset, instalmentsDataset } from "./property-exports.server.ts";

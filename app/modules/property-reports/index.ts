/** The property-management reports' public entry for pages (decision 044). */
export * from "./property-reports-view.ts";

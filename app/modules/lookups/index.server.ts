/** The lookups module's public entry for server code: what other modules of its tier may use (decision 044). */
export { handleLookupPost, isLookupIntent } from "./lookups-action.server.ts";

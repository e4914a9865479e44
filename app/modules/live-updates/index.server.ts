/** The live-updates module's public entry for server code: what other modules of its tier may use (decision 044). */
export { announceCacheChange } from "./cache-sync.server.ts";
export { publishOfferChange } from "./event-hub.server.ts";

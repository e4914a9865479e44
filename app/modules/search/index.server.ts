/** The search module's public entry for server code: what other modules of its tier may use (decision 044). */
export { parseOfferFilters } from "./parse-filters.server.ts";
export { completedKeyword, correctedKeyword, keywordPostings, keywordSearch, rankedPage } from "./search.server.ts";

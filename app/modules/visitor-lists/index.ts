/** The visitor-lists module's public entry: what other modules of its tier may use (decision 044). */
export { CompareButton, FavouriteButton } from "./components/list-buttons.tsx";
export { say } from "./list-actions.ts";
export { changeLists, readLists, useVisitorLists } from "./list-store.ts";
export { MAX_COMPARED, MAX_FAVOURITES, listHref, sameIds } from "./offer-ids.ts";

/** The offers module's public entry for server code: what other modules of its tier may use (decision 044). */
export { filterChips } from "./filter-view.server.ts";
export {
  MAX_COUNTED_OFFERS,
  cardColumns,
  listOfferPhotos,
  listOffers,
  offerFields,
  offerVisibilityCondition,
  orderFor,
  publicOffersCondition,
  publicOffersMatching,
  type OfferListPage,
} from "./offers.server.ts";

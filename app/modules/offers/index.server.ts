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
// The availability rule (decision 046): the confirm tasks and the dashboard read it as the public rule does.
export { AVAILABILITY_GRACE_DAYS, confirmedSinceRiyadhDay } from "./availability-rule.server.ts";
// The offer pickers of the task and viewing forms.
export { offerChoiceById, searchOfferChoices } from "./offer-choices.server.ts";

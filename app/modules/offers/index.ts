/** The offers module's public entry: what other modules of its tier may use (decision 044). */
export { OfferCard } from "./components/offer-card.tsx";
export { OfferPicker } from "./components/offer-picker.tsx";
export { type OfferChoice } from "./offer-choice.ts";
export { OfferPhoto } from "./components/offer-photo.tsx";
export { StatusBadge } from "./components/status-badge.tsx";
export { useLiveOffers } from "./components/use-live-offers.ts";
export { DETAIL_LABELS } from "./detail-fields.ts";
export { type OfferDetails, type OfferUnit } from "./details.ts";
export { offerPriceText, pricePerMetreText } from "./offer-texts.ts";
export { type AdminOfferRow, type OfferCard as OfferCardData } from "./offer-views.ts";
export { parseVisibilityFilter, type OfferVisibility } from "./offer-visibility.ts";

/** The ad-licences module's public entry: what other modules of its tier may use (decision 044). */
export { AD_LICENCE_LIMITS, AD_LICENCE_MESSAGES, RENT_STATUS, adLicenceFormSchema, adLicenceFormValues, rentPeriodField, type AdLicenceFormValues } from "./ad-licence-form.ts";
export {
  ADVERTISED_STATUSES,
  ADVERTISER_CAPACITIES,
  ADVERTISER_CAPACITY_LABELS,
  AD_LICENCE_STATE_LABELS,
  EMPTY_DISCLOSURES,
  LICENCE_EXPIRING_DAYS,
  RENT_PERIODS,
  RENT_PERIOD_ADVERBS,
  RENT_PERIOD_LABELS,
  adLicenceState,
  isAdvertisedStatus,
  licenceEndsAt,
  licenceVerificationUrl,
  type AdLicenceState,
  type OfferAdLicence,
  type OfferDisclosures,
  type RegaWithdrawal,
  type RentPeriod,
} from "./ad-licence.ts";
export { OfferLicenceBlock, type LicenceRow, type OfferLicenceView } from "./components/offer-licence-block.tsx";
export { LICENCE_CHECK_PATH, type LicenceCheckAnswer, type RegaLicence } from "./rega-answer.ts";

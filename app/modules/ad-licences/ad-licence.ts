/**
 * The REGA advertising licence of an offer (decision 017): its fields, labels and state. Shared by
 * the server, the back office and the public page; no server import.
 */
import { ADVERTISER_CAPACITIES, RENT_PERIODS, type AdvertiserCapacity, type OfferDisclosures, type RegaWithdrawal, type RentPeriod } from "~/db/column-types.ts";
import { RIYADH_OFFSET_MS } from "~/utils/riyadh-day.ts";

export { ADVERTISER_CAPACITIES, RENT_PERIODS, type AdvertiserCapacity, type OfferDisclosures, type RegaWithdrawal, type RentPeriod };
export type { YesNoUnknown } from "~/db/column-types.ts";

/** The statuses that advertise a property: saving one of these needs a valid ad licence when the setting asks. */
export const ADVERTISED_STATUSES = ["للبيع", "للإيجار"] as const;

export function isAdvertisedStatus(status: string): boolean {
  return (ADVERTISED_STATUSES as readonly string[]).includes(status);
}

export const ADVERTISER_CAPACITY_LABELS: Record<AdvertiserCapacity, string> = {
  broker: "وسيط عقاري",
  owner: "مالك",
  authorised: "مفوض",
};

/** The period's name in the form («سنوي») and its adverb after a price («٤٥٬٠٠٠ ر.س. سنويًا»). */
export const RENT_PERIOD_LABELS: Record<RentPeriod, string> = { yearly: "سنوي", monthly: "شهري", daily: "يومي" };
export const RENT_PERIOD_ADVERBS: Record<RentPeriod, string> = { yearly: "سنويًا", monthly: "شهريًا", daily: "يوميًا" };

export const EMPTY_DISCLOSURES: OfferDisclosures = {
  disputes: false,
  disputesDetails: "",
  mortgage: false,
  mortgageDetails: "",
  unrecordedRights: false,
  unrecordedRightsDetails: "",
  guarantees: "",
  buildingCode: "unknown",
};

/** The licence fields of an offer as pages read them; dates are `YYYY-MM-DD` (Gregorian). */
export interface OfferAdLicence {
  number: string;
  issuedOn: string | null;
  expiresOn: string | null;
  capacity: AdvertiserCapacity | "";
  deedNumber: string;
  nationalAddress: string;
  disclosures: OfferDisclosures;
  /** When REGA last confirmed the licence (decision 047), ISO; stored by the server, never posted by the form. */
  verifiedAt?: string | null;
}

/** Days before expiry when the manager is warned, and the offer counts as «expiring». */
export const LICENCE_WARNING_DAYS = [14, 3] as const;
export const LICENCE_EXPIRING_DAYS = 14;

export type AdLicenceState = "valid" | "expiring" | "expired" | "missing";
export const AD_LICENCE_STATE_LABELS: Record<AdLicenceState, string> = {
  valid: "ترخيص ساري",
  expiring: "ترخيص ينتهي قريبًا",
  expired: "ترخيص منتهٍ",
  missing: "بلا ترخيص",
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** Riyadh is UTC+3 all year (no daylight saving). */

/**
 * The moment a licence ends: midnight in Riyadh after its expiry date (the licence holds the whole
 * of its last day). Stored beside the date so public queries compare it with `now()`.
 */
export function licenceEndsAt(expiresOn: string): Date {
  const [y, m, d] = expiresOn.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1) - RIYADH_OFFSET_MS);
}

/**
 * The licence's state at `now`: missing (no number or dates), expired (or taken away by REGA,
 * decision 047), expiring (within 14 days), valid.
 */
export function adLicenceState(licence: { number: string; expiresOn: string | null; withdrawn?: RegaWithdrawal | "" }, now: Date = new Date()): AdLicenceState {
  if (!licence.number || !licence.expiresOn) return "missing";
  if (licence.withdrawn) return "expired";
  const endsAt = licenceEndsAt(licence.expiresOn).getTime();
  if (endsAt <= now.getTime()) return "expired";
  return endsAt - now.getTime() <= LICENCE_EXPIRING_DAYS * DAY_MS ? "expiring" : "valid";
}

/** Replaces `{licence}` in the settings' verification link template; empty when there is no template or number. */
export function licenceVerificationUrl(template: string, licenceNumber: string): string {
  if (!template.trim() || !licenceNumber) return "";
  return template.replaceAll("{licence}", encodeURIComponent(licenceNumber));
}

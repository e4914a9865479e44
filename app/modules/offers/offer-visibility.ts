/**
 * Why an offer is not on the public list now, one reason each (the first that applies, so the
 * reasons and the public offers add up to all of them): its status is not one the manager made
 * available (decision 027); its ad licence has ended; nobody confirmed it is still available for N + 7
 * days (decision 046); the settings require a licence and it has none (decision 017). "none": shown to visitors. The reports count by it and link to the offers
 * list with `?hidden=`.
 */
export const HIDDEN_REASONS = ["status", "licence-ended", "unconfirmed", "no-licence"] as const;
export type HiddenReason = (typeof HIDDEN_REASONS)[number];
export type OfferVisibility = HiddenReason | "none";

export const VISIBILITY_LABELS: Record<OfferVisibility, string> = {
  none: "ظاهرة للزوار الآن",
  status: "مخفية لأن حالتها لا تُعرض للزوار",
  "licence-ended": "مخفية لانتهاء ترخيص إعلانها",
  unconfirmed: "مخفية لعدم تأكيد توفرها",
  "no-licence": "مخفية لأنها بلا ترخيص إعلان والترخيص مشترط",
};

/** The list's `hidden` filter from the address; anything else is no filter. */
export function parseVisibilityFilter(params: URLSearchParams): OfferVisibility | undefined {
  const hidden = params.get("hidden") ?? "";
  return hidden === "none" || (HIDDEN_REASONS as readonly string[]).includes(hidden) ? (hidden as OfferVisibility) : undefined;
}

/** The offers list showing the offers of one visibility. */
export const visibilityListUrl = (visibility: OfferVisibility) => `/admin/offers?hidden=${visibility}`;

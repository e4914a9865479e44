import { AD_LICENCE_STATE_LABELS, type AdLicenceState } from "../ad-licence.ts";

const TONES: Record<AdLicenceState | "not-needed", string> = {
  valid: "bg-emerald-50 text-emerald-900 ring-emerald-300",
  expiring: "bg-amber-50 text-amber-900 ring-amber-400",
  expired: "bg-red-50 text-red-800 ring-red-300",
  missing: "bg-red-50 text-red-800 ring-red-300",
  "not-needed": "bg-stone-100 text-stone-700 ring-stone-300",
};

/**
 * An offer's ad licence in the back-office lists (decision 017): valid, expiring within 14 days,
 * expired, or missing. A missing licence is a problem only on a for-sale or for-rent offer
 * (`advertised`); on a sold one it is shown in grey.
 */
export function LicenceBadge({ state, advertised }: { state: AdLicenceState; advertised: boolean }) {
  const tone = state === "missing" && !advertised ? "not-needed" : state;
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap ring-1 ${TONES[tone]}`}
      data-testid="licence-badge"
      data-state={state}
    >
      {AD_LICENCE_STATE_LABELS[state]}
    </span>
  );
}

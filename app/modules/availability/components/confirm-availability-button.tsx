import { useFetcher, useLocation } from "react-router";
import { adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { AVAILABILITY_MESSAGES } from "../availability-texts.ts";

/** Where the one tap posts (routes/admin/offer-confirm.ts). */
const CONFIRM_AVAILABILITY_ACTION = "/admin/offers/confirm";

/** Beside the offers list's «تعديل» and «حذف». */
const COMPACT_CLASS = "rounded-lg px-3 py-1.5 font-bold whitespace-nowrap text-emerald-800 ring-1 ring-emerald-300 hover:bg-emerald-50 disabled:opacity-60";

/**
 * «تأكيد التوفر»: one tap records that the offer is still available (decision 046) and comes back
 * to this page with its toast. A plain form before JavaScript has started.
 */
export function ConfirmAvailabilityButton({ offerId, title, compact = false }: { offerId: number; title: string; compact?: boolean }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={CONFIRM_AVAILABILITY_ACTION}>
      <input type="hidden" name="offerId" value={offerId} />
      <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        disabled={busy}
        aria-label={`${AVAILABILITY_MESSAGES.confirm}: ${title}`}
        className={compact ? COMPACT_CLASS : `${adminSecondaryButtonClass} text-sm whitespace-nowrap`}
      >
        {busy ? AVAILABILITY_MESSAGES.confirming : AVAILABILITY_MESSAGES.confirm}
      </button>
    </fetcher.Form>
  );
}

import { formatTimeAgoArabic } from "~/utils/format.ts";
import { ConfirmAvailabilityButton } from "./confirm-availability-button.tsx";

/**
 * The offer form's line on availability (decision 046): when it was last confirmed and by whom,
 * with the one-tap confirmation. `now` is the loader's, so the text does not change on hydration.
 */
export function AvailabilityPanel({ offerId, title, confirmedAt, by, now }: { offerId: number; title: string; confirmedAt: string; by: string | null; now: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200" data-testid="availability-panel">
      <p className="text-stone-700">
        آخر تأكيد لتوفر العرض: <span className="font-bold">{formatTimeAgoArabic(confirmedAt, new Date(now))}</span>
        {by ? (
          <>
            {" "}
            (<bdi>{by}</bdi>)
          </>
        ) : null}
      </p>
      <ConfirmAvailabilityButton offerId={offerId} title={title} />
    </div>
  );
}

import { Link } from "react-router";
import { offersText } from "~/utils/count-words.ts";
import { formatTimeAgoArabic } from "~/utils/format.ts";
import { leavesText } from "../availability-texts.ts";
import { ConfirmAvailabilityButton } from "./confirm-availability-button.tsx";

/** An offer of the dashboard's list (availability.server.ts, listAvailabilityAttention). */
export interface AvailabilityAttentionRow {
  id: number;
  title: string;
  confirmedAt: string;
  daysLeft: number;
}

/**
 * The dashboard's list of offers whose availability must be confirmed (decision 046): those that
 * left the site for want of a confirmation, then those leaving soonest, each with the one-tap
 * confirmation; the first 20 and how many in all. `now` is the loader's, so the texts do not change on hydration.
 */
export function AvailabilityAttention({ rows, total, now }: { rows: AvailabilityAttentionRow[]; total: number; now: string }) {
  if (rows.length === 0) return <p className="leading-7 text-stone-700">تم التأكد من توفر كل العروض المعروضة في الموقع.</p>;
  return (
    <div className="grid gap-3">
      <p className="leading-7 text-stone-700">عروض حان تأكيد توفرها ({offersText(total)}). العرض الذي لا يُؤكَّد توفره في موعده يختفي من الموقع حتى يُؤكَّد.</p>
      <ul className="divide-y divide-stone-200" data-testid="availability-attention">
        {rows.map((offer) => (
          <li key={offer.id} className="grid justify-items-start gap-2 py-2.5 sm:flex sm:items-center sm:justify-between sm:gap-4" data-testid={`availability-${offer.id}`}>
            <div className="grid min-w-0 gap-1">
              <Link to={`/admin/offers/edit/${offer.id}`} className="font-bold text-brand-800 hover:underline">
                <bdi>{offer.title}</bdi>
              </Link>
              <span className="text-sm text-stone-600">
                آخر تأكيد {formatTimeAgoArabic(offer.confirmedAt, new Date(now))}،{" "}
                <span className={offer.daysLeft === 0 ? "font-bold text-red-700" : "font-bold text-amber-800"}>{leavesText(offer.daysLeft)}</span>
              </span>
            </div>
            <ConfirmAvailabilityButton offerId={offer.id} title={offer.title} />
          </li>
        ))}
      </ul>
      {total > rows.length ? <p className="text-sm text-stone-600">تظهر هنا أول {offersText(rows.length)} منها.</p> : null}
    </div>
  );
}

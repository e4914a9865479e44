import { Link } from "react-router";
import { Thumbnail } from "~/components/ui/thumbnail.tsx";
import type { AdminOfferRow } from "~/modules/offers/index.ts";
import { isAdvertisedStatus } from "~/modules/ad-licences/index.ts";
import { ConfirmAvailabilityButton } from "~/modules/availability/index.ts";

/** The offer's main photo, or a grey box without one. */
export function OfferThumbnail({ offer }: { offer: AdminOfferRow }) {
  return offer.thumbnail ? (
    <Thumbnail image={offer.thumbnail} width={96} height={72} lazy className="h-[72px] w-24" />
  ) : (
    <span className="h-[72px] w-24 shrink-0 rounded-lg bg-stone-200" />
  );
}

/** Edit (a link), delete (asked first, through `onDelete`) and, for an advertised offer, the one-tap availability confirmation (decision 046). */
export function OfferActions({ offer, onDelete }: { offer: AdminOfferRow; onDelete: (offer: AdminOfferRow) => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Link
        to={`/admin/offers/edit/${offer.id}`}
        className="rounded-lg px-3 py-1.5 font-bold text-brand-800 ring-1 ring-brand-300 hover:bg-brand-50"
        aria-label={`تعديل ${offer.title}`}
      >
        تعديل
      </Link>
      <button
        type="button"
        onClick={() => onDelete(offer)}
        className="rounded-lg px-3 py-1.5 font-bold text-red-700 ring-1 ring-red-300 hover:bg-red-50"
        aria-label={`حذف ${offer.title}`}
      >
        حذف
      </button>
      {isAdvertisedStatus(offer.status) && <ConfirmAvailabilityButton offerId={offer.id} title={offer.title} compact />}
    </div>
  );
}

import { useState } from "react";
import { ChevronEndIcon, ChevronStartIcon } from "~/components/ui/icons.tsx";
import { formatNumberArabic } from "~/utils/format.ts";
import { useSwipe } from "~/utils/use-swipe.ts";
import type { OfferCard as OfferCardData } from "../offer-views.ts";
import { OfferCard } from "./offer-card.tsx";

/** One offer at a time with previous/next (wrapping) and touch swipe; counter 'n / total'. A chunk of its own (the /offers route loads it when shown). */
export default function OfferSwipe({ offers }: { offers: OfferCardData[] }) {
  const [chosen, setIndex] = useState(0);
  const count = offers.length;
  // The list can shrink under the visitor (live updates): stay on the last card rather than none.
  const index = Math.min(chosen, Math.max(0, count - 1));
  const next = () => setIndex((index + 1) % count);
  const previous = () => setIndex((index - 1 + count) % count);
  const swipe = useSwipe(next, previous);
  const offer = offers[index];
  if (!offer) return null;
  return (
    <div className="mx-auto max-w-md" aria-roledescription="عرض متتابع">
      <div {...swipe} className="touch-pan-y" data-testid="swipe-card">
        <OfferCard key={offer.id} offer={offer} priority={index === 0} />
      </div>
      <div className="mt-4 flex items-center justify-between">
        <button type="button" onClick={previous} className="flex items-center gap-1 rounded-xl bg-white px-4 py-2 font-bold shadow ring-1 ring-stone-200 hover:bg-sand-100">
          <ChevronStartIcon className="size-5" />
          السابق
        </button>
        <span className="font-bold text-stone-700" aria-live="polite" dir="ltr" data-testid="swipe-counter">
          {`${formatNumberArabic(index + 1)} / ${formatNumberArabic(count)}`}
        </span>
        <button type="button" onClick={next} className="flex items-center gap-1 rounded-xl bg-white px-4 py-2 font-bold shadow ring-1 ring-stone-200 hover:bg-sand-100">
          التالي
          <ChevronEndIcon className="size-5" />
        </button>
      </div>
      <p className="sr-only">{`العرض ${formatNumberArabic(index + 1)} من ${formatNumberArabic(count)}`}</p>
    </div>
  );
}

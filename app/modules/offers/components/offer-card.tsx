import { Link } from "react-router";
import { Picture } from "~/components/ui/picture.tsx";
import { AreaIcon, BathIcon, BedIcon, HomeIcon, PinIcon } from "~/components/ui/icons.tsx";
import { bathroomsText, roomsText } from "~/utils/count-words.ts";
import { formatNumberArabic } from "~/utils/format.ts";
import { offerPriceText, pricePerMetreText, yearlyRentText } from "../offer-texts.ts";
import type { OfferCard as OfferCardData } from "../offer-views.ts";
import { StatusBadge } from "./status-badge.tsx";
import { CompareButton, FavouriteButton } from "~/modules/visitor-lists/components/list-buttons.tsx";

/**
 * How wide a card's photo is shown: the lists' grids (/offers, home, favourites) are one column on
 * phones, two from 640 px, three from 1024 px, inside max-w-7xl (1280 px) with 1 rem padding and
 * 1.5 rem gaps. A phone of 390 px at 1x takes the 400 px file (decision 019).
 */
const OFFER_CARD_SIZES = "(min-width: 1280px) 400px, (min-width: 1024px) calc((100vw - 80px) / 3), (min-width: 640px) calc(50vw - 28px), calc(100vw - 32px)";

/** `closed`: sold or rented lately (decision 027): its badge shows what happened, and it cannot be compared. */
export function OfferCard({ offer, priority = false, closed = false }: { offer: OfferCardData; priority?: boolean; closed?: boolean }) {
  const perMetre = pricePerMetreText(offer.price, offer.area, offer.rentPeriod);
  const yearly = yearlyRentText(offer.price, offer.rentPeriod);
  return (
    <article
      data-price={offer.price}
      data-rent-period={offer.rentPeriod || undefined}
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200 transition hover:-translate-y-0.5 hover:shadow-lg"
    >
      <div className="relative aspect-[3/2] overflow-hidden bg-sand-200">
        {offer.mainImage ? (
          <Picture
            image={offer.mainImage}
            alt={offer.title}
            sizes={OFFER_CARD_SIZES}
            priority={priority}
            className="size-full object-cover transition duration-500 group-hover:scale-105"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-stone-500">
            <HomeIcon className="size-12" />
          </div>
        )}
        <StatusBadge status={offer.status} className="absolute start-3 top-3" />
        {/* Above the card's stretched link (z-10): the visitor's favourites and compare list. */}
        <FavouriteButton id={offer.id} className="absolute end-3 top-3 z-10 size-10 rounded-full bg-white/90" />
        {!closed && <CompareButton offer={offer} className="absolute end-3 bottom-3 z-10 rounded-full bg-white/90 px-3 py-1 text-sm" />}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-lg font-bold leading-snug text-ink">
          <Link to={`/offer/${offer.id}`} className="after:absolute after:inset-0 focus-visible:outline-none">
            {offer.title}
          </Link>
        </h3>
        <p className="flex items-center gap-1 text-sm text-stone-600">
          <PinIcon className="size-4 shrink-0 text-gold-700" />
          {[offer.location, offer.city].filter(Boolean).join("، ")}
        </p>
        <div>
          <p className="text-xl font-bold text-brand-700" data-testid="card-price">
            {offerPriceText(offer.price, offer.rentPeriod)}
          </p>
          {yearly && (
            <p className="text-sm text-stone-600" data-testid="card-price-yearly">
              {yearly}
            </p>
          )}
          {perMetre && (
            <p className="text-sm text-stone-600" data-testid="card-price-per-metre">
              {perMetre}
            </p>
          )}
        </div>
        <ul className="mt-auto flex flex-wrap gap-x-4 gap-y-1 border-t border-stone-100 pt-3 text-sm text-stone-700">
          <li className="flex items-center gap-1">
            <span className="rounded bg-brand-50 px-2 text-brand-800">{offer.propertyType}</span>
          </li>
          {offer.area > 0 && (
            <li className="flex items-center gap-1">
              <AreaIcon className="size-4 text-stone-500" />
              {formatNumberArabic(offer.area)} م²
            </li>
          )}
          {offer.bedrooms > 0 && (
            <li className="flex items-center gap-1">
              <BedIcon className="size-4 text-stone-500" />
              {roomsText(offer.bedrooms)}
            </li>
          )}
          {offer.bathrooms > 0 && (
            <li className="flex items-center gap-1">
              <BathIcon className="size-4 text-stone-500" />
              {bathroomsText(offer.bathrooms)}
            </li>
          )}
        </ul>
      </div>
    </article>
  );
}

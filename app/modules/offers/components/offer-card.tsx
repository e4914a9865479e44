import { Link } from "react-router";
import { KeptMarkup } from "~/framework/kept-markup.tsx";
import { OfferPhoto } from "./offer-photo.tsx";
import { bathroomsText, roomsText } from "~/utils/count-words.ts";
import { formatNumberArabic } from "~/utils/format.ts";
import { offerPriceText, pricePerMetreText, yearlyRentText } from "../offer-texts.ts";
import type { OfferCard as OfferCardData } from "../offer-views.ts";
import { StatusBadge } from "./status-badge.tsx";
import { CompareButton, FavouriteButton } from "~/modules/visitor-lists/index.ts";

/**
 * How wide a card's photo is shown: the lists' grids (/offers, home, favourites) are one column on
 * phones, two from 640 px, three from 1024 px, inside max-w-7xl (1280 px) with 1 rem padding and
 * 1.5 rem gaps. A phone of 390 px at 1x takes the 400 px file (decision 019). The widths are
 * (100vw - 80px) / 3, 50vw - 28px and 100vw - 32px, written as the nearest share of the screen that
 * is within 3 % of it (the browser picks the same file): a list says it twice a card (decision 028).
 */
const OFFER_CARD_SIZES = "(min-width:1280px) 400px,(min-width:1024px) 31vw,(min-width:640px) 48vw,92vw";

/** `closed`: sold or rented lately (decision 027): its badge shows what happened, and it cannot be compared. */
export function OfferCard({ offer, priority = false, closed = false }: { offer: OfferCardData; priority?: boolean; closed?: boolean }) {
  return (
    <KeptMarkup
      as="article"
      // The card shows nothing but its data: the server writes its markup once per version of it
      // (a first card's photo is preloaded from the page's head: that one is rendered each time).
      keptKey={priority ? null : JSON.stringify([offer, closed])}
      data-price={offer.price}
      data-rent-period={offer.rentPeriod || undefined}
      // Its looks are app.css's .offer-card rules: a list repeats them 24 times (issue 28).
      className="offer-card group"
    >
      <OfferCardContent offer={offer} priority={priority} closed={closed} />
    </KeptMarkup>
  );
}

function OfferCardContent({ offer, priority, closed }: { offer: OfferCardData; priority: boolean; closed: boolean }) {
  const perMetre = pricePerMetreText(offer.price, offer.area, offer.rentPeriod);
  const yearly = yearlyRentText(offer.price, offer.rentPeriod);
  return (
    <>
      <div className="offer-card-photo">
        <OfferPhoto image={offer.mainImage} alt={offer.title} sizes={OFFER_CARD_SIZES} widest={800} priority={priority} className="" iconClassName="size-12" />
        <StatusBadge status={offer.status} className="offer-card-badge" />
        {/* Above the card's stretched link (z-10): the visitor's favourites and compare list. */}
        <FavouriteButton id={offer.id} className="offer-card-fav" />
        {!closed && <CompareButton offer={offer} className="offer-card-compare" />}
      </div>
      <div className="offer-card-body">
        <h3>
          <Link to={`/offer/${offer.id}`}>{offer.title}</Link>
        </h3>
        <p className="offer-card-place">{[offer.location, offer.city].filter(Boolean).join("، ")}</p>
        {/* The prices are found by their class (tests too): a test id would be sent 72 times a list. */}
        <div>
          <p className="offer-card-price">{offerPriceText(offer.price, offer.rentPeriod)}</p>
          {yearly && <p className="offer-card-note offer-card-yearly">{yearly}</p>}
          {perMetre && <p className="offer-card-note offer-card-per-metre">{perMetre}</p>}
        </div>
        <ul className="offer-card-facts">
          <li>
            <span className="offer-card-type">{offer.propertyType}</span>
          </li>
          {offer.area > 0 && <li data-icon="area">{`${formatNumberArabic(offer.area)} م²`}</li>}
          {offer.bedrooms > 0 && <li data-icon="bed">{roomsText(offer.bedrooms)}</li>}
          {offer.bathrooms > 0 && <li data-icon="bath">{bathroomsText(offer.bathrooms)}</li>}
        </ul>
      </div>
    </>
  );
}

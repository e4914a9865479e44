import { Picture } from "~/components/ui/picture.tsx";
import { offerPriceText } from "../offer-texts.ts";
import type { OfferCard } from "../offer-views.ts";

/** One offer a visitor can go on to from an offer that is gone. */
export interface SimilarOffer {
  id: number;
  title: string;
  place: string;
  price: string;
  image: OfferCard["mainImage"];
}

export function similarOfferOf(offer: OfferCard): SimilarOffer {
  return {
    id: offer.id,
    title: offer.title,
    place: [offer.location, offer.city].filter(Boolean).join("، "),
    price: offerPriceText(offer.price, offer.rentPeriod),
    image: offer.mainImage,
  };
}

/**
 * The page of an offer a visitor cannot see (404: deleted or never there; 410: its licence has
 * ended): what happened, offers available now like it, «تصفح العروض» and the way home. Rendered
 * on the server only (offer-page-markup.server.tsx): the offer page's JavaScript has no code for it.
 */
export function OfferGone({
  code,
  heading,
  text,
  browseHref,
  browseText,
  similar,
}: {
  code: string;
  heading: string;
  text: string;
  browseHref: string;
  browseText: string;
  similar: SimilarOffer[];
}) {
  return (
    <div className="mx-auto flex max-w-5xl flex-col items-center gap-4 px-4 py-20 text-center">
      <p className="text-7xl font-bold text-gold-700" aria-hidden>
        {code}
      </p>
      <h1 className="text-3xl font-bold text-brand-900">{heading}</h1>
      <p className="max-w-xl leading-8 text-stone-600">{text}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <a href={browseHref} className="rounded-xl bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800">
          {browseText}
        </a>
        <a href="/" className="rounded-xl bg-white px-6 py-3 font-bold text-brand-800 ring-1 ring-stone-200 hover:bg-sand-100">
          العودة إلى الرئيسية
        </a>
      </div>
      {similar.length > 0 && (
        <section aria-labelledby="similar-title" className="mt-8 w-full text-start">
          <h2 id="similar-title" className="mb-4 text-xl font-bold text-brand-900">
            عروض متاحة قد تهمك
          </h2>
          <ul className="grid gap-4 sm:grid-cols-3" data-testid="similar-offers">
            {similar.map((offer) => (
              <li key={offer.id}>
                <a href={`/offer/${offer.id}`} className="block h-full overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200 hover:ring-brand-600">
                  <div className="aspect-[4/3] bg-sand-200">
                    {offer.image && <Picture image={offer.image} alt="" sizes="(min-width: 640px) 320px, 100vw" className="size-full object-cover" />}
                  </div>
                  <div className="grid gap-1 p-4">
                    <span className="font-bold text-ink">{offer.title}</span>
                    <span className="text-sm text-stone-600">{offer.place}</span>
                    <span className="font-bold text-brand-700">{offer.price}</span>
                  </div>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

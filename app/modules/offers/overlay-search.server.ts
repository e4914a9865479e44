import { SEARCH_QUERY_MAX, SEARCH_RESULTS_LIMIT, type SearchResult } from "~/components/layout/search-result.ts";
import type { Db } from "~/db/client.server.ts";
import { formatPriceArabic } from "~/utils/format.ts";
import { RENT_PERIOD_ADVERBS } from "~/modules/ad-licences/index.ts";
import type { OfferCard } from "./offer-views.ts";
import { searchOffers } from "./offers.server.ts";

/** The text the header search looks for: spaces collapsed, cut at the keyword's length on /offers. */
export function overlayQuery(raw: string | null): string {
  return (raw ?? "").replace(/\s+/g, " ").trim().slice(0, SEARCH_QUERY_MAX).trim();
}

/** An offer as the overlay shows it: the place and the price (with the rent period) written here, so the browser only shows text. */
function overlayResult(offer: OfferCard): SearchResult {
  const price = formatPriceArabic(offer.price);
  return {
    id: offer.id,
    title: offer.title,
    place: [offer.location, offer.city].filter(Boolean).join("، "),
    price: offer.price,
    rentPeriod: offer.rentPeriod,
    priceText: offer.rentPeriod ? `${price} ${RENT_PERIOD_ADVERBS[offer.rentPeriod]}` : price,
    image: offer.mainImage,
  };
}

/** The header search's results: the same engine as /offers?keyword= and the home search, the first few only. */
export async function overlaySearch(db: Db, raw: string | null): Promise<SearchResult[]> {
  const query = overlayQuery(raw);
  if (!query) return [];
  const offers = await searchOffers(db, query, SEARCH_RESULTS_LIMIT);
  return offers.map(overlayResult);
}

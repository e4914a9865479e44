import type { ImageRef } from "~/utils/image-ref.ts";

/** Where the header search asks for its results (server/app.ts answers it, ahead of React Router: decision 024; declared in app/route-facts.ts). */
export const SEARCH_URL = "/api/search";

/** The results the overlay shows; «عرض كل النتائج» leads to the rest on /offers. */
export const SEARCH_RESULTS_LIMIT = 6;

/** The longest text searched, as on /offers (longer keywords are cut there too). */
export const SEARCH_QUERY_MAX = 100;

/** One offer as the overlay shows it: the server formats the place and the price. */
export interface SearchResult {
  id: number;
  title: string;
  /** Neighbourhood، city. */
  place: string;
  price: number;
  /** For rent offers, the period the price is for; '' otherwise. */
  rentPeriod: string;
  /** The price in the Arabic locale, with the rent period's adverb when there is one. */
  priceText: string;
  image: ImageRef | null;
}

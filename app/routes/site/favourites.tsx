import { servicesContext } from "~/context.ts";
import { COMPANY_NAME } from "~/utils/company.ts";
import { FavouritesPage } from "~/modules/visitor-list-pages/components/favourites-page.tsx";
import { MAX_FAVOURITES, parseOfferIds } from "~/modules/visitor-lists/offer-ids.ts";
import { favouriteOffers } from "~/modules/visitor-list-pages/visitor-lists.server.ts";
import type { Route } from "./+types/favourites";

/**
 * /favourites?ids=3,7,9: the offers of a visitor's favourites (stored on their device), those still
 * public, in the list's order; without ids the page puts the stored ones in the address.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(servicesContext);
  const raw = new URL(request.url).searchParams.get("ids");
  if (raw === null) return { listed: false, ids: [], offers: [], missing: [], publicUrl: env.PUBLIC_URL };
  const ids = parseOfferIds(raw, MAX_FAVOURITES);
  return { listed: true, ids, ...(await favouriteOffers(db, ids)), publicUrl: env.PUBLIC_URL };
}

// A visitor's own list: not for search engines (and not in the sitemap).
export const meta: Route.MetaFunction = () => [{ title: `المفضلة | ${COMPANY_NAME}` }, { name: "robots", content: "noindex" }];

export default function Favourites({ loaderData }: Route.ComponentProps) {
  return <FavouritesPage data={loaderData} />;
}

import { servicesContext } from "~/context.ts";
import { COMPANY_NAME } from "~/utils/company.ts";
import { ComparePage } from "~/modules/visitor-list-pages/components/compare-page.tsx";
import { MAX_COMPARED, MAX_FAVOURITES, parseOfferIds } from "~/modules/visitor-lists/offer-ids.ts";
import { comparedOffers } from "~/modules/visitor-list-pages/visitor-lists.server.ts";
import type { Route } from "./+types/compare";

/**
 * /compare?ids=3,7,9: up to three public offers side by side, every value written here; without ids
 * the page puts the visitor's compare list (stored on their device) in the address.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("ids");
  if (raw === null) return { listed: false, capped: false, offers: [], rows: [], missing: [] };
  const ids = parseOfferIds(raw, MAX_FAVOURITES);
  const comparison = await comparedOffers(context.get(servicesContext).db, ids, new Date());
  return { listed: true, capped: ids.length > MAX_COMPARED, ...comparison };
}

// A visitor's own choice: not for search engines (and not in the sitemap).
export const meta: Route.MetaFunction = () => [{ title: `مقارنة العروض | ${COMPANY_NAME}` }, { name: "robots", content: "noindex" }];

export default function Compare({ loaderData }: Route.ComponentProps) {
  return <ComparePage data={loaderData} />;
}

import { servicesContext } from "~/context.ts";
import { searchOffers } from "~/modules/offers/offers.server.ts";
import type { Route } from "./+types/search";

/** Results for the header search overlay. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  const results = await searchOffers(db, q, 8);
  return Response.json(
    { results: results.map((o) => ({ id: o.id, title: o.title, city: o.city, location: o.location, status: o.status, mainImage: o.mainImage })) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

import { servicesContext } from "~/context.ts";
import { overlaySearch } from "~/modules/offers/overlay-search.server.ts";
import type { Route } from "./+types/search";

/** Results for the header search overlay (JSON): the first few offers the /offers keyword search finds. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const results = await overlaySearch(db, new URL(request.url).searchParams.get("q"));
  return Response.json({ results }, { headers: { "Cache-Control": "no-store" } });
}

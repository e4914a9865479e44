import { servicesContext } from "~/context.ts";
import { requirePortalOwner, statementPdfResponse } from "~/modules/owner-portal/index.server.ts";
import type { Route } from "./+types/statement-pdf";

/** A statement's PDF for the signed-in owner: their own only (another owner's is a 404, as a missing one). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const owner = requirePortalOwner(context);
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : null;
  return statementPdfResponse(context.get(servicesContext), owner.ownerId, id);
}

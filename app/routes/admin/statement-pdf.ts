import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { loadStatementPdf } from "~/modules/owner-statements/index.server.ts";
import { readRecordId } from "~/modules/property-management/index.server.ts";
import type { Route } from "./+types/statement-pdf";

/** GET an owner's statement as its PDF (the manager and the accountant; the module checks the role again). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "statements");
  return loadStatementPdf(context.get(servicesContext), user, readRecordId(params.id));
}

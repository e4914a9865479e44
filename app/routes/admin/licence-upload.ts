import { requestBodyContext, servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { handleLicenceUpload } from "~/modules/firm-licences/licences-action.server.ts";
import type { Route } from "./+types/licence-upload";

/** POST one licence: its image and description as multipart form data; answers the form's reply as JSON. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSectionUser(context, "licenses");
  return handleLicenceUpload(context.get(servicesContext), user, request, context.get(requestBodyContext));
}

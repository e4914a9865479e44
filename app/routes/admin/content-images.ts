import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { handlePhotoUpload } from "~/modules/offer-admin/photo-upload.server.ts";
import type { Route } from "./+types/content-images";

/** POST one image of the content editor (the body is the file); answers JSON. Managers only. */
export async function action({ request, context }: Route.ActionArgs) {
  return handlePhotoUpload(context.get(servicesContext), await requireSectionUser(context, "content"), request, "content image");
}

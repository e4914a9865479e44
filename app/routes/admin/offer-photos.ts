import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { handlePhotoUpload } from "~/modules/offer-admin/photo-upload.server.ts";
import type { Route } from "./+types/offer-photos";

/** POST one photo of the offer form (the body is the file); answers JSON. */
export async function action({ request, context }: Route.ActionArgs) {
  return handlePhotoUpload(context.get(servicesContext), await requireSectionUser(context, "offers"), request, "offer photo");
}

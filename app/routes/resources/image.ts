import { servicesContext } from "~/context.ts";
import { imageResponse } from "~/modules/images/image-response.server.ts";
import { isPrivateImage } from "~/modules/images/private-images.server.ts";
import { IMAGE_FILE_PATTERN } from "~/utils/image-ref.ts";
import type { Route } from "./+types/image";

/**
 * Delivers a stored WebP or AVIF variant: names are random and content never changes (decision 021).
 * A receipt or a submission photo is not one of them: those are at /private-images/, for staff.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, storage } = context.get(servicesContext);
  const id = IMAGE_FILE_PATTERN.exec(params.file)?.[1];
  if (id && (await isPrivateImage(db, id))) return imageResponse(storage, undefined, request);
  return imageResponse(storage, params.file, request);
}

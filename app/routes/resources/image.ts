import { servicesContext } from "~/context.ts";
import { imageResponse } from "~/modules/images/image-response.server.ts";
import type { Route } from "./+types/image";

/** Delivers a stored WebP or AVIF variant: names are random and content never changes (decision 021). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  return imageResponse(context.get(servicesContext).storage, params.file, request);
}

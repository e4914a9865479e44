import { servicesContext } from "~/context.ts";
import { readSession } from "~/modules/auth/sessions.server.ts";
import { imageResponse } from "~/modules/images/image-response.server.ts";
import { privateImageOwner } from "~/modules/images/private-images.server.ts";
import { canOpenSection } from "~/modules/users/permissions.ts";
import { cookieSettings, readCookie } from "~/utils/cookies.server.ts";
import { IMAGE_FILE_PATTERN } from "~/utils/image-ref.ts";
import { log } from "~/utils/log.server.ts";
import type { Route } from "./+types/private-image";

const answer = (status: 403 | 404) =>
  new Response(status === 404 ? "Not found" : "Forbidden", { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });

/**
 * A receipt or an owner's submission photo (issue 29): only for a signed-in staff member whose role
 * may open what it belongs to — finance for a receipt, the owners' requests for a submission photo
 * (the route table of modules/users/permissions.ts). Without a session: 404, as if there were none;
 * another role: 403.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, env, storage } = context.get(servicesContext);
  const match = IMAGE_FILE_PATTERN.exec(params.file);
  if (!match) return answer(404);
  const user = await readSession(db, readCookie(request, cookieSettings(env).session));
  if (!user) return answer(404);
  const owner = await privateImageOwner(db, match[1]!);
  if (!owner) return answer(404);
  if (!canOpenSection(user.role, owner === "receipt" ? "finance" : owner === "maintenance" ? "maintenance" : "submissions")) {
    log.warn("private image denied", { userId: user.id, role: user.role, owner });
    return answer(403);
  }
  return imageResponse(storage, params.file, request, { privately: true });
}

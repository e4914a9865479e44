import { redirect } from "react-router";
import { servicesContext } from "~/context.ts";
import { cookieSettings, readCookie } from "~/utils/cookies.server.ts";
import { deleteSession } from "~/modules/auth/sessions.server.ts";
import { isCrossSitePost } from "~/modules/form-guard/same-origin.server.ts";
import { log } from "~/utils/log.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import type { Route } from "./+types/logout";

/**
 * Logout (a POST from the back office): the session row goes, then /login.
 * A resource route (no page): React Router's own origin check covers only page routes' document
 * posts and `.data` requests, so a form on another site posting here would not be stopped by it.
 * It checks itself, like every other resource route that accepts posts.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, env } = context.get(servicesContext);
  if (isCrossSitePost(request, env.PUBLIC_URL)) {
    log.warn("cross-site logout refused", { origin: request.headers.get("origin"), fetchSite: request.headers.get("sec-fetch-site") });
    return new Response(MESSAGES.crossSiteRefused, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const cookies = cookieSettings(env);
  await deleteSession(db, readCookie(request, cookies.session));
  throw redirect("/login", { headers: { "Set-Cookie": cookies.clear(cookies.session) } });
}

export function loader() {
  throw redirect("/admin");
}

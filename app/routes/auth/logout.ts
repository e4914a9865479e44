import { redirect } from "react-router";
import { servicesContext } from "~/context.ts";
import { cookieSettings, readCookie } from "~/modules/auth/cookies.server.ts";
import { deleteSession } from "~/modules/auth/sessions.server.ts";
import type { Route } from "./+types/logout";

/** Logout (a POST from the back office): the session row goes, then /login. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, env } = context.get(servicesContext);
  const cookies = cookieSettings(env);
  await deleteSession(db, readCookie(request, cookies.session));
  throw redirect("/login", { headers: { "Set-Cookie": cookies.clear(cookies.session) } });
}

export function loader() {
  throw redirect("/admin");
}

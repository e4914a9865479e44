import { redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { clientAddressContext, servicesContext, staffUserContext } from "~/context.ts";
import { adminSectionOf, canOpenSection, type AdminSection } from "~/modules/users/permissions.ts";
import type { StaffProfile } from "~/modules/users/users.server.ts";
import { log } from "~/utils/log.server.ts";
import { cookieSettings, readCookie } from "./cookies.server.ts";
import { readSession } from "./sessions.server.ts";

/**
 * The back office's gate (SPEC.md §6), run before every loader and action under /admin, page
 * and data requests alike: no session goes to /login, a role the route table does not allow
 * goes to /admin. Every answer is marked no-store.
 */
export const adminGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { db, env } = context.get(servicesContext);
  const cookies = cookieSettings(env);
  const user = await readSession(db, readCookie(request, cookies.session));
  const url = new URL(request.url);
  if (!user) {
    // A session cookie that no longer works is removed.
    const headers = readCookie(request, cookies.session) ? { "Set-Cookie": cookies.clear(cookies.session) } : undefined;
    throw redirect("/login", { headers });
  }
  const section = adminSectionOf(url.pathname);
  if (section === undefined || !canOpenSection(user.role, section)) {
    log.warn("back office page denied", { userId: user.id, role: user.role, path: url.pathname, method: request.method });
    throw redirect("/admin");
  }
  context.set(staffUserContext, user);
  const response = await next();
  response.headers.set("Cache-Control", "no-store");
  return response;
};

/** The signed-in staff member inside an /admin loader or action (the guard has run). */
export function requireStaffUser(context: Readonly<RouterContextProvider>): StaffProfile {
  const user = context.get(staffUserContext);
  if (!user) throw redirect("/login");
  return user;
}

/**
 * The signed-in staff member, if their role may use this section; otherwise to /admin. The guard
 * already checked the path; loaders and actions say again which section they serve, so a route
 * moved to another path cannot lose its check.
 */
export function requireSectionUser(context: Readonly<RouterContextProvider>, section: AdminSection): StaffProfile {
  const user = requireStaffUser(context);
  if (!canOpenSection(user.role, section)) throw redirect("/admin");
  return user;
}

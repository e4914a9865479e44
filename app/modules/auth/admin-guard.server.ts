import { redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { clientAddressContext, routeContext, servicesContext, staffUserContext } from "~/context.ts";
import { adminSectionOf, canOpenSection, homePathOf, sectionDeniedMessage, type AdminSection } from "~/modules/users/index.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import { log } from "~/utils/log.server.ts";
import { cookieSettings, readCookie } from "~/utils/cookies.server.ts";
import { toastRedirect } from "~/utils/toast.server.ts";
import { readSession } from "./sessions.server.ts";

/**
 * Requests for the back office without a working session are logged like other denials, but a
 * flood cannot flood the log: per minute at most `perAddress` lines per client address and `total`
 * in all; how many were left out is logged when the next minute's first one arrives.
 */
export const ANONYMOUS_LOG_LIMITS = { windowMs: 60_000, perAddress: 5, total: 50 } as const;

let anonymousWindow = { start: Number.NEGATIVE_INFINITY, written: 0, left: 0, byAddress: new Map<string, number>() };

export function logAnonymousAdminHit(fields: { address: string; path: string; method: string; reason: "no session" | "session ended" }, now = Date.now()) {
  const limits = ANONYMOUS_LOG_LIMITS;
  if (now - anonymousWindow.start >= limits.windowMs) {
    const left = anonymousWindow.left;
    anonymousWindow = { start: now, written: 0, left: 0, byAddress: new Map() };
    if (left > 0) log.warn("back office requests without a session not logged", { count: left, windowSeconds: limits.windowMs / 1000 });
  }
  const fromAddress = anonymousWindow.byAddress.get(fields.address) ?? 0;
  if (anonymousWindow.written >= limits.total || fromAddress >= limits.perAddress) {
    anonymousWindow.left += 1;
    return;
  }
  // At most `total` addresses are kept per window, so the map stays small whatever arrives.
  anonymousWindow.byAddress.set(fields.address, fromAddress + 1);
  anonymousWindow.written += 1;
  log.warn("back office page denied", fields);
}

/**
 * The back office's gate, run before every loader and action under /admin, page and data requests
 * alike: no session goes to /login, a role the requested route does not declare (its `roles`,
 * app/route-facts.ts; none declared, none allowed) goes to /admin with a message saying which page
 * their role cannot open. Every answer is marked no-store (an event stream's no-transform is kept).
 */
export const adminGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { db, env } = context.get(servicesContext);
  const cookies = cookieSettings(env);
  const user = await readSession(db, readCookie(request, cookies.session));
  const url = new URL(request.url);
  if (!user) {
    const staleCookie = Boolean(readCookie(request, cookies.session));
    logAnonymousAdminHit({ address: context.get(clientAddressContext), path: url.pathname, method: request.method, reason: staleCookie ? "session ended" : "no session" });
    // A session cookie that no longer works is removed.
    const headers = staleCookie ? { "Set-Cookie": cookies.clear(cookies.session) } : undefined;
    throw redirect("/login", { headers });
  }
  // An owner's account opens no back-office page or action: it goes to its portal (decision 056).
  if (user.role === "owner") {
    log.warn("back office page denied", { userId: user.id, role: user.role, path: url.pathname, method: request.method });
    throw redirect(homePathOf(user.role));
  }
  const roles: readonly string[] = context.get(routeContext)?.facts.roles ?? [];
  if (!roles.includes(user.role)) {
    log.warn("back office page denied", { userId: user.id, role: user.role, path: url.pathname, method: request.method });
    throw await toastRedirect("/admin", { tone: "error", text: sectionDeniedMessage(user.role, adminSectionOf(url.pathname)) }, env);
  }
  context.set(staffUserContext, user);
  const response = await next();
  // An event stream keeps its no-transform, or the compression middleware would hold its events back.
  const stream = response.headers.get("Cache-Control")?.includes("no-transform");
  response.headers.set("Cache-Control", stream ? "no-store, no-transform" : "no-store");
  return response;
};

/** The signed-in staff member inside an /admin loader or action (the guard has run). */
export function requireStaffUser(context: Readonly<RouterContextProvider>): StaffProfile {
  const user = context.get(staffUserContext);
  if (!user) throw redirect("/login");
  return user;
}

/**
 * The signed-in staff member, if their role may use this section; otherwise to /admin, told why. The guard
 * already checked the path; loaders and actions say again which section they serve, so a route
 * moved to another path cannot lose its check.
 */
export async function requireSectionUser(context: Readonly<RouterContextProvider>, section: AdminSection): Promise<StaffProfile> {
  const user = requireStaffUser(context);
  if (!canOpenSection(user.role, section)) throw await toastRedirect("/admin", { tone: "error", text: sectionDeniedMessage(user.role, section) }, context.get(servicesContext).env);
  return user;
}

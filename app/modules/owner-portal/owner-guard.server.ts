import { eq } from "drizzle-orm";
import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { routeContext, servicesContext } from "~/context.ts";
import type { Db } from "~/db/client.server.ts";
import { ownerPortalAccounts, owners } from "~/db/schema.ts";
import { readSession } from "~/modules/auth/sessions.server.ts";
import { homePathOf } from "~/modules/users/index.ts";
import { cookieSettings, readCookie } from "~/utils/cookies.server.ts";
import { log } from "~/utils/log.server.ts";

/** Who is signed in to the owners' portal: their account and the owner whose properties they see. */
export interface PortalOwner {
  userId: number;
  ownerId: number;
  name: string;
}

const portalOwnerContext = createContext<PortalOwner | null>(null);

/** The owner an account of role `owner` stands for (owner_portal_accounts), or undefined. */
async function portalOwnerOf(db: Db, userId: number): Promise<PortalOwner | undefined> {
  const [row] = await db
    .select({ userId: ownerPortalAccounts.userId, ownerId: ownerPortalAccounts.ownerId, name: owners.name })
    .from(ownerPortalAccounts)
    .innerJoin(owners, eq(owners.id, ownerPortalAccounts.ownerId))
    .where(eq(ownerPortalAccounts.userId, userId));
  return row;
}

/**
 * The portal's gate, before every loader and action under /owner (decision 056): no session goes to
 * /login; a role the route does not declare (staff: its `roles` in app/route-facts.ts are the
 * owner's) goes to its own home, so a manager never sees a page as an owner would; an owner account
 * whose link to its owner is gone is signed out. Every answer is no-store.
 */
export const ownerGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { db, env } = context.get(servicesContext);
  const cookies = cookieSettings(env);
  const token = readCookie(request, cookies.session);
  const user = await readSession(db, token);
  const path = new URL(request.url).pathname;
  if (!user) throw redirect("/login", token ? { headers: { "Set-Cookie": cookies.clear(cookies.session) } } : undefined);
  const roles: readonly string[] = context.get(routeContext)?.facts.roles ?? [];
  if (!roles.includes(user.role)) {
    log.warn("owner portal page denied", { userId: user.id, role: user.role, path, method: request.method });
    throw redirect(homePathOf(user.role));
  }
  const owner = await portalOwnerOf(db, user.id);
  if (!owner) {
    log.warn("owner portal account without an owner", { userId: user.id, path });
    throw redirect("/login", { headers: { "Set-Cookie": cookies.clear(cookies.session) } });
  }
  context.set(portalOwnerContext, owner);
  const response = await next();
  response.headers.set("Cache-Control", "no-store");
  return response;
};

/** The signed-in owner inside an /owner loader or action (the guard has run). */
export function requirePortalOwner(context: Readonly<RouterContextProvider>): PortalOwner {
  const owner = context.get(portalOwnerContext);
  if (!owner) throw redirect("/login");
  return owner;
}

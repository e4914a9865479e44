import type { RouteConfigEntry } from "@react-router/dev/routes";
import { createRouteLookup, type RouteEntry } from "~/framework/route-lookup.server.ts";
import routes from "~/routes.ts";

/**
 * app/routes.ts as React Router's server build lists it (`build.routes`), for tests that run
 * without a build: each route's id is its file without the extension unless it names one, and the
 * top-level routes sit under root.
 */
export function routeEntries(config: readonly RouteConfigEntry[] = routes): Record<string, RouteEntry> {
  const entries: Record<string, RouteEntry> = { root: { id: "root", path: "" } };
  const add = (children: readonly RouteConfigEntry[], parentId: string) => {
    for (const route of children) {
      const id = route.id ?? route.file.replace(/\.[^./]+$/, "");
      entries[id] = { id, parentId, path: route.path, index: route.index, caseSensitive: route.caseSensitive };
      add(route.children ?? [], id);
    }
  };
  add(config, "root");
  return entries;
}

/** The server's route lookup over app/routes.ts. */
export const routeLookup = createRouteLookup(routeEntries());

/** The body limit the request handler gives a path. */
export const bodyLimitFor = (pathname: string): number => routeLookup(pathname)!.bodyLimit;

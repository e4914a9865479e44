import { LRUCache } from "lru-cache";
import { matchRoutes, type Params, type RouteMatch, type RouteObject } from "react-router";
import { AHEAD_OF_REACT_ROUTER, factsOf, type AheadId, type RouteFacts, type RouteId } from "~/route-facts.ts";
import { SMALL_FORM_BODY_LIMIT } from "~/utils/body-limits.ts";

/** A route as React Router's server build lists it (`build.routes`): enough to match paths. */
export interface RouteEntry {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

/** The route a path opens, with the facts of its branch (a layout's, then its page's, the page's winning). */
export interface RouteAnswer {
  /** The deepest route matched, or the path answered ahead of React Router. */
  id: RouteId | AheadId;
  /** The ids of the branch, root first. */
  branch: Array<RouteId | AheadId>;
  params: Params;
  facts: RouteFacts;
  /** The request's body limit: its route's, or the small forms'. */
  bodyLimit: number;
}

/** The nested route objects matchRoutes reads, from the flat list of a server build. */
function routeTree(entries: RouteEntries, parentId?: string): RouteObject[] {
  return Object.values(entries)
    .filter((entry): entry is RouteEntry => entry !== undefined && entry.parentId === parentId)
    .map(({ id, path, index, caseSensitive }): RouteObject => (index ? { id, path, index: true, caseSensitive } : { id, path, caseSensitive, children: routeTree(entries, id) }));
}

/**
 * The route table cut by the first segment of a path: only the routes that could match it (those
 * whose path starts with that segment, or with a parameter or a splat), with their layouts.
 * matchRoutes flattens and ranks the table it is given on every call (about 0.7 ms for the whole
 * table on the 2-core machine, 13 % of a small page's CPU); on a shard it ranks two or three
 * branches, and picks the same route, since the routes left out cannot match the path.
 */
function routeShards(tree: RouteObject[]): (pathname: string) => RouteObject[] {
  const firstSegment = (path: string) => path.replace(/^\/+/, "").split("/")[0]!.toLowerCase();
  const compatible = (routeFirst: string, first: string) => routeFirst === first || routeFirst.startsWith(":") || routeFirst === "*";
  const prune = (routes: RouteObject[], first: string, parentPath: string): RouteObject[] =>
    routes.flatMap((route): RouteObject[] => {
      const fullPath = route.path === undefined ? parentPath : `${parentPath}/${route.path}`;
      const children = route.children ? prune(route.children, first, fullPath) : [];
      const isBranch = route.path !== undefined || route.index === true;
      if (children.length === 0 && !(isBranch && compatible(firstSegment(fullPath), first))) return [];
      return [route.children ? { ...route, children } : route];
    });
  const statics = new Set<string>();
  const collect = (routes: RouteObject[], parentPath: string) => {
    for (const route of routes) {
      const fullPath = route.path === undefined ? parentPath : `${parentPath}/${route.path}`;
      const first = firstSegment(fullPath);
      if (!first.startsWith(":") && first !== "*") statics.add(first);
      collect(route.children ?? [], fullPath);
    }
  };
  collect(tree, "");
  // A path whose first segment no route names: the routes that start with a parameter or a splat.
  const OTHER = "\u0000";
  const shards = new Map([...statics, OTHER].map((first) => [first, prune(tree, first, "")]));
  // Decoded as matchRoutes decodes the path: /%61dmin is /admin.
  const decoded = (segment: string) => {
    try {
      return decodeURIComponent(segment).toLowerCase();
    } catch {
      return segment;
    }
  };
  return (pathname) => shards.get(decoded(firstSegment(pathname))) ?? shards.get(OTHER)!;
}

export type RouteLookup = (pathname: string) => RouteAnswer | null;

type RouteEntries = Readonly<Record<string, RouteEntry | undefined>>;

const lookups = new WeakMap<RouteEntries, RouteLookup>();

/** The lookup of a server build's routes, made once per build (development makes a new build when a route changes). */
export function routeLookupOf(entries: RouteEntries): RouteLookup {
  let lookup = lookups.get(entries);
  if (!lookup) lookups.set(entries, (lookup = createRouteLookup(entries)));
  return lookup;
}

/**
 * The one lookup of a request path's route and facts, by React Router's own matching
 * (`matchRoutes`) over the routes of the server build. A data request (`/offers.data`,
 * `/_root.data` for the home page) has its page's route. Null when nothing matches (the site's
 * catch-all page matches every other path). Answers are remembered per path: matchRoutes ranks the
 * whole table on every call.
 */
export function createRouteLookup(entries: RouteEntries): RouteLookup {
  const shards = routeShards(routeTree(entries));
  const ahead = new Map(
    Object.entries(AHEAD_OF_REACT_ROUTER).map(([id, { path, facts }]): [string, RouteAnswer] => [
      path,
      { id: id as AheadId, branch: [id as AheadId], params: {}, facts, bodyLimit: SMALL_FORM_BODY_LIMIT },
    ]),
  );
  const known = new LRUCache<string, RouteAnswer | "none">({ max: 2000 });
  return (pathname) => {
    const page = pathname === "/_root.data" ? "/" : pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
    const remembered = known.get(page);
    if (remembered) return remembered === "none" ? null : remembered;
    const matches = matchRoutes(shards(page), page);
    const answer = ahead.get(page) ?? (matches?.length ? answerOf(matches) : null);
    known.set(page, answer ?? "none");
    return answer;
  };
}

function answerOf(matches: Array<RouteMatch<string, RouteObject>>): RouteAnswer {
  const branch = matches.map((match) => match.route.id as RouteId);
  const facts = Object.assign({}, ...branch.map(factsOf)) as RouteFacts;
  return { id: branch.at(-1)!, branch, params: matches.at(-1)!.params, facts, bodyLimit: facts.bodyLimit ?? SMALL_FORM_BODY_LIMIT };
}

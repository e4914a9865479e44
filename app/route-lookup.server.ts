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
  const tree = routeTree(entries);
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
    const matches = matchRoutes(tree, page);
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

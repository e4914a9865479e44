import { matchPath, matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { ADMIN_SECTIONS, adminSectionOf, canOpenSection, type AdminSection } from "~/modules/users/permissions.ts";
import { ROLES } from "~/modules/users/roles.ts";
import { createRouteLookup } from "~/framework/route-lookup.server.ts";
import { FINANCE_REQUEST_BODY_LIMIT, OFFER_SAVE_BODY_LIMIT, SMALL_FORM_BODY_LIMIT, SUBMISSION_BODY_LIMIT } from "~/utils/body-limits.ts";
import { routeEntries, routeLookup } from "../tests/setup/route-table.ts";
import { DEFERRED_SCRIPT_ROUTES, defersScripts } from "./framework/deferred-routes.ts";
import { AHEAD_OF_REACT_ROUTER, ROUTE_FACTS, type RouteFacts } from "./route-facts.ts";

const entries = routeEntries();
const ids = Object.keys(entries);
const facts = ROUTE_FACTS as Readonly<Record<string, RouteFacts>>;

describe("every route declares its facts, once (decision 040)", () => {
  it("has an entry for each route of app/routes.ts, and none for a route that does not exist", () => {
    expect(
      ids.filter((id) => !(id in facts)),
      "routes without facts",
    ).toEqual([]);
    expect(
      Object.keys(facts).filter((id) => !ids.includes(id)),
      "facts naming no route",
    ).toEqual([]);
  });

  it("fails on a route added without facts, or facts left behind", () => {
    const added = routeEntries([{ file: "routes/site/new-page.tsx", path: "new-page" }]);
    expect(Object.keys(added).filter((id) => !(id in facts))).toEqual(["routes/site/new-page"]);
  });

  it("gives roles to every back-office and owners' portal route and to no other; each section's routes declare its page's roles", () => {
    for (const id of ids) {
      const underAdmin = id !== "routes/admin/layout" && isUnder(id, "routes/admin/layout");
      const underPortal = id !== "routes/owner/layout" && isUnder(id, "routes/owner/layout");
      expect(facts[id]!.roles !== undefined, id).toBe(underAdmin || underPortal);
      // The owners' portal is the owner's alone (decision 056), and the back office never the owner's.
      if (underPortal) expect(facts[id]!.roles, id).toEqual(["owner"]);
      if (underAdmin) expect(facts[id]!.roles, id).not.toContain("owner");
    }
    for (const [id] of Object.entries(entries).filter(([id]) => isUnder(id, "routes/admin/layout"))) {
      const answer = routeLookup(pathOf(id))!;
      expect(answer.id, pathOf(id)).toBe(id);
      const section = adminSectionOf(pathOf(id)) as AdminSection;
      for (const role of ROLES) expect(answer.facts.roles!.includes(role), `${id} ${role}`).toBe(canOpenSection(role, section));
    }
    expect(Object.values(ADMIN_SECTIONS).every(({ route }) => ids.includes(route))).toBe(true);
  });

  it("keeps only the public pages of the site layout, and defers their JavaScript", () => {
    const kept = ids.filter((id) => facts[id]!.pageCache);
    expect(kept.every((id) => isUnder(id, "routes/site/layout"))).toBe(true);
    expect(kept).toHaveLength(12);
    expect(defersScripts(["root", "routes/site/layout", "routes/site/offers"])).toBe(true);
    expect(defersScripts(["root", "routes/admin/layout", "routes/admin/offers"])).toBe(false);
    // The browser's copy of the deferred routes is the table's.
    expect(DEFERRED_SCRIPT_ROUTES).toEqual(ids.filter((id) => facts[id]!.deferScripts));
  });
});

describe("the route lookup (React Router's matchRoutes over the server build's routes)", () => {
  it("answers a page and its data request with the page's route, facts and parameters", () => {
    expect(routeLookup("/offer/12")).toMatchObject({ id: "routes/site/offer", params: { id: "12" }, branch: ["root", "routes/site/layout", "routes/site/offer"] });
    expect(routeLookup("/offer/12.data")?.id).toBe("routes/site/offer");
    expect(routeLookup("/_root.data")?.id).toBe("routes/site/home");
    expect(routeLookup("/admin.data")?.id).toBe("routes/admin/dashboard");
    expect(routeLookup("/offers")?.facts).toEqual({ deferScripts: true, pageCache: {} });
    expect(routeLookup("/no/such/page")?.id).toBe("routes/site/not-found");
  });

  it("knows the paths answered ahead of React Router (decision 024), which are no route of app/routes.ts", () => {
    for (const [id, { path }] of Object.entries(AHEAD_OF_REACT_ROUTER)) {
      expect(routeLookup(path)).toMatchObject({ id, facts: {}, bodyLimit: SMALL_FORM_BODY_LIMIT });
      // No route of the table claims it but the site's catch-all 404.
      const claimed = ids.filter((routeId) => matchPath({ path: patternOf(routeId), end: true }, path));
      expect(claimed, path).toEqual(["routes/site/not-found"]);
    }
  });

  it("gives each request its route's body limit, the small one by default", () => {
    expect(routeLookup("/list-your-property")?.bodyLimit).toBe(SUBMISSION_BODY_LIMIT);
    expect(routeLookup("/admin/offers/edit/3")?.bodyLimit).toBe(OFFER_SAVE_BODY_LIMIT);
    expect(routeLookup("/admin/finance/request")?.bodyLimit).toBe(FINANCE_REQUEST_BODY_LIMIT);
    expect(routeLookup("/admin/finance/events")?.bodyLimit).toBe(SMALL_FORM_BODY_LIMIT);
    expect(routeLookup("/admin/offers/edit/3/x")).toMatchObject({ id: "routes/site/not-found", bodyLimit: SMALL_FORM_BODY_LIMIT });
  });

  it("reads a route the facts do not know as having none (the guard then lets no role in)", () => {
    const lookup = createRouteLookup(routeEntries([{ file: "routes/admin/layout.tsx", path: "admin", children: [{ file: "routes/admin/new-page.tsx", path: "new-page" }] }]));
    expect(lookup("/admin/new-page")).toMatchObject({ id: "routes/admin/new-page", facts: {}, bodyLimit: SMALL_FORM_BODY_LIMIT });
  });
});

function isUnder(id: string, ancestor: string): boolean {
  for (let parent = entries[id]?.parentId; parent; parent = entries[parent]?.parentId) if (parent === ancestor) return true;
  return false;
}

/** The full path pattern of a route ("/admin/offers/edit/:id"). */
function patternOf(id: string): string {
  const parts: string[] = [];
  for (let at: string | undefined = id; at; at = entries[at]?.parentId) if (entries[at]!.path) parts.unshift(entries[at]!.path!);
  return `/${parts.join("/")}`;
}

/** A path the route opens (its parameters filled in). */
const pathOf = (id: string): string => patternOf(id).replace(/:\w+/g, "1");

describe("the lookup's shards of the route table", () => {
  it("answer every route's own path as the whole table does, and odd spellings alike", () => {
    const whole = (pathname: string) => matchRoutes(treeOf(), pathname)?.at(-1)?.route.id;
    const paths = [...ids.map(pathOf), "/", "/OFFERS", "/%61dmin/finance", "/offer/abc", "/x/y/z", "/admin/nothing", "/api", "/images"];
    for (const path of paths) expect(routeLookup(path)?.id, path).toBe(whole(path) ?? undefined);
  });
});

function treeOf(parentId?: string): RouteObject[] {
  return Object.values(entries)
    .filter((entry) => entry.parentId === parentId)
    .map(({ id, path, index }): RouteObject => (index ? { id, path, index: true } : { id, path, children: treeOf(id) }));
}

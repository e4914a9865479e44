/**
 * The routes whose pages start their JavaScript only once painted (decisions 025, 028): the
 * `deferScripts` facts of app/route-facts.ts, as the browser reads them. Kept apart because the
 * facts table (every route's limits and roles) belongs on the server, not in every page's first
 * load; a test holds the two alike.
 */
export const DEFERRED_SCRIPT_ROUTES: readonly string[] = ["routes/site/layout"];

/** Whether any route of a rendered page's branch defers its JavaScript (for <DeferredScripts>, from useMatches). */
export const defersScripts = (routeIds: readonly string[]): boolean => routeIds.some((id) => DEFERRED_SCRIPT_ROUTES.includes(id));

import type { DataStrategyResult, MiddlewareFunction } from "react-router";
import type { FormReply } from "~/utils/form-submission.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { isServerUnreachable } from "~/utils/server-unreachable.ts";

/**
 * The answer a form gets instead: its reply shape (decision 014) with one message about the whole
 * form and no `initialValue`, so every form keeps what was typed (Conform and the public forms
 * alike) and shows the message where it shows its other refusals. A 503 status: nothing is
 * fetched again after it (every loader would fail in turn and the error page replace the form),
 * and `useClearAfterSave` sees a new reply, not a save.
 */
function unreachableReply(): DataStrategyResult {
  // Written out, not formErrorReply(): its module brings Conform and Zod, on every public page's first load.
  const reply: FormReply = { status: "error", error: { "": [MESSAGES.serverUnreachable] } };
  return { type: "data", result: Response.json(reply, { status: 503 }) };
}

/**
 * The data the page shows now, by route: React Router's router, which its HydratedRouter puts on
 * `window` (framework mode). Empty if it is not there: the page then meets the error boundary, as
 * before.
 */
function shownData(): Record<string, unknown> {
  const router = (globalThis as { __reactRouterDataRouter?: { state: { loaderData: Record<string, unknown> } } }).__reactRouterDataRouter;
  return router?.state.loaderData ?? {};
}

/** A load of the page being shown (a live page's refresh, a reload after a save), not a navigation away. */
function isShownPage(request: Request): boolean {
  const url = new URL(request.url);
  return url.pathname === globalThis.location?.pathname && url.search === globalThis.location.search;
}

/**
 * The root's client middleware (issue 30, decision 037): every form sent with JavaScript, through
 * a fetcher or `<Form>`, whose server cannot answer gets `unreachableReply()` in place of the
 * error page, which would have replaced the page and lost what was typed. One place for every
 * form, public and back office. Likewise a refresh of the page being shown (a live page whose
 * stream was refused while the database was down) keeps the page as it is; a navigation to
 * another page is left to the error boundary.
 */
export const keepFormWhenUnreachable: MiddlewareFunction<Record<string, DataStrategyResult>> = async ({ request }, next) => {
  const results = await next();
  if (request.signal.aborted) return results;
  const refresh = request.method === "GET";
  if (refresh && !isShownPage(request)) return results;
  const shown = refresh ? shownData() : {};
  for (const [routeId, result] of Object.entries(results)) {
    if (result.type !== "error" || !isServerUnreachable(result.result)) continue;
    if (!refresh) results[routeId] = unreachableReply();
    else if (routeId in shown) results[routeId] = { type: "data", result: shown[routeId] };
  }
  return results;
};

import type { DataStrategyResult, ErrorResponse, MiddlewareFunction } from "react-router";
import type { FormReply } from "~/utils/form-submission.ts";
import { MESSAGES } from "~/utils/messages.ts";

/**
 * A server that could not answer a form: no answer at all (the network, an instance restarting),
 * or a 502–504 that is not React Router's own (server/outage.ts while the database is down, or a
 * proxy in front of a stopped instance). A form's own refusal (a 503 with Retry-After when the
 * photo store is down, a 429) is React Router's and arrives as the form's reply, never here.
 */
export function isServerUnreachable(error: unknown): boolean {
  if (isErrorResponse(error)) return error.status >= 502 && error.status <= 504;
  // What fetch throws reaches the middleware wrapped by React Router's single fetch (`data(error)`).
  const thrown = (error as { type?: unknown; data?: unknown } | null)?.type === "DataWithResponseInit" ? (error as { data: unknown }).data : error;
  return thrown instanceof TypeError; // fetch's own failure ("Failed to fetch", "Load failed", …)
}

/**
 * React Router's `isRouteErrorResponse`, written out: importing a value from "react-router" into
 * this lazy chunk made the bundler split React and the router into more shared chunks, 2.6 KiB
 * more on every public page's first load (decision 038).
 */
function isErrorResponse(error: unknown): error is ErrorResponse {
  const candidate = error as Partial<ErrorResponse & { internal: unknown }> | null;
  return candidate != null && typeof candidate.status === "number" && typeof candidate.statusText === "string" && typeof candidate.internal === "boolean" && "data" in candidate;
}

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

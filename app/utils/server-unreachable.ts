import type { ErrorResponse } from "react-router";

/**
 * A server that could not answer (a form, or the next page's data): no answer at all (the network, an instance restarting),
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
 * the lazy chunk of keep-form-when-unreachable.ts made the bundler split React and the router into more shared chunks, 2.6 KiB
 * more on every public page's first load (decision 038).
 */
function isErrorResponse(error: unknown): error is ErrorResponse {
  const candidate = error as Partial<ErrorResponse & { internal: unknown }> | null;
  return candidate != null && typeof candidate.status === "number" && typeof candidate.statusText === "string" && typeof candidate.internal === "boolean" && "data" in candidate;
}

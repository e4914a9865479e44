// Issue 30: a form sent with JavaScript whose server cannot answer gets a reply that keeps the
// form (its fields, no initialValue) and says to try again; everything else passes unchanged.
import { data, UNSAFE_ErrorResponseImpl as ErrorResponseImpl, type DataStrategyResult } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "~/utils/messages.ts";
import { isServerUnreachable } from "~/utils/server-unreachable.ts";
import { keepFormWhenUnreachable } from "./keep-form-when-unreachable.ts";

type Results = Record<string, DataStrategyResult>;

async function run(method: string, results: Results, signal = new AbortController().signal, url = "http://localhost/offer/5") {
  const request = new Request(url, { method, signal });
  const args = { request, params: {}, context: {} as never, unstable_pattern: "/offer/:id", unstable_url: new URL(request.url) } as unknown as Parameters<
    typeof keepFormWhenUnreachable
  >[0];
  return (await keepFormWhenUnreachable(args, () => Promise.resolve(results))) as Results;
}

describe("keepFormWhenUnreachable", () => {
  it("a post the server could not answer (the outage's 503, a proxy's 502, no answer at all: as fetch throws it, and as single fetch wraps it) becomes the form's reply with status 503", async () => {
    for (const error of [
      new ErrorResponseImpl(503, "Service Unavailable", "…"),
      new ErrorResponseImpl(502, "", ""),
      new TypeError("Failed to fetch"),
      data(new TypeError("Failed to fetch")),
    ]) {
      const results = await run("POST", { "routes/site/offer": { type: "error", result: error } });
      const answer = results["routes/site/offer"]!;
      expect(answer.type).toBe("data");
      const response = answer.result as Response;
      expect(response.status).toBe(503);
      // No initialValue: the form keeps what is typed in it.
      expect(await response.json()).toEqual({ status: "error", error: { "": [MESSAGES.serverUnreachable] } });
    }
  });

  it("leaves alone a form's own answers, a refusal that is not the server's absence, a page's loads and a cancelled post", async () => {
    const reply = { type: "data", result: { status: "error", error: { "": ["مرفوض"] } } } as const;
    const bug = { type: "error", result: new ErrorResponseImpl(500, "", "") } as const;
    const notFound = { type: "error", result: new ErrorResponseImpl(404, "", "") } as const;
    expect(await run("POST", { a: reply, b: bug, c: notFound })).toEqual({ a: reply, b: bug, c: notFound });
    const outage = { type: "error", result: new ErrorResponseImpl(503, "", "") } as const;
    expect(await run("GET", { a: outage })).toEqual({ a: outage });
    const cancelled = new AbortController();
    cancelled.abort();
    expect(await run("POST", { a: outage }, cancelled.signal)).toEqual({ a: outage });
  });

  afterEach(() => void vi.unstubAllGlobals());

  it("a refresh of the page being shown (a live page's) keeps the data it shows; a navigation to another page is left to the error boundary", async () => {
    const shown = { offer: { id: 5, title: "فيلا" } };
    vi.stubGlobal("location", new URL("http://localhost/admin/tasks?status=pending"));
    vi.stubGlobal("__reactRouterDataRouter", { state: { loaderData: { "routes/admin/tasks": shown, root: {} } } });
    const outage = () => ({ type: "error", result: new ErrorResponseImpl(503, "", "") }) as const;
    const refreshed = await run("GET", { "routes/admin/tasks": outage(), root: outage() }, undefined, "http://localhost/admin/tasks?status=pending");
    expect(refreshed).toEqual({ "routes/admin/tasks": { type: "data", result: shown }, root: { type: "data", result: {} } });
    const away = { "routes/admin/finance": outage() };
    expect(await run("GET", away, undefined, "http://localhost/admin/finance")).toEqual(away);
    // The same page with other filters is another page.
    const filtered = { "routes/admin/tasks": outage() };
    expect(await run("GET", filtered, undefined, "http://localhost/admin/tasks?status=done")).toEqual(filtered);
  });

  it("knows the server's absence from a fault of the app", () => {
    expect(isServerUnreachable(new ErrorResponseImpl(504, "", ""))).toBe(true);
    expect(isServerUnreachable(new ErrorResponseImpl(500, "", ""))).toBe(false);
    expect(isServerUnreachable(new Error("render failed"))).toBe(false);
  });
});

/**
 * React Router's Express adapter (as in @react-router/express 8.4), with two differences. The
 * body handed to React Router is cut at its route's limit (app/route-facts.ts) before any
 * action reads it, so no action, whatever it calls (`request.formData()` included), can hold more
 * than that. A body declared over the limit is not read at all; one that streams past it stops
 * being read at that point. The action learns it through `requestBodyContext` and answers 413 in
 * its own form. And every answer passes `onResponse` before it is sent: the public page cache
 * (decision 020) sends and keeps a public page itself, and sets the Cache-Control of the rest.
 */
import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler as createRouterRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import type { RequestBodyState } from "~/context.ts";
import { routeLookupOf, type RouteAnswer } from "~/framework/route-lookup.server.ts";
import { SMALL_FORM_BODY_LIMIT } from "~/utils/body-limits.ts";
import { limitedRequestBody } from "~/utils/request-body.server.ts";

type MaybePromise<T> = T | Promise<T>;

/** `route`: the route the path opens and its facts (app/route-facts.ts), for the loaders' context. */
export type GetLoadContext = (req: ExpressRequest, res: ExpressResponse, body: RequestBodyState, route: RouteAnswer | null) => MaybePromise<RouterContextProvider>;

/** Sees every answer before it is sent; returns true when it sent the answer itself (the page cache, server/page-cache.ts). */
export type OnResponse = (req: ExpressRequest, res: ExpressResponse, response: Response) => Promise<boolean>;

export function createRequestHandler({
  build,
  getLoadContext,
  mode = process.env.NODE_ENV,
  onResponse,
}: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  getLoadContext: GetLoadContext;
  mode?: string;
  onResponse?: OnResponse;
}) {
  const handleRequest = createRouterRequestHandler(build, mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const url = requestUrl(req);
      const route = routeLookupOf((typeof build === "function" ? await build() : build).routes)(url.pathname);
      const body = { limit: route?.bodyLimit ?? SMALL_FORM_BODY_LIMIT, tooLarge: false };
      const request = createFetchRequest(req, res, url, body);
      const response = await handleRequest(request, await getLoadContext(req, res, body, route));
      if (hasBody(req)) res.once("finish", () => lingerOnUnreadBody(req));
      if (onResponse && (await onResponse(req, res, response))) return;
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/** How long the rest of a refused (or unread) body is taken in and thrown away after the answer. */
const LINGER_MS = 3000;

/**
 * After answering a request whose body was refused or not read to its end: closing at once would
 * reset the connection while the client is still sending, and a client (a browser among them)
 * may then lose the answer it was sent. So the rest is read and thrown away, holding nothing,
 * for a few seconds; a body that ends in that time leaves the connection usable, any other is
 * closed then.
 */
function lingerOnUnreadBody(req: ExpressRequest) {
  if (req.complete || req.destroyed) return;
  const timer = setTimeout(() => req.destroy(), LINGER_MS).unref();
  // The answer is out: nothing reads the body any more (a body stream left half-read stops filling).
  req.removeAllListeners("data");
  req.on("data", () => {});
  req.once("end", () => clearTimeout(timer));
  req.once("close", () => clearTimeout(timer));
  req.resume();
}

function hasBody(req: ExpressRequest): boolean {
  return req.method !== "GET" && req.method !== "HEAD";
}

function requestUrl(req: ExpressRequest): URL {
  const [, hostnamePortStr] = req.app?.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPortStr] = req.get("host")?.split(":") ?? [];
  const hostnamePort = Number.parseInt(hostnamePortStr ?? "", 10);
  const hostPort = Number.parseInt(hostPortStr ?? "", 10);
  const port = Number.isSafeInteger(hostnamePort) ? hostnamePort : Number.isSafeInteger(hostPort) ? hostPort : "";
  const resolvedHost = `${req.hostname.split(/[\\/?#@]/)[0] || "localhost"}${port ? `:${port}` : ""}`;
  return new URL(`${req.protocol}://${resolvedHost}${req.originalUrl}`);
}

function createFetchRequest(req: ExpressRequest, res: ExpressResponse, url: URL, body: { limit: number; tooLarge: boolean }): Request {
  let controller: AbortController | null = new AbortController();
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  if (hasBody(req)) {
    init.body = limitedRequestBody(req, body.limit, () => (body.tooLarge = true));
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

async function sendResponse(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

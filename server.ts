// Node entry: security headers, request logs, static files, then the app (server/app.ts).
// First of all, on glibc: start again with its allocator tuned (decision 042).
import "./server/tuned-allocator.ts";
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import zlib from "node:zlib";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { log, logger } from "./app/utils/log.server.ts";
import { createHttpServer } from "./server/http-server.ts";
import { inFlightLimit } from "./server/in-flight-limit.ts";
import { closeOnExit, requestsInFlight } from "./server/shutdown.ts";

// V8 lets the old generation grow to about 3.5 × what survived the last full collection before the
// next one; under load the server's short-lived objects that outlive two young collections pile up
// there (RSS 315–400 MiB after the bench's runs). At 1.5 × the server stays near 200 MiB with the
// same cached throughput and ~10 % fewer uncached renders a second (decision 020). Set here, not on
// the command line, so every way of starting the server has it.
v8.setFlagsFromString("--heap-growing-percent=50");

const isProduction = process.env.NODE_ENV === "production";
const clientDir = path.resolve("build/client");

/**
 * The security headers, through helmet. The Content-Security-Policy's script-src carries this
 * answer's nonce (res.locals.cspNonce, set just before; the page cache swaps it for the hashes of a
 * kept page's scripts). Helmet's other headers that this server never sent stay off (decision 041):
 * Cross-Origin-Resource-Policy: same-origin would keep the offers' photos out of the e-mails read in
 * a webmail, and the rest change nothing for today's browsers. Strict-Transport-Security only on
 * HTTPS requests (TRUST_PROXY tells which); Permissions-Policy, which helmet does not set, by hand.
 */
function helmetFor(hsts: boolean) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${String((res as Response).locals.cspNonce)}'`, ...(isProduction ? [] : ["'unsafe-inline'"])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // https: content and licence images may be links the firm pastes.
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...(isProduction ? [] : ["ws:", "wss:"])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        manifestSrc: ["'self'"],
      },
    },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
    crossOriginOpenerPolicy: { policy: "same-origin" },
    strictTransportSecurity: hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
}
const plainHeaders = helmetFor(false);
const secureHeaders = helmetFor(true);

function securityHeaders(req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  // A page may tighten the policy (the password-reset link page sends no-referrer): the app's
  // headers are appended by the React Router adapter, so replace ours instead of adding a second.
  const append = res.append.bind(res);
  res.append = (field: string, value?: string | string[]) => (field.toLowerCase() === "referrer-policy" ? res.setHeader(field, value ?? "") : append(field, value));
  (req.secure ? secureHeaders : plainHeaders)(req, res, next);
}

/**
 * One line per answered request (pino-http): method, path, status, milliseconds, bytes; the
 * assets' and images' lines at debug, so they are not written at the default level.
 */
const requestLog = pinoHttp({
  logger,
  // Not the request itself: its headers carry the visitors' cookies (a staff session among them).
  serializers: { req: () => undefined },
  wrapSerializers: false,
  customLogLevel: (req) => {
    const level = isAsset(req) ? "debug" : "info";
    return log.enabled(level) ? level : "silent";
  },
  customSuccessMessage: () => "request",
  customErrorMessage: () => "request",
  customSuccessObject: (req, res, { responseTime }: { responseTime: number }) => requestFields(req as Request, res, responseTime),
  customErrorObject: (req, res, _error, { responseTime }: { responseTime: number }) => requestFields(req as Request, res, responseTime),
});

function isAsset(req: IncomingMessage): boolean {
  const path = (req as Request).path ?? req.url ?? "";
  return path.startsWith("/assets/") || path.startsWith("/images/");
}

function requestFields(req: Request, res: ServerResponse, ms: number) {
  return { method: req.method, path: req.path, status: res.statusCode, ms, bytes: Number(res.getHeader("content-length") ?? 0) || undefined };
}

/**
 * Refuses, before anything reads them, request addresses no page can answer: a NUL character
 * (`%00`; PostgreSQL text cannot hold it, and it reached the database from a search field) and
 * a malformed percent sequence (`/%`, which made decodeURIComponent throw further on).
 */
function requestAddressGuard(req: Request, res: Response, next: NextFunction) {
  let refused = /%00/.test(req.originalUrl);
  if (!refused) {
    try {
      decodeURIComponent(req.path);
    } catch {
      refused = true;
    }
  }
  if (!refused) return next();
  res.status(400).type("text/plain; charset=utf-8").send("طلب غير صالح");
}

/** Serves build/client, preferring the .br / .gz files written at build time. */
function precompressedStatic() {
  const encodings = [
    { ext: ".br", name: "br" },
    { ext: ".gz", name: "gzip" },
  ] as const;
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const accepted = String(req.headers["accept-encoding"] ?? "");
    // requestAddressGuard, before this, has refused paths that do not decode.
    const relative = path.normalize(decodeURIComponent(req.path)).replace(/^(\.\.[/\\])+/, "");
    const file = path.join(clientDir, relative);
    if (!file.startsWith(clientDir + path.sep)) return next();
    for (const { ext, name } of encodings) {
      if (!accepted.includes(name) || !fs.existsSync(file + ext)) continue;
      res.setHeader("Content-Encoding", name);
      res.setHeader("Vary", "Accept-Encoding");
      return res.sendFile(file + ext, {
        headers: { "Content-Type": contentType(file) },
        maxAge: req.path.startsWith("/assets/") ? "1y" : "1h",
        immutable: req.path.startsWith("/assets/"),
      });
    }
    next();
  };
}

function contentType(file: string): string {
  const types: Record<string, string> = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".json": "application/json",
    ".woff2": "font/woff2",
  };
  return types[path.extname(file)] ?? "application/octet-stream";
}

async function main() {
  const app = express();
  app.disable("x-powered-by");
  app.use(securityHeaders);
  let draining = false;
  app.use((req, res, next) => {
    if (draining) res.setHeader("Connection", "close"); // stopping: reconnect elsewhere
    next();
  });
  const requests = requestsInFlight();
  app.use(requests.middleware);
  app.use(requestLog);
  app.use(requestAddressGuard);

  let started: Awaited<ReturnType<typeof import("./server/app.ts").createApp>>;
  if (isProduction) {
    if (!fs.existsSync("build/server/index.js")) {
      throw new Error("No production build found: run `npm run build` first (npm start does this for you).");
    }
    // Only a path that names a file is looked for on disk: a page (no extension) or its data (.data)
    // would otherwise cost two existence checks and a stat on every request (decision 020).
    const files = express.Router();
    files.use(precompressedStatic());
    files.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }));
    files.use(express.static(clientDir, { maxAge: "1h", index: false }));
    app.use((req, res, next) => (/\.(?!data$)[^/.]+$/.test(req.path) ? files(req, res, next) : next()));
    // Dynamic responses (HTML, data) are compressed on the fly.
    // A small brotli window: the default (4 MiB) costs more to set up per response than a page weighs.
    app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } } }));
    const build = (await import(path.resolve("build/server/index.js"))) as typeof import("./server/app.ts");
    started = await build.createApp();
  } else {
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(devServer.middlewares);
    const mod = (await devServer.ssrLoadModule("./server/app.ts")) as typeof import("./server/app.ts");
    started = await mod.createApp();
  }
  // TRUST_PROXY proxies in front (a balancer, nginx): the client's address is the one they were given.
  app.set("trust proxy", started.env.TRUST_PROXY || false);
  // After the static files: only the app's own answers are counted.
  app.use(inFlightLimit());
  app.use(started.handler);

  // PORT and HOST were checked with the rest of the environment in createApp.
  const { PORT: port, HOST: host } = started.env;
  const server = createHttpServer(app, { behindProxy: Boolean(started.env.TRUST_PROXY) });
  server.listen(port, host, () => {
    log.info("listening", { url: `http://${host === "0.0.0.0" ? "localhost" : host}:${port}` });
  });
  // Signals and crashes stop the embedded PostgreSQL before the process exits. A signal first drains
  // (DRAIN_SECONDS): readiness answers 503 and every answer closes its connection, so a load
  // balancer moves the traffic to the other instances while this one still serves.
  closeOnExit({
    drain: () => {
      draining = true;
      started.drain();
    },
    drainMs: started.env.DRAIN_SECONDS * 1000,
    close: async () => {
      server.close(); // no new connections; the requests being answered are finished first
      await requests.settled(10_000);
      await started.close();
    },
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

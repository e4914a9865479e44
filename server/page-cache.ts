/**
 * The public page cache (decision 020): the rendered HTML of the public pages, and React Router's
 * `.data` answers for them, kept compressed (brotli and gzip) in this process and served to every
 * anonymous visitor until something they show changes.
 *
 * - Key: the path and its query, without tracking parameters such as utm_* (no page reads them). Only the pages whose route declares `pageCache` (app/route-facts.ts), only GET and HEAD, only anonymous requests
 *   (no cookie of ours, no Authorization); only 200 answers without Set-Cookie or a private/no-store
 *   policy are kept.
 * - Bounds: a byte cap and an entry cap, as a segmented LRU: a page enters on probation and is
 *   protected once asked for again, so a flood of one-off query variants only churns the probation
 *   segment; every entry also has a maximum age.
 * - Invalidation: `invalidate()` drops everything (wired in server/app.ts to every offer change and
 *   every cache announcement, from any instance, and to the database's own triggers); a page whose
 *   rendering began before an invalidation is not kept. Pages also change with time (an ad licence
 *   ends, "أضيف قبل ٣ أيام" becomes "٤ أيام"): nothing is served past `nextChange()`.
 * - The CSP nonce: the cached bytes carry none. Each kept page lists the SHA-256 hashes of its inline
 *   scripts, which replace the nonce in that answer's Content-Security-Policy.
 * - Stale if error (issue 30): a page dropped by an invalidation or its age is kept aside (a quarter
 *   of the bytes) for a day; when rendering the page fails (5xx: the database stopped, and with it
 *   the change notices), that copy is sent instead of the error page, marked `X-Page-Cache: stale`
 *   and `no-cache`. While the database is down nothing can change, so what it shows is still true.
 * - Conditional requests: a weak ETag (a hash of the kept bytes) answers `If-None-Match` with 304;
 *   `Cache-Control: public, max-age=0, s-maxage` and `CDN-Cache-Control: max-age, stale-while-revalidate`,
 *   never past `nextChange()`.
 */
import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import type { EventHub } from "~/modules/live-updates/event-hub.server.ts";
import type { RouteLookup } from "~/framework/route-lookup.server.ts";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Whether a path is a public page that may be kept: its route declares `pageCache`
 * (app/route-facts.ts: the site layout's pages; never the back office, sign-in, the alert token
 * pages, resources, the event stream or the 404 page), its parameters look like the ones it renders
 * (`/offer/abc` is a 404), and it is spelled as its route is (lowercase, no trailing slash), so one
 * page is kept under one address.
 */
function isPublicPage(page: string, routes: RouteLookup): boolean {
  if (page !== "/" && (page.endsWith("/") || page !== page.toLowerCase())) return false;
  const route = routes(page);
  const policy = route?.facts.pageCache;
  if (!route || !policy) return false;
  return Object.entries(policy.params ?? {}).every(([name, pattern]) => pattern.test(route.params[name] ?? ""));
}

/** Added by links from outside (campaigns, ads, social sites); no page reads them. */
const TRACKING_PARAMS = new Set([
  "fbclid",
  "gclid",
  "gclsrc",
  "dclid",
  "gbraid",
  "wbraid",
  "msclkid",
  "yclid",
  "twclid",
  "ttclid",
  "li_fat_id",
  "igshid",
  "mc_cid",
  "mc_eid",
  "_ga",
  "_gl",
  "srsltid",
]);
const isTrackingParam = (name: string) => name.startsWith("utm_") || TRACKING_PARAMS.has(name);

const MAX_KEY_LENGTH = 2048;

/**
 * The cache key of a request's URL, or null when the page is not one that is kept. The pathname is
 * kept as is (`/offers.data` apart from `/offers`); the query is parsed and written again (one
 * spelling of each value, as the pages read it) without its tracking parameters, which no page reads.
 * Everything else stays, in its order, empty values too: /offers answers a query that is not its
 * canonical one (a form's empty fields, the filters in another order) with a redirect to it, so
 * sorting or dropping them would serve the canonical page at the other address instead of the
 * redirect; and a parameter no page reads splits the cache (bounded below) but can never make two
 * different pages share an entry.
 */
export function pageCacheKey(url: URL, routes: RouteLookup): string | null {
  const { pathname } = url;
  const page = pathname.endsWith(".data") ? (pathname === "/_root.data" ? "/" : pathname.slice(0, -".data".length)) : pathname;
  if (!isPublicPage(page, routes)) return null;
  const query = new URLSearchParams([...url.searchParams].filter(([name]) => !isTrackingParam(name))).toString();
  const key = query ? `${pathname}?${query}` : pathname;
  return key.length <= MAX_KEY_LENGTH ? key : null;
}

/** Every cookie the app sets is named aqar-… (utils/cookies.server.ts), with __Host- in production. */
const APP_COOKIE = /(?:^|;)\s*(?:__Host-|__Secure-)?aqar-[^=;]*=/;

/**
 * A request whose answer may be someone's own: a cookie of ours (a staff session, the sign-in flow,
 * a one-time toast) or credentials. A visitor's other cookies (analytics) do not count: no page reads them.
 */
export function isPerVisitor(req: Pick<Request, "headers">): boolean {
  if (req.headers.authorization) return true;
  const cookie = req.headers.cookie;
  return cookie !== undefined && APP_COOKIE.test(cookie);
}

export interface PageEntry {
  key: string;
  /** The answer's own headers (Content-Type and any a route set), without per-answer ones. */
  headers: Array<[string, string]>;
  /** W/"…": a hash of the kept bytes (which carry no nonce), the same for every encoding. */
  etag: string;
  /** HTML: the CSP sources of its inline scripts ('sha256-…'), to stand in for the nonce. */
  scriptSources: string | null;
  br: Buffer;
  gzip: Buffer;
  /** What the entry holds in memory, counted against the byte cap. */
  size: number;
  expiresAt: number;
  /** When it was rendered: a stale copy is sent for a day at most. */
  storedAt: number;
}

/**
 * A segmented LRU (probation and protected), bounded by bytes and by entries. A new entry is put on
 * probation; one asked for again moves to the protected segment (at most `protectedShare` of the
 * bytes), whose least recently used entries fall back to probation. Eviction takes probation's least
 * recently used first, so pages asked for once (a crawler's or an attacker's endless query variants)
 * cannot push out the pages everyone reads.
 */
export class PageStore {
  private readonly probation = new Map<string, PageEntry>();
  private readonly protected = new Map<string, PageEntry>();
  private probationBytes = 0;
  private protectedBytes = 0;

  readonly maxBytes: number;
  readonly maxEntries: number;
  private readonly protectedShare: number;

  constructor(maxBytes: number, maxEntries: number, protectedShare = 0.8) {
    this.maxBytes = maxBytes;
    this.maxEntries = maxEntries;
    this.protectedShare = protectedShare;
  }

  get bytes() {
    return this.probationBytes + this.protectedBytes;
  }
  get size() {
    return this.probation.size + this.protected.size;
  }

  get(key: string): PageEntry | undefined {
    const kept = this.protected.get(key);
    if (kept) {
      this.protected.delete(key);
      this.protected.set(key, kept);
      return kept;
    }
    const trial = this.probation.get(key);
    if (!trial) return undefined;
    this.probation.delete(key);
    this.probationBytes -= trial.size;
    this.protected.set(key, trial);
    this.protectedBytes += trial.size;
    const protectedCap = this.maxBytes * this.protectedShare;
    for (const [oldKey, old] of this.protected) {
      if (this.protectedBytes <= protectedCap || old === trial) break;
      this.protected.delete(oldKey);
      this.protectedBytes -= old.size;
      this.probation.set(oldKey, old);
      this.probationBytes += old.size;
    }
    this.trim();
    return trial;
  }

  set(entry: PageEntry): boolean {
    this.delete(entry.key);
    if (entry.size > this.maxBytes) return false;
    this.probation.set(entry.key, entry);
    this.probationBytes += entry.size;
    this.trim();
    return this.probation.has(entry.key) || this.protected.has(entry.key);
  }

  delete(key: string) {
    const trial = this.probation.get(key);
    if (trial) {
      this.probation.delete(key);
      this.probationBytes -= trial.size;
    }
    const kept = this.protected.get(key);
    if (kept) {
      this.protected.delete(key);
      this.protectedBytes -= kept.size;
    }
  }

  /** Every entry, least recently used first (for moving them aside). */
  *entries(): IterableIterator<PageEntry> {
    yield* this.probation.values();
    yield* this.protected.values();
  }

  /** The entry without counting it as asked for. */
  peek(key: string): PageEntry | undefined {
    return this.protected.get(key) ?? this.probation.get(key);
  }

  clear() {
    this.probation.clear();
    this.protected.clear();
    this.probationBytes = 0;
    this.protectedBytes = 0;
  }

  private trim() {
    while (this.bytes > this.maxBytes || this.size > this.maxEntries) {
      const [segment, bytes] = this.probation.size > 0 ? [this.probation, "probationBytes" as const] : [this.protected, "protectedBytes" as const];
      const oldest = segment.keys().next();
      if (oldest.done) return;
      this[bytes] -= segment.get(oldest.value)!.size;
      segment.delete(oldest.value);
    }
  }
}

/** The inline scripts of an HTML page (no src; JavaScript, not a data block such as JSON-LD), or null when one cannot be told apart safely. */
export function inlineScripts(html: string): string[] | null {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1]!;
    const body = match[2]!;
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase() ?? "";
    if (type !== "" && type !== "module" && type !== "text/javascript" && type !== "application/javascript") continue;
    // A comment opener or another <script inside a script changes where the browser ends it (the
    // "script data escaped" states): our own scripts never hold one, so such a page is not kept.
    if (body.includes("<!--") || /<script/i.test(body)) return null;
    scripts.push(body);
  }
  return scripts;
}

const sha256 = (data: string | Buffer) => crypto.createHash("sha256").update(data).digest("base64");

/** The Content-Security-Policy of a kept page: the nonce source replaced by its scripts' hashes. */
function policyWithHashes(policy: string, scriptSources: string): string {
  return policy.replace(/\s*'nonce-[^']*'/g, scriptSources ? ` ${scriptSources}` : "");
}

/** Headers that belong to one answer (or are set when it is sent), not to the page. */
const PER_ANSWER_HEADERS = new Set([
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "etag",
  "cache-control",
  "vary",
  "content-security-policy",
]);

const PAGE_TYPES = /^(text\/html|text\/x-script)\b/i;

/** Whether an answer may be kept: 200, HTML or React Router data, no cookie set, no private or no-store policy. */
function isStorable(response: globalThis.Response): boolean {
  if (response.status !== 200) return false;
  const { headers } = response;
  if (headers.has("set-cookie")) return false;
  if (/\b(no-store|private)\b/i.test(headers.get("cache-control") ?? "")) return false;
  return PAGE_TYPES.test(headers.get("content-type") ?? "");
}

/** Brotli at quality 5 costs about 3 ms for a 190 KB page and saves ~13% over gzip 6. */
const BROTLI_OPTIONS = (size: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});

/**
 * An entry from a rendered answer: the nonce attributes taken out of HTML (the nonce is random, so it
 * cannot stand anywhere else by chance; if it does, the page is not kept), its scripts hashed, the
 * bytes compressed both ways on the thread pool. Null when the page cannot be kept safely.
 */
async function buildEntry(key: string, headers: Headers, body: Buffer, nonce: string, expiresAt: number, storedAt: number): Promise<PageEntry | null> {
  let bytes = body;
  let scriptSources: string | null = null;
  if (/^text\/html\b/i.test(headers.get("content-type") ?? "")) {
    let html = body.toString("utf8");
    if (nonce) {
      html = html.replaceAll(` nonce="${nonce}"`, "");
      if (html.includes(nonce)) return null;
    }
    const scripts = inlineScripts(html);
    if (!scripts) return null;
    scriptSources = [...new Set(scripts.map((script) => `'sha256-${sha256(script)}'`))].join(" ");
    bytes = Buffer.from(html, "utf8");
  }
  const [br, gz] = await Promise.all([brotli(bytes, BROTLI_OPTIONS(bytes.length)), gzip(bytes, { level: 6 })]);
  const kept: Array<[string, string]> = [...headers].filter(([name]) => !PER_ANSWER_HEADERS.has(name.toLowerCase()));
  return {
    key,
    headers: kept,
    etag: `W/"${crypto.createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`,
    scriptSources,
    br,
    gzip: gz,
    size: br.length + gz.length + key.length * 2 + (scriptSources?.length ?? 0) + 512,
    expiresAt,
    storedAt,
  };
}

type Encoding = "br" | "gzip" | "identity";

/** The best encoding the client accepts of brotli, gzip and none (q-values honoured, q=0 refuses). */
export function negotiateEncoding(header: string | undefined): Encoding {
  if (!header) return "identity";
  const accepted = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get("*") ?? 0;
  if (weight("br") > 0 && weight("br") >= weight("gzip")) return "br";
  if (weight("gzip") > 0) return "gzip";
  return "identity";
}

/** Whether If-None-Match names this entity (weak comparison, RFC 9110 13.1.2). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const mine = opaque(etag);
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === mine);
}

export interface PageCacheOptions {
  /** The route of a path and its facts (app/route-facts.ts): which pages may be kept. */
  routes: RouteLookup;
  /** Byte cap of the kept pages (both encodings). */
  maxBytes: number;
  maxEntries?: number;
  /** The longest a page is kept, whatever happens (a safety net under the invalidation). */
  maxAgeMs?: number;
  /** A shared cache (CDN) may keep a page this many seconds, then serve it stale (CDN-Cache-Control) while it revalidates. */
  sharedMaxAge?: number;
  staleWhileRevalidate?: number;
  /** The next moment public pages change without a write (an ad licence ending, a new day), as epoch ms. */
  nextChange?: () => Promise<number>;
  /** False while the LISTEN connection is down: changes are not heard then, so nothing is served or kept. */
  isListening?: () => boolean;
  now?: () => number;
}

interface Miss {
  key: string;
  generation: number;
  settle: (entry: PageEntry | null) => void;
}

export interface PageCache {
  /** Express middleware, before the app: serves a kept page, or marks the request for keeping. */
  serve: (req: Request, res: Response, next: NextFunction) => void;
  /** Given every answer of the app: sends and keeps a marked page; sets the Cache-Control of the others. Returns true when it sent the answer. */
  answer: (req: Request, res: Response, response: globalThis.Response) => Promise<boolean>;
  /** Drops every kept page (a change was heard). */
  invalidate: () => void;
  stats: () => { entries: number; bytes: number; hits: number; misses: number; stored: number; invalidations: number; staleServed: number; generation: number };
}

/** How old a page may be and still stand in for a failed render. */
const STALE_IF_ERROR_MS = 24 * 60 * 60 * 1000;

export function createPageCache(options: PageCacheOptions): PageCache {
  const now = options.now ?? Date.now;
  const maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
  const sharedMaxAge = options.sharedMaxAge ?? 10;
  const staleWhileRevalidate = options.staleWhileRevalidate ?? 60;
  const store = new PageStore(options.maxBytes, options.maxEntries ?? 4096);
  /** Pages no longer current (invalidated or past their age), for a failed render to fall back on. */
  const stale = new PageStore(Math.floor(options.maxBytes / 4), Math.floor((options.maxEntries ?? 4096) / 4));
  /** The page key of every request for a public page, for the fallback. */
  const fallbacks = new WeakMap<Request, string>();
  /** Renders under way, by key: a request for the same page waits for the first instead of rendering it again. */
  const pending = new Map<string, Promise<PageEntry | null>>();
  const counts = { hits: 0, misses: 0, stored: 0, invalidations: 0, staleServed: 0 };

  /** The last copy of a page rendered within the day, current or not. */
  const staleCopy = (key: string | undefined): PageEntry | undefined => {
    if (!key) return undefined;
    const copy = store.peek(key) ?? stale.peek(key);
    return copy && now() - copy.storedAt < STALE_IF_ERROR_MS ? copy : undefined;
  };
  /** Requests whose page is being rendered to be kept. */
  const misses = new WeakMap<Request, Miss>();
  let generation = 0;
  /** The current generation's bound: nothing is served at or after it. */
  let validUntil: { generation: number; at: Promise<number> } | null = null;

  const invalidate = () => {
    generation += 1;
    counts.invalidations += 1;
    for (const entry of store.entries()) stale.set(entry);
    store.clear();
    pending.clear();
    validUntil = null;
  };

  const boundOf = (): Promise<number> => {
    if (validUntil?.generation !== generation) {
      const asked = generation;
      const at = (options.nextChange?.() ?? Promise.resolve(Number.POSITIVE_INFINITY)).catch(() => now()); // unknown: keep nothing
      validUntil = { generation: asked, at };
    }
    return validUntil.at;
  };

  /**
   * The policy of a kept page: a browser revalidates it every time (a 304 when nothing changed); a
   * shared cache may hold it briefly, never past the next change. stale-while-revalidate goes only
   * in CDN-Cache-Control (RFC 9213, read by CDNs alone): browsers apply it too, and then show a page
   * up to a minute old — the live refresh of /offers fetched its stale copy.
   */
  const setPublicPolicy = (res: Response, until: number) => {
    const left = Math.floor((until - now()) / 1000);
    const shared = Math.min(sharedMaxAge, left);
    if (shared <= 0) {
      res.setHeader("Cache-Control", "public, no-cache");
      return;
    }
    const stale = Math.min(staleWhileRevalidate, left - shared);
    res.setHeader("Cache-Control", `public, max-age=0, s-maxage=${shared}`);
    res.setHeader("CDN-Cache-Control", `max-age=${shared}${stale > 0 ? `, stale-while-revalidate=${stale}` : ""}`);
  };

  const send = (req: Request, res: Response, entry: PageEntry, until: number, state: "hit" | "miss" | "stale") => {
    res.setHeader("ETag", entry.etag);
    setPublicPolicy(res, Math.min(until, entry.expiresAt));
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("X-Page-Cache", state);
    // On a 304 too: a browser takes the 304's headers for the copy it keeps, so a policy with a
    // fresh nonce there would block that copy's scripts.
    if (entry.scriptSources !== null) {
      const policy = res.getHeader("Content-Security-Policy");
      if (typeof policy === "string") res.setHeader("Content-Security-Policy", policyWithHashes(policy, entry.scriptSources));
    }
    if (matchesEtag(req.headers["if-none-match"], entry.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    const encoding = negotiateEncoding(req.headers["accept-encoding"]);
    const body = encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : zlib.gunzipSync(entry.gzip);
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.statusCode = 200;
    res.end(req.method === "HEAD" ? undefined : body);
  };

  const serveAsync = async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const key = pageCacheKey(new URL(req.originalUrl, "http://x"), options.routes);
    if (!key || isPerVisitor(req)) return next();
    fallbacks.set(req, key);
    if (options.isListening && !options.isListening()) return next();
    let until = await boundOf();
    if (now() >= until) {
      invalidate();
      until = await boundOf();
      if (now() >= until) return next(); // the database has not reached it yet: nothing is kept meanwhile
    }
    const started = generation;
    const entry = store.get(key);
    if (entry && entry.expiresAt > now()) {
      counts.hits += 1;
      return send(req, res, entry, until, "hit");
    }
    if (entry) {
      store.delete(key);
      stale.set(entry);
    }
    if (req.method === "HEAD") return next();
    const rendering = pending.get(key);
    if (rendering) {
      const rendered = await rendering;
      if (rendered && generation === started && !res.headersSent) {
        counts.hits += 1;
        return send(req, res, rendered, until, "hit");
      }
      return next(); // its page was not kept: render this one as usual
    }
    counts.misses += 1;
    let settle!: (entry: PageEntry | null) => void;
    const settled = new Promise<PageEntry | null>((resolve) => (settle = resolve));
    pending.set(key, settled);
    let done = false;
    const finish = (result: PageEntry | null) => {
      if (done) return;
      done = true;
      if (pending.get(key) === settled) pending.delete(key);
      settle(result);
    };
    // However the request ends (an error, a client gone), the ones waiting on it go on.
    res.once("close", () => finish(null));
    misses.set(req, { key, generation: started, settle: finish });
    next();
  };

  return {
    serve(req, res, next) {
      serveAsync(req, res, next).catch(next);
    },

    async answer(req, res, response) {
      const miss = misses.get(req);
      misses.delete(req);
      const fallback = response.status >= 500 && !res.headersSent ? staleCopy(fallbacks.get(req)) : undefined;
      if (fallback) {
        miss?.settle(null);
        await response.body?.cancel();
        counts.staleServed += 1;
        send(req, res, fallback, now(), "stale");
        return true;
      }
      if (!miss || !isStorable(response) || !response.body) {
        miss?.settle(null);
        defaultCacheControl(req, res, response, options.routes);
        return false;
      }
      const until = await boundOf();
      const body = Buffer.from(await response.arrayBuffer());
      const entry = await buildEntry(miss.key, response.headers, body, String(res.locals.cspNonce ?? ""), Math.min(now() + maxAgeMs, until), now());
      if (!entry) {
        // Sent as rendered, with its nonce.
        miss.settle(null);
        res.status(response.status);
        for (const [name, value] of response.headers) res.append(name, value);
        if (!response.headers.has("cache-control")) res.setHeader("Cache-Control", "no-cache");
        res.end(req.method === "HEAD" ? undefined : body);
        return true;
      }
      // Kept only if nothing changed while it was rendered, and it is not already past its bound.
      const current = miss.generation === generation && now() < until;
      if (current && store.set(entry)) counts.stored += 1;
      miss.settle(current ? entry : null);
      if (!res.headersSent && !res.destroyed) send(req, res, entry, until, "miss");
      return true;
    },

    invalidate,

    stats: () => ({ entries: store.size, bytes: store.bytes, ...counts, generation }),
  };
}

/**
 * The Cache-Control of an answer the cache did not send, when the route set none: anything for a
 * signed-in member or with a cookie set, and any post's answer, is `private, no-store`; another
 * answer of a public page (a 404, a 410, a redirect) must be revalidated. Others are left as they are.
 */
function defaultCacheControl(req: Request, res: Response, response: globalThis.Response, routes: RouteLookup) {
  if (response.headers.has("cache-control")) return;
  if (response.headers.has("set-cookie") || isPerVisitor(req) || (req.method !== "GET" && req.method !== "HEAD")) {
    res.setHeader("Cache-Control", "private, no-store");
    return;
  }
  if (pageCacheKey(new URL(req.originalUrl, "http://x"), routes)) res.setHeader("Cache-Control", "no-cache");
}

/** For the app without a page cache (development, PAGE_CACHE_MB=0): the same Cache-Control rules, nothing kept. */
export function answerUncached(routes: RouteLookup) {
  return (req: Request, res: Response, response: globalThis.Response): Promise<boolean> => {
    defaultCacheControl(req, res, response, routes);
    return Promise.resolve(false);
  };
}

/**
 * Drops the kept pages on every change heard from any instance: an offer saved or deleted
 * (publishOfferChange), a cache announcement (content, settings, lookup lists, licences) and the
 * database triggers' "pages" (drizzle/0020), and after a lost connection (its resync). Returns the unsubscribe.
 */
export function startPageCacheSync(events: Pick<EventHub, "subscribe">, cache: Pick<PageCache, "invalidate">): () => void {
  const stops = [events.subscribe("offers", () => cache.invalidate()), events.subscribe("cache", () => cache.invalidate())];
  return () => {
    for (const stop of stops) stop();
  };
}

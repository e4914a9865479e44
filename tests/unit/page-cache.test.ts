import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { publishOfferChange } from "~/modules/live-updates/event-hub.server.ts";
import { announceCacheChange } from "~/modules/live-updates/cache-sync.server.ts";
import { createEventHub, type ListeningEventHub } from "~/modules/live-updates/event-hub.server.ts";
import { nextPublicPageChange } from "~/modules/offers/public-page-expiry.server.ts";
import { routeLookup } from "../setup/route-table.ts";
import { useTestDatabase } from "../setup/test-db.ts";
import {
  createPageCache,
  inlineScripts,
  isPerVisitor,
  matchesEtag,
  negotiateEncoding,
  pageCacheKey,
  PageStore,
  startPageCacheSync,
  type PageCache,
  type PageCacheOptions,
  type PageEntry,
} from "../../server/page-cache.ts";

const key = (url: string) => pageCacheKey(new URL(url, "http://localhost"), routeLookup);

describe("the cache key", () => {
  it("is the path and its query without tracking parameters; anything else stays, in its order, empty values too", () => {
    expect(key("/offers?city=الرياض&utm_source=x&utm_campaign=y&fbclid=1&gclid=2")).toBe(key("/offers?city=الرياض"));
    expect(key("/offers?utm_medium=social")).toBe("/offers");
    expect(key("/offers?keyword=a%20b")).toBe(key("/offers?keyword=a+b"));
    // /offers redirects these to its canonical address: they must not be answered with its page.
    expect(key("/offers?propertyType=فيلا&city=الرياض")).not.toBe(key("/offers?city=الرياض&propertyType=فيلا"));
    expect(key("/offers?keyword=&city=الرياض")).not.toBe(key("/offers?city=الرياض"));
    expect(key("/compare?ids=3&ids=1")).not.toBe(key("/compare?ids=1&ids=3"));
    expect(key("/offers?page=2")).not.toBe(key("/offers?page=3"));
    // A parameter no page reads still splits (never two pages in one entry); the byte cap bounds it.
    expect(key("/about?x=1")).not.toBe(key("/about"));
  });

  it("keeps a page's React Router data apart from its HTML, and the home page's data is /_root.data", () => {
    expect(key("/offers.data?city=جدة&_routes=routes/site/offers")).toBe(`/offers.data?city=${encodeURIComponent("جدة")}&_routes=${encodeURIComponent("routes/site/offers")}`);
    expect(key("/_root.data")).toBe("/_root.data");
    expect(key("/offer/12.data")).toBe("/offer/12.data");
  });

  it("is null for anything but the public pages", () => {
    for (const url of [
      "/admin",
      "/admin/offers",
      "/login",
      "/reset-password/abc",
      "/alerts/confirm/abc",
      "/alerts/unsubscribe/abc",
      "/api/offers/events",
      "/api/search?q=x",
      "/images/abc-400.webp",
      "/healthz",
      "/sitemap.xml",
      "/offer/abc",
      "/no-such-page",
      "/admin.data",
      `/offers?keyword=${"x".repeat(3000)}`,
    ]) {
      expect(key(url), url).toBeNull();
    }
    for (const url of [
      "/",
      "/offers",
      "/offer/5",
      "/about",
      "/licenses",
      "/services",
      "/services/property-management",
      "/contact",
      "/list-your-property",
      "/favourites",
      "/compare",
      "/alerts",
    ]) {
      expect(key(url), url).not.toBeNull();
    }
  });
});

describe("requests answered for everyone, and the rest", () => {
  it("a cookie of ours or credentials make a request the visitor's own; another site's cookies do not", () => {
    const req = (headers: Record<string, string>) => ({ headers });
    expect(isPerVisitor(req({}))).toBe(false);
    expect(isPerVisitor(req({ cookie: "_ga=GA1.1.1; theme=dark" }))).toBe(false);
    expect(isPerVisitor(req({ cookie: "__Host-aqar-session=abc" }))).toBe(true);
    expect(isPerVisitor(req({ cookie: "_ga=1; __Host-aqar-toast=xyz" }))).toBe(true);
    expect(isPerVisitor(req({ cookie: "aqar-signin=t" }))).toBe(true);
    expect(isPerVisitor(req({ authorization: "Basic eDp5" }))).toBe(true);
  });

  it("negotiates brotli, then gzip, honouring q-values", () => {
    expect(negotiateEncoding("gzip, deflate, br")).toBe("br");
    expect(negotiateEncoding("gzip")).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip")).toBe("gzip");
    expect(negotiateEncoding("gzip;q=1, br;q=0.5")).toBe("gzip");
    expect(negotiateEncoding("identity")).toBe("identity");
    expect(negotiateEncoding(undefined)).toBe("identity");
    expect(negotiateEncoding("*")).toBe("br");
  });

  it("compares entity tags weakly", () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag("*", 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });

  it("hashes only inline JavaScript: not a src script, not JSON-LD; refuses a script it could misread", () => {
    const html = `<script nonce="">a()</script><script type="module" async="">import "/x.js";</script><script src="/y.js"></script><script type="application/ld+json">{"a":1}</script><SCRIPT id="_R_">b()</SCRIPT >`;
    expect(inlineScripts(html)).toEqual(["a()", 'import "/x.js";', "b()"]);
    expect(inlineScripts("<script>x('<!--')</script>")).toBeNull();
  });
});

function entry(key: string, size: number): PageEntry {
  return { key, headers: [], etag: 'W/"x"', scriptSources: null, br: Buffer.alloc(0), gzip: Buffer.alloc(0), size, expiresAt: Number.POSITIVE_INFINITY, storedAt: 0 };
}

describe("the store's bounds", () => {
  it("never holds more than its bytes or its entries, dropping the least recently used", () => {
    const store = new PageStore(10_000, 5);
    for (let i = 0; i < 50; i++) store.set(entry(`/offers?page=${i}`, 1_500));
    expect(store.bytes).toBeLessThanOrEqual(10_000);
    expect(store.size).toBeLessThanOrEqual(5);
    expect(store.get("/offers?page=49")).toBeDefined();
    expect(store.get("/offers?page=0")).toBeUndefined();
    // An entry larger than the whole cache is not kept.
    expect(store.set(entry("/big", 20_000))).toBe(false);
    expect(store.bytes).toBeLessThanOrEqual(10_000);
  });

  it("pages read again survive a flood of pages read once (endless query variants)", () => {
    const store = new PageStore(100_000, 1000);
    for (const page of ["/", "/offers", "/offer/1"]) {
      store.set(entry(page, 10_000));
      store.get(page); // read again: protected
    }
    for (let i = 0; i < 10_000; i++) store.set(entry(`/offers?keyword=${i}`, 5_000));
    for (const page of ["/", "/offers", "/offer/1"]) expect(store.get(page), page).toBeDefined();
    expect(store.bytes).toBeLessThanOrEqual(100_000);
  });
});

// ---- Through HTTP: a stand-in for server.ts (the nonce and its policy) and the app (a render that counts) ----

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  /** The body decoded from its Content-Encoding. */
  text: string;
}

function get(base: string, path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method, headers: { "accept-encoding": "br, gzip", ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = response.headers["content-encoding"];
        const decoded = raw.length === 0 ? raw : encoding === "br" ? zlib.brotliDecompressSync(raw) : encoding === "gzip" ? zlib.gunzipSync(raw) : raw;
        resolve({ status: response.statusCode!, headers: response.headers, raw, text: decoded.toString("utf8") });
      });
    });
    request.on("error", reject);
    request.end();
  });
}

const POLICY = (nonce: string) => `default-src 'self'; script-src 'self' 'nonce-${nonce}'; object-src 'none'`;
const scriptSourcesOf = (policy: string | string[] | undefined) => /script-src ([^;]*)/.exec(String(policy ?? ""))?.[1]?.split(" ") ?? [];
const hashOf = (script: string) => `'sha256-${crypto.createHash("sha256").update(script).digest("base64")}'`;

type Render = (req: express.Request, nonce: string) => Promise<globalThis.Response> | globalThis.Response;

function page(nonce: string, text: string): globalThis.Response {
  const attr = ` nonce="${nonce}"`;
  const html =
    `<!DOCTYPE html><html lang="ar" dir="rtl"><head><link rel="modulepreload" href="/assets/entry.js"${attr}/>` +
    `<script type="application/ld+json">{"@type":"RealEstateAgent"}</script></head>` +
    `<body><p>${text}</p><script${attr}>window.__context = {"text":${JSON.stringify(text)}};</script>` +
    `<script${attr} type="module" async="">import "/assets/entry.js";</script></body></html>`;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}

async function startApp(cache: PageCache, render: Render) {
  const app = express();
  app.use((_req, res, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", POLICY(nonce));
    next();
  });
  app.use(cache.serve);
  app.use((req, res, next) => {
    void (async () => {
      const response = await render(req, String(res.locals.cspNonce));
      if (await cache.answer(req, res, response)) return;
      res.status(response.status);
      for (const [name, value] of response.headers) res.append(name, value);
      res.end(Buffer.from(await response.arrayBuffer()));
    })().catch(next);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe("kept pages over HTTP", () => {
  let renders = 0;
  let shown = "العروض";
  let clock = Date.now();
  let nextChange = Number.POSITIVE_INFINITY;
  let listening = true;
  let hold: Promise<void> | null = null;
  let failing = false;
  let cache: PageCache;
  let app: Awaited<ReturnType<typeof startApp>>;

  const options: PageCacheOptions = {
    routes: routeLookup,
    maxBytes: 1024 * 1024,
    now: () => clock,
    nextChange: async () => nextChange,
    isListening: () => listening,
    sharedMaxAge: 10,
    staleWhileRevalidate: 60,
  };

  beforeAll(async () => {
    cache = createPageCache(options);
    app = await startApp(cache, async (req, nonce) => {
      renders++;
      const text = shown; // what the database held when the render read it
      if (hold) await hold;
      if (failing) return new Response("<p>خطأ</p>", { status: 500, headers: { "Content-Type": "text/html" } });
      if (req.path === "/offer/404") return new Response("not found", { status: 404, headers: { "Content-Type": "text/html" } });
      if (req.path === "/offer/1") return new Response(null, { status: 302, headers: { Location: "/offers" } });
      if (req.path === "/contact" && req.method === "POST") return page(nonce, "شكرًا");
      if (req.path === "/services") {
        const response = page(nonce, text);
        response.headers.set("Set-Cookie", "aqar-toast=; Max-Age=0");
        return response;
      }
      if (req.path === "/about") {
        const response = page(nonce, text);
        response.headers.set("Cache-Control", "no-store");
        return response;
      }
      return page(nonce, `${text} ${req.headers.cookie?.includes("aqar-session") ? "(مسجل الدخول)" : ""}`);
    });
  });
  afterAll(() => app.close());
  beforeEach(() => {
    cache.invalidate();
    renders = 0;
    shown = "العروض";
    clock = Date.now();
    nextChange = Number.POSITIVE_INFINITY;
    listening = true;
    hold = null;
    failing = false;
  });

  it("renders a page once, then serves the kept bytes to every anonymous visitor: no nonce in them, each answer's policy lists the hashes of exactly its inline scripts", async () => {
    const first = await get(app.base, "/offers?utm_source=x");
    const second = await get(app.base, "/offers");
    const third = await get(app.base, "/offers", { "accept-encoding": "gzip" });
    expect(renders).toBe(1);
    expect([first.headers["x-page-cache"], second.headers["x-page-cache"], third.headers["x-page-cache"]]).toEqual(["miss", "hit", "hit"]);
    expect([second.headers["content-encoding"], third.headers["content-encoding"]]).toEqual(["br", "gzip"]);
    expect(second.text).toBe(first.text);
    expect(third.text).toBe(first.text);
    expect(first.text).not.toContain("nonce");
    for (const answer of [first, second, third]) {
      const sources = scriptSourcesOf(answer.headers["content-security-policy"]);
      expect(sources.some((source) => source.startsWith("'nonce-"))).toBe(false);
      expect(sources).not.toContain("'unsafe-inline'");
      // Every inline script of the page is allowed by its hash, and nothing else is.
      const scripts = inlineScripts(answer.text)!;
      expect(scripts).toHaveLength(2);
      expect(sources.filter((source) => source.startsWith("'sha256-")).sort()).toEqual(scripts.map(hashOf).sort());
      expect(answer.headers["content-security-policy"]).toContain("object-src 'none'");
      expect(Number(answer.headers["content-length"])).toBe(answer.raw.length);
    }
  });

  it("stale if error: while rendering fails (the database stopped, no change notices), the last copy within a day stands in; never-rendered pages still fail", async () => {
    expect((await get(app.base, "/offers")).headers["x-page-cache"]).toBe("miss");
    shown = "عروض جديدة";
    cache.invalidate(); // a change: the kept copy is no longer current
    failing = true;
    listening = false;
    const during = await get(app.base, "/offers");
    expect(during.status).toBe(200);
    expect(during.headers["x-page-cache"]).toBe("stale");
    expect(during.headers["cache-control"]).toBe("public, no-cache");
    expect(during.text).toContain("العروض");
    expect((await get(app.base, "/contact")).status).toBe(500);
    // Older than a day: the error stands.
    clock += 25 * 60 * 60 * 1000;
    expect((await get(app.base, "/offers")).status).toBe(500);
    clock -= 25 * 60 * 60 * 1000;
    // The database is back: rendered afresh and kept again.
    failing = false;
    listening = true;
    const after = await get(app.base, "/offers");
    expect([after.status, after.headers["x-page-cache"]]).toEqual([200, "miss"]);
    expect(after.text).toContain("عروض جديدة");
    expect(cache.stats().staleServed).toBe(1);
  });

  it("answers outside the cache keep a nonce of their own, different each time, matching their policy", async () => {
    const signedIn = { cookie: "__Host-aqar-session=abc" };
    const answers = [await get(app.base, "/offers", signedIn), await get(app.base, "/offers", signedIn)];
    const nonces = answers.map((answer) => {
      const inBody = [...answer.text.matchAll(/ nonce="([^"]+)"/g)].map((match) => match[1]);
      expect(inBody.length).toBe(3);
      expect(new Set(inBody).size).toBe(1);
      expect(scriptSourcesOf(answer.headers["content-security-policy"])).toContain(`'nonce-${inBody[0]}'`);
      return inBody[0];
    });
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(renders).toBe(2);
  });

  it("a request with a session or toast cookie is neither served from the cache nor kept, and is private", async () => {
    const anonymous = await get(app.base, "/offers");
    const member = await get(app.base, "/offers", { cookie: "_ga=1; __Host-aqar-session=abc" });
    expect(member.headers["x-page-cache"]).toBeUndefined();
    expect(member.text).toContain("مسجل الدخول");
    expect(member.headers["cache-control"]).toBe("private, no-store");
    const toast = await get(app.base, "/offers", { cookie: "__Host-aqar-toast=eyJ0b25lIjoic3VjY2VzcyJ9" });
    expect(toast.headers["cache-control"]).toBe("private, no-store");
    expect(renders).toBe(3);
    // The signed-in page was not kept: the next visitor gets the anonymous one, from the cache.
    const next = await get(app.base, "/offers", { cookie: "_ga=GA1.1.5" });
    expect(next.headers["x-page-cache"]).toBe("hit");
    expect(next.text).toBe(anonymous.text);
    expect(renders).toBe(3);
  });

  it("keeps no answer that is not a plain 200 for everyone: 404, redirect, Set-Cookie, no-store, a post, a HEAD", async () => {
    for (const path of ["/offer/404", "/offer/1", "/services", "/about"]) {
      await get(app.base, path);
      const again = await get(app.base, path);
      expect(again.headers["x-page-cache"], path).toBeUndefined();
    }
    expect(renders).toBe(8);
    expect((await get(app.base, "/offer/404")).headers["cache-control"]).toBe("no-cache");
    expect((await get(app.base, "/about")).headers["cache-control"]).toBe("no-store");
    const post = await get(app.base, "/contact", {}, "POST");
    expect(post.headers["cache-control"]).toBe("private, no-store");
    expect((await get(app.base, "/contact")).headers["x-page-cache"]).toBe("miss");
    expect(cache.stats().entries).toBe(1);
    await get(app.base, "/licenses", {}, "HEAD");
    expect((await get(app.base, "/licenses")).headers["x-page-cache"]).toBe("miss");
    // A HEAD of a kept page is answered from it, without a body.
    const head = await get(app.base, "/licenses", {}, "HEAD");
    expect([head.status, head.headers["x-page-cache"], head.raw.length]).toEqual([200, "hit", 0]);
  });

  it("ETag and 304: a weak tag of the kept bytes, the same for every encoding and answer", async () => {
    const first = await get(app.base, "/offers");
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/"[\w-]{20,}"$/);
    expect((await get(app.base, "/offers", { "accept-encoding": "gzip" })).headers.etag).toBe(etag);
    const notModified = await get(app.base, "/offers", { "if-none-match": etag });
    expect(notModified.status).toBe(304);
    expect(notModified.raw.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers["cache-control"]).toMatch(/^public, max-age=0, s-maxage=\d+/);
    // A browser takes a 304's headers for its kept copy: its policy must be the copy's, with no nonce.
    expect(notModified.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
    expect((await get(app.base, "/offers", { "if-none-match": 'W/"other"' })).status).toBe(200);
    // A change gives a new tag.
    shown = "عروض جديدة";
    cache.invalidate();
    const changed = await get(app.base, "/offers", { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("Cache-Control lets a shared cache hold a page briefly (stale-while-revalidate for CDNs only), never past the next change it knows of", async () => {
    const policy = (answer: Answer) => [answer.headers["cache-control"], answer.headers["cdn-cache-control"]];
    const far = await get(app.base, "/offers");
    expect(policy(far)).toEqual(["public, max-age=0, s-maxage=10", "max-age=10, stale-while-revalidate=60"]);
    expect(far.headers.vary).toBe("Accept-Encoding");
    cache.invalidate();
    nextChange = clock + 30_000;
    expect(policy(await get(app.base, "/offers"))).toEqual(["public, max-age=0, s-maxage=10", "max-age=10, stale-while-revalidate=20"]);
    cache.invalidate();
    nextChange = clock + 4_000;
    expect(policy(await get(app.base, "/offers"))).toEqual(["public, max-age=0, s-maxage=4", "max-age=4"]);
    cache.invalidate();
    nextChange = clock + 900;
    expect(policy(await get(app.base, "/offers"))).toEqual(["public, no-cache", undefined]);
  });

  it("serves nothing kept past the next change (an ad licence's end, midnight), and nothing while the changes are not heard", async () => {
    nextChange = clock + 60_000;
    await get(app.base, "/offers");
    clock += 59_000;
    expect((await get(app.base, "/offers")).headers["x-page-cache"]).toBe("hit");
    clock += 1_000;
    nextChange = clock + 3_600_000;
    expect((await get(app.base, "/offers")).headers["x-page-cache"]).toBe("miss");
    expect(renders).toBe(2);
    // The database's clock has not reached the end yet: nothing is kept until it has.
    clock = nextChange;
    const lagging = await get(app.base, "/offers");
    expect(lagging.headers["x-page-cache"]).toBeUndefined();
    expect((await get(app.base, "/offers")).headers["x-page-cache"]).toBeUndefined();
    nextChange = Number.POSITIVE_INFINITY;
    cache.invalidate();
    await get(app.base, "/offers");
    listening = false;
    expect((await get(app.base, "/offers")).headers["x-page-cache"]).toBeUndefined();
    listening = true;
    expect((await get(app.base, "/offers")).headers["x-page-cache"]).toBe("hit");
  });

  it("a page is kept at most maxAgeMs", async () => {
    await get(app.base, "/offers");
    clock += 5 * 60_000;
    expect((await get(app.base, "/offers")).headers["x-page-cache"]).toBe("miss");
  });

  it("a page whose rendering began before an invalidation is sent but not kept", async () => {
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    const during = get(app.base, "/offers");
    await vi_until(() => renders === 1);
    shown = "بعد التغيير";
    cache.invalidate();
    release();
    hold = null;
    expect((await during).text).toContain("العروض");
    const after = await get(app.base, "/offers");
    expect(after.headers["x-page-cache"]).toBe("miss");
    expect(after.text).toContain("بعد التغيير");
  });

  it("many requests for a page nobody has kept yet render it once", async () => {
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    const answers = Array.from({ length: 12 }, () => get(app.base, "/offers?page=2"));
    await vi_until(() => renders === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const all = await Promise.all(answers);
    expect(renders).toBe(1);
    expect(new Set(all.map((answer) => answer.text)).size).toBe(1);
    expect(all.map((answer) => answer.status)).toEqual(Array(12).fill(200));
  });

  it("React Router's data of a page is kept apart from its HTML", async () => {
    const data = await get(app.base, "/offers.data?_routes=routes%2Fsite%2Foffers");
    expect(data.headers["x-page-cache"]).toBe("miss");
    expect((await get(app.base, "/offers.data?_routes=routes%2Fsite%2Foffers")).headers["x-page-cache"]).toBe("hit");
    expect((await get(app.base, "/offers")).headers["x-page-cache"]).toBe("miss");
  });
});

async function vi_until(check: () => boolean) {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  if (!check()) throw new Error("timed out");
}

// ---- Invalidation heard from the database: another connection's writes, as another instance's or a script's ----

describe("invalidation through PostgreSQL", () => {
  const db = useTestDatabase();
  const templateUrl = inject("databaseUrl");
  let hub: ListeningEventHub;
  let other: pg.Client;
  let cache: PageCache;
  let stop: () => void;

  beforeAll(async () => {
    const pool = (db() as unknown as { $client: pg.Pool }).$client;
    hub = createEventHub(pool);
    cache = createPageCache({ routes: routeLookup, maxBytes: 1024 * 1024, isListening: hub.isListening, nextChange: () => nextPublicPageChange(db()) });
    stop = startPageCacheSync(hub, cache);
    await hub.ready();
    // The same database as the hub's, through a connection of its own.
    const { rows } = await pool.query<{ name: string }>("select current_database() as name");
    other = new pg.Client(templateUrl.replace(/\/[^/]+$/, `/${rows[0]!.name}`));
    await other.connect();
  });
  afterAll(async () => {
    stop();
    await other.end();
    await hub.close();
  });

  const invalidations = () => cache.stats().invalidations;
  const heard = async (before: number, what = "") => {
    await vi_until(() => invalidations() > before).catch(() => {
      throw new Error(`not heard: ${what}`);
    });
  };

  it("any write to what public pages read, committed by another connection, drops the kept pages; a rolled back one does not", async () => {
    expect(hub.isListening()).toBe(true);
    const writes = [
      "update settings set company_phone = '0112345678' where id = 1",
      "insert into site_content (key, value) values ('about_title', 'من نحن') on conflict (key) do update set value = excluded.value",
      "insert into cities (name) values ('مدينة اختبار')",
      "update property_types set position = position",
      "insert into licences (alt, external_url, position) values ('ترخيص', 'https://example.sa/l.png', 1)",
      `insert into offers (title, description, price, property_type, status, city, location, area, details)
       values ('فيلا', 'وصف', 1000000, 'فيلا', 'للبيع', 'الرياض', 'الملقا', 300, '{}'::jsonb)`,
      "update offers set price = price + 1",
      "insert into offer_images (offer_id, image_id, position) select id, '0123456789abcdef0123456789abcdef', 0 from offers limit 1",
      "update images set colour = '#000000'",
      "delete from offers",
    ];
    // A new image is on no page yet (see below): only the offer that shows it is a change.
    await other.query("insert into images (id, width, height, variants) values ('0123456789abcdef0123456789abcdef', 800, 600, '{400,800}')");
    for (const write of writes) {
      const before = invalidations();
      await other.query(write);
      await heard(before, write);
    }
    // The app's own announcements too (an offer saved through another instance).
    let before = invalidations();
    await db().transaction((tx) => publishOfferChange(tx, { id: 1, kind: "updated" }));
    await heard(before);
    before = invalidations();
    await db().transaction((tx) => announceCacheChange(tx, "content"));
    await heard(before);
    // Rolled back: nothing heard (notifications come in commit order, so the next one is heard after it would have been).
    before = invalidations();
    await other.query("begin");
    await other.query("update settings set company_phone = '0550000000' where id = 1");
    await other.query("rollback");
    await other.query("select pg_notify('cache_changed', 'pages')");
    await heard(before);
    expect(invalidations()).toBe(before + 1);
  });

  it("a new image nobody shows yet changes no page", async () => {
    const before = invalidations();
    await other.query("insert into images (id, width, height, variants) values ('fedcba9876543210fedcba9876543210', 800, 600, '{400}')");
    await other.query("select pg_notify('cache_changed', 'pages')");
    await heard(before);
    expect(invalidations()).toBe(before + 1);
  });

  it("the next change without a write: the nearest ad licence end, Riyadh's midnight or the server's", async () => {
    const localMidnight = (at: Date) => new Date(at.getFullYear(), at.getMonth(), at.getDate() + 1).getTime();
    const riyadhMidnight = (at: Date) => (Math.floor((at.getTime() + 3 * 3_600_000) / 86_400_000) + 1) * 86_400_000 - 3 * 3_600_000;
    await other.query("delete from offers");
    const noon = new Date("2026-03-10T12:00:00Z"); // 15:00 in Riyadh
    expect(riyadhMidnight(noon)).toBe(Date.parse("2026-03-10T21:00:00Z"));
    expect(await nextPublicPageChange(db(), noon)).toBe(Math.min(riyadhMidnight(noon), localMidnight(noon)));
    const { rows } = await other.query<{ at: Date }>(
      `insert into offers (title, description, price, property_type, status, city, location, area, details, ad_licence_number, ad_licence_ends_at)
       values ('شقة', 'وصف', 50000, 'شقة', 'للإيجار', 'جدة', 'الروضة', 120, '{}'::jsonb, '7200000001', now() + interval '90 minutes') returning ad_licence_ends_at as at`,
    );
    const now = new Date();
    expect(await nextPublicPageChange(db(), now)).toBe(Math.min(rows[0]!.at.getTime(), riyadhMidnight(now), localMidnight(now)));
    // An ended licence is no longer ahead.
    await other.query("update offers set ad_licence_ends_at = now() - interval '1 minute'");
    expect(await nextPublicPageChange(db(), now)).toBe(Math.min(riyadhMidnight(now), localMidnight(now)));
    await other.query("delete from offers");
  });
});

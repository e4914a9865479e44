import crypto from "node:crypto";
import type { APIResponse } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

// The public page cache (decision 020) in the production build: what anonymous visitors get, what a
// signed-in member gets, and what a browser makes of a page served from it.

const scriptSources = (response: APIResponse) => /script-src ([^;]*)/.exec(response.headers()["content-security-policy"] ?? "")?.[1]?.split(" ") ?? [];

/** The inline JavaScript of a page (no src, not JSON-LD), as the browser runs it. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\ssrc=/.test(attributes!) && !/type="application\/ld\+json"/.test(attributes!))
    .map(([, , body]) => body!);
}
const hash = (script: string) => `'sha256-${crypto.createHash("sha256").update(script).digest("base64")}'`;

test("anonymous visitors get a public page from the cache: no nonce in it, each answer's policy lists the hashes of exactly its inline scripts", async ({
  playwright,
  baseURL,
}) => {
  const request = await playwright.request.newContext({ baseURL });
  for (const path of ["/licenses", "/offers?utm_source=news", "/services"]) {
    // Two answers in a row from the cache (the specs running alongside change content and offers, so
    // it may take another try).
    let [first, second] = [await request.get(path), await request.get(path)];
    await expect(async () => {
      [first, second] = [await request.get(path), await request.get(path)];
      expect([first.headers()["x-page-cache"], second.headers()["x-page-cache"]], path).toEqual(["hit", "hit"]);
      expect(await second.text()).toBe(await first.text());
    }).toPass({ timeout: 10_000 });
    const html = await first.text();
    expect(await second.text()).toBe(html);
    expect(html, path).not.toContain("nonce=");
    for (const answer of [first, second]) {
      const sources = scriptSources(answer);
      expect(
        sources.filter((source) => source.startsWith("'nonce-") || source === "'unsafe-inline'"),
        path,
      ).toEqual([]);
      expect(sources.filter((source) => source.startsWith("'sha256-")).sort(), path).toEqual([...new Set(inlineScripts(html).map(hash))].sort());
    }
    expect(first.headers()["cache-control"], path).toMatch(/^public, max-age=0, s-maxage=\d+$/);
    expect(first.headers()["cdn-cache-control"], path).toMatch(/^max-age=\d+/);
    expect(first.headers().etag, path).toMatch(/^W\/"/);
  }
  await request.dispose();
});

test("a revalidation with the page's ETag is a 304 carrying the same policy; a changed ETag gets the page", async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  await expect(async () => {
    const page = await request.get("/about");
    const etag = page.headers().etag!;
    const notModified = await request.get("/about", { headers: { "If-None-Match": etag } });
    expect(notModified.status()).toBe(304);
    expect(notModified.headers().etag).toBe(etag);
    expect(await notModified.body()).toHaveLength(0);
    // A browser takes the 304's headers for the copy it keeps: a fresh nonce there would block its scripts.
    expect(notModified.headers()["content-security-policy"]).toBe(page.headers()["content-security-policy"]);
  }).toPass({ timeout: 10_000 });
  expect((await request.get("/about", { headers: { "If-None-Match": 'W/"stale"' } })).status()).toBe(200);
  await request.dispose();
});

test("a signed-in member is never served from the cache: private, no-store, and a nonce of each answer's own that matches its policy", async ({ playwright, baseURL, session }) => {
  const { cookie } = await session("staff");
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Cookie: cookie } });
  const nonces: string[] = [];
  for (let i = 0; i < 2; i++) {
    const answer = await request.get("/offers");
    expect(answer.headers()["x-page-cache"]).toBeUndefined();
    expect(answer.headers()["cache-control"]).toBe("private, no-store");
    const inPage = new Set([...(await answer.text()).matchAll(/ nonce="([^"]+)"/g)].map((match) => match[1]!));
    expect(inPage.size).toBe(1);
    const [nonce] = [...inPage];
    expect(scriptSources(answer)).toContain(`'nonce-${nonce}'`);
    nonces.push(nonce!);
  }
  expect(nonces[0]).not.toBe(nonces[1]);
  // Their post on a public page is private too.
  const post = await request.post("/contact", { form: { name: "" }, headers: { Origin: baseURL! } });
  expect(post.headers()["cache-control"]).toBe("private, no-store");
  await request.dispose();
});

test("every other kind of answer keeps out of shared caches", async ({ playwright, baseURL, session }) => {
  const anonymous = await playwright.request.newContext({ baseURL, maxRedirects: 0 });
  for (const path of ["/login", "/reset-password", "/healthz", "/api/search?q=فيلا", "/api/altcha", "/alerts/confirm/not-a-token", "/alerts/unsubscribe/not-a-token"]) {
    const answer = await anonymous.get(path);
    expect(answer.headers()["x-page-cache"], path).toBeUndefined();
    expect(answer.headers()["cache-control"], path).toContain("no-store");
  }
  const missing = await anonymous.get("/offer/999999999");
  expect(missing.status()).toBe(404);
  expect(missing.headers()["cache-control"]).toBe("no-cache");
  const { cookie } = await session("manager");
  const staff = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Cookie: cookie }, maxRedirects: 0 });
  for (const path of ["/admin", "/admin/offers", "/admin/settings"]) {
    const answer = await staff.get(path);
    expect(answer.status(), path).toBe(200);
    expect(answer.headers()["cache-control"], path).toBe("no-store");
  }
  await anonymous.dispose();
  await staff.dispose();
});

test("a browser runs the cached pages' scripts (no policy violation, the page hydrates) and they work: the grid and cards switch, another page", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const hydrated = () => page.waitForFunction(() => Object.keys((window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules ?? {}).length > 0);
  for (let visit = 0; visit < 2; visit++) {
    await page.goto("/offers");
    // The page's scripts ran (its inline ones allowed by their hashes): React Router has its route modules.
    await hydrated();
    await page.getByRole("group", { name: "طريقة العرض" }).getByRole("link", { name: "بطاقات" }).click();
    await expect(page).toHaveURL(/view=swipe/);
    await page.getByRole("group", { name: "طريقة العرض" }).getByRole("link", { name: "شبكة" }).click();
    await expect(page).toHaveURL(/\/offers$/);
  }
  await page.goto("/");
  await page.reload(); // revalidated: 304, the kept copy with the 304's policy
  await hydrated();
  await page.getByRole("link", { name: "تصفح العروض" }).click();
  await expect(page).toHaveURL(/\/offers$/);
  await expect(page.getByTestId("offers-grid")).toBeVisible();
  expect(violations).toEqual([]);
});

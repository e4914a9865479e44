// Issue 30: while the database cannot be reached, a failed page is a styled Arabic 503 page with
// Retry-After that needs nothing of the database; a failure while the database answers stays as it is.
import type http from "node:http";
import type net from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { outageAnswer } from "../../server/outage.ts";
import { MESSAGES } from "../../app/utils/messages.ts";

let server: http.Server | undefined;
afterEach(async () => {
  const closing = server;
  server = undefined;
  if (closing) await new Promise((resolve) => closing.close(resolve));
});

/** An app whose every answer is `status`, passed through the outage step with the database up or down. */
async function start(status: number, databaseUp: boolean): Promise<string> {
  const app = express();
  const outage = outageAnswer(() => Promise.resolve(databaseUp));
  app.use(async (req, res) => {
    const response = new Response("<p>render error</p>", { status, headers: { "Content-Type": "text/html" } });
    if (await outage(req, res, response)) return;
    res
      .status(response.status)
      .type("text/html")
      .send(await response.text());
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}

describe("the outage answer", () => {
  it("a page that failed while the database is down: 503, Retry-After, a titled Arabic page right to left, not cached", async () => {
    const base = await start(500, false);
    const page = await fetch(`${base}/admin/offers`, { headers: { Accept: "text/html,application/xhtml+xml" } });
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("10");
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toContain("<style>");
    expect(html).not.toMatch(/<script|<link/);
    // A script's request (React Router's data, a form sent with JavaScript): the same status, in words.
    const data = await fetch(`${base}/admin/offers.data`, { method: "POST" });
    expect([data.status, data.headers.get("retry-after"), data.headers.get("content-type")]).toEqual([503, "10", "text/plain; charset=utf-8"]);
    expect(await data.text()).toBe(MESSAGES.serverUnreachable);
    // A form's upload asking for JSON (the owner submission): the form's reply, which keeps what was typed.
    const upload = await fetch(`${base}/api/submissions`, { method: "POST", headers: { Accept: "application/json" } });
    expect([upload.status, upload.headers.get("retry-after")]).toEqual([503, "10"]);
    expect(await upload.json()).toEqual({ status: "error", error: { "": [MESSAGES.serverUnreachable] } });
  });

  it("a form sent without JavaScript: the styled page says to go back, where the browser kept what was typed, and offers no link that would load the form empty", async () => {
    const base = await start(500, false);
    const page = await fetch(`${base}/contact`, {
      method: "POST",
      headers: { Accept: "text/html,application/xhtml+xml", "Content-Type": "application/x-www-form-urlencoded" },
      body: "message=x",
    });
    expect([page.status, page.headers.get("retry-after")]).toEqual([503, "10"]);
    const html = await page.text();
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(html).toContain("زر الرجوع في المتصفح");
    expect(html).not.toMatch(/<a |<script/);
  });

  it("leaves alone a failure while the database answers, and any answer that is not a failure", async () => {
    expect((await fetch(await start(500, true), { headers: { Accept: "text/html" } })).status).toBe(500);
    await new Promise((resolve) => server!.close(resolve));
    server = undefined;
    expect((await fetch(await start(404, false), { headers: { Accept: "text/html" } })).status).toBe(404);
  });
});

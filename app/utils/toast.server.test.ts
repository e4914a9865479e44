import { describe, expect, it } from "vitest";
import { readToast, redirectWithToast as redirectOrReply, toastInPlace } from "./toast.server.ts";

const SECRET = "the-firm-s-own-cookie-secret-32+chars";
const production = { NODE_ENV: "production" as const, PUBLIC_URL: "https://aqar.example", COOKIE_SECRETS: [SECRET] };
const local = { NODE_ENV: "development" as const, PUBLIC_URL: "http://localhost:3000", COOKIE_SECRETS: [SECRET] };

/** Outside a script's post (no toastInPlace around it) the answer is always the redirect. */
async function redirectWithToast(...args: Parameters<typeof redirectOrReply>): Promise<Response> {
  const answer = await redirectOrReply(...args);
  if (!(answer instanceof Response)) throw new Error("expected a redirect");
  return answer;
}

/** Runs `action` as React Router would under the back office's middleware, for a post to `url`. */
async function underMiddleware(url: string, action: () => unknown, method = "POST") {
  let answer: unknown;
  await toastInPlace({ request: new Request(url, { method }), params: {}, context: {} as never, pattern: "", url: new URL(url) }, async () => {
    answer = await action();
    return new Response(null);
  });
  return answer;
}

/** The request a browser sends next, carrying the cookies a response set. */
function nextRequest(response: Response) {
  const cookie = response.headers.get("set-cookie")!.split(";")[0]!;
  return new Request("https://aqar.example/admin/offers", { headers: { cookie } });
}

describe("one-time toast", () => {
  it("carries a message across a redirect, and the next page forgets it", async () => {
    const response = await redirectWithToast("/admin/offers", { tone: "success", text: "تم حفظ العرض" }, production);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/offers");
    const setCookie = response.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^__Host-aqar-toast=/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("Secure");

    const { toast, headers } = await readToast(nextRequest(response), production);
    expect(toast).toEqual({ tone: "success", text: "تم حفظ العرض" });
    expect(headers.get("set-cookie")).toMatch(/^__Host-aqar-toast=;.*Max-Age=0/);
  });

  it("shows nothing and sets nothing when there is no toast", async () => {
    const { toast, headers } = await readToast(new Request("http://localhost:3000/admin"), local);
    expect(toast).toBeNull();
    expect(headers.get("set-cookie")).toBeNull();
  });

  it("ignores and forgets a cookie it did not write: unsigned, signed with another secret, or tampered with", async () => {
    const written = (await redirectWithToast("/admin", { tone: "success", text: "تم الحفظ" }, local)).headers.get("set-cookie")!.split(";")[0]!.slice("aqar-toast=".length);
    const [payload, signature] = decodeURIComponent(written).split(".");
    const forged = btoa(unescape(encodeURIComponent(JSON.stringify({ tone: "error", text: "اتصل بنا على رقم آخر" }))));
    const otherSecret = (await redirectWithToast("/admin", { tone: "success", text: "تم الحفظ" }, { ...local, COOKIE_SECRETS: ["another-instance-s-secret-32-chars!"] })).headers
      .get("set-cookie")!
      .split(";")[0]!
      .slice("aqar-toast=".length);
    // The one written here is read (so what follows is refused for its signature, not its shape).
    expect((await readToast(new Request("http://localhost:3000/admin", { headers: { cookie: `aqar-toast=${written}` } }), local)).toast).toEqual({
      tone: "success",
      text: "تم الحفظ",
    });
    for (const value of [
      "not-base64-json",
      Buffer.from(JSON.stringify({ tone: "success", text: "x" })).toString("base64url"), // the old unsigned format
      forged, // a well-formed toast without a signature
      encodeURIComponent(`${forged}.${signature}`), // another text under a real signature
      encodeURIComponent(`${payload}.${signature!.slice(0, -2)}xx`), // a damaged signature
      otherSecret, // signed with a secret this instance does not have
    ]) {
      const { toast, headers } = await readToast(new Request("http://localhost:3000/admin", { headers: { cookie: `aqar-toast=${value}` } }), local);
      expect(toast).toBeNull();
      expect(headers.get("set-cookie")).toMatch(/^aqar-toast=;.*Max-Age=0/);
    }
  });

  it("reads a toast signed with an older secret still listed (a rotation), and signs with the first", async () => {
    const old = await redirectWithToast("/admin", { tone: "success", text: "تم الحفظ" }, local);
    const rotated = { ...local, COOKIE_SECRETS: ["the-new-secret-of-the-firm-32chars+", SECRET] };
    expect((await readToast(nextRequest(old), rotated)).toast).toEqual({ tone: "success", text: "تم الحفظ" });
    const fresh = await redirectWithToast("/admin", { tone: "success", text: "تم الحفظ" }, rotated);
    expect((await readToast(nextRequest(fresh), local)).toast).toBeNull();
  });

  it("cuts a long message", async () => {
    const response = await redirectWithToast("/admin", { tone: "error", text: "ن".repeat(5000) }, local);
    expect((await readToast(nextRequest(response), local)).toast?.text).toHaveLength(300);
  });

  it("answers a script's post with the toast for the page it was made on, and keeps the redirect elsewhere (decision 030)", async () => {
    const toast = { tone: "success", text: "تم تحديث حالة المهمة" } as const;
    // The page's script posts to /admin/tasks.data: the confirmation is the action's data.
    const inPlace = (await underMiddleware("https://aqar.example/admin/tasks.data?q=x", () => redirectOrReply("/admin/tasks?q=x", toast, production))) as {
      data: unknown;
      init: ResponseInit | null;
    };
    expect(inPlace).not.toBeInstanceOf(Response);
    expect(inPlace.data).toEqual({ status: "success", toast });
    // The cookie goes too: the reload after the save reads it when the page saw the reply only then.
    expect(new Headers(inPlace.init?.headers).get("set-cookie")).toMatch(/^__Host-aqar-toast=/);
    // The index page's data address (/_.data) is the page "/".
    expect(await underMiddleware("https://aqar.example/_.data", () => redirectOrReply("/", toast, production))).not.toBeInstanceOf(Response);
    // Another page (a save that leads to a list), a post without JavaScript, a GET: the redirect with its cookie.
    for (const [url, method] of [
      ["https://aqar.example/admin/offers/edit/5.data", "POST"],
      ["https://aqar.example/admin/tasks", "POST"],
      ["https://aqar.example/admin/tasks.data", "GET"],
    ] as const) {
      const target = url.includes("offers") ? "/admin/offers" : "/admin/tasks";
      const answer = await underMiddleware(url, () => redirectOrReply(target, toast, production), method);
      expect(answer, url).toBeInstanceOf(Response);
      expect((answer as Response).status).toBe(302);
      expect((answer as Response).headers.get("set-cookie")).toMatch(/^__Host-aqar-toast=/);
    }
  });
});

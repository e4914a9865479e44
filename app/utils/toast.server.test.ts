import { describe, expect, it } from "vitest";
import { readToast, redirectWithToast } from "./toast.server.ts";

const production = { NODE_ENV: "production", PUBLIC_URL: "https://aqar.example" } as const;
const local = { NODE_ENV: "development", PUBLIC_URL: "http://localhost:3000" } as const;

/** The request a browser sends next, carrying the cookies a response set. */
function nextRequest(response: Response) {
  const cookie = response.headers.get("set-cookie")!.split(";")[0]!;
  return new Request("https://aqar.example/admin/offers", { headers: { cookie } });
}

describe("one-time toast", () => {
  it("carries a message across a redirect, and the next page forgets it", () => {
    const response = redirectWithToast("/admin/offers", { tone: "success", text: "تم حفظ العرض" }, production);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/offers");
    const setCookie = response.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^__Host-aqar-toast=/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("Secure");

    const { toast, headers } = readToast(nextRequest(response), production);
    expect(toast).toEqual({ tone: "success", text: "تم حفظ العرض" });
    expect(headers.get("set-cookie")).toMatch(/^__Host-aqar-toast=;.*Max-Age=0/);
  });

  it("shows nothing and sets nothing when there is no toast", () => {
    const { toast, headers } = readToast(new Request("http://localhost:3000/admin"), local);
    expect(toast).toBeNull();
    expect(headers.get("set-cookie")).toBeNull();
  });

  it("ignores and forgets a cookie it did not write", () => {
    for (const value of ["not-base64-json", Buffer.from(JSON.stringify({ tone: "evil", text: "x" })).toString("base64url"), Buffer.from("[]").toString("base64url")]) {
      const { toast, headers } = readToast(new Request("http://localhost:3000/admin", { headers: { cookie: `aqar-toast=${value}` } }), local);
      expect(toast).toBeNull();
      expect(headers.get("set-cookie")).toMatch(/^aqar-toast=;.*Max-Age=0/);
    }
  });

  it("cuts a long message", () => {
    const response = redirectWithToast("/admin", { tone: "error", text: "ن".repeat(5000) }, local);
    expect(readToast(nextRequest(response), local).toast?.text).toHaveLength(300);
  });
});

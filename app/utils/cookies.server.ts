import { createCookie, type Cookie } from "react-router";
import type { Env } from "~/utils/env.server.ts";

/**
 * Cookie names and attributes of the back office (session, sign-in flow, the one-time toast): HttpOnly, SameSite=Lax, Path=/, and Secure
 * with the __Host- prefix in production or on https (the prefix requires Secure).
 */
export function cookieSettings(env: Pick<Env, "NODE_ENV" | "PUBLIC_URL">) {
  const secure = env.NODE_ENV === "production" || env.PUBLIC_URL.startsWith("https://");
  const prefix = secure ? "__Host-" : "";
  return {
    session: `${prefix}aqar-session`,
    signIn: `${prefix}aqar-signin`,
    toast: `${prefix}aqar-toast`,
    serialize(name: string, value: string, maxAgeSeconds: number) {
      return [`${name}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax", secure ? "Secure" : null, `Max-Age=${maxAgeSeconds}`].filter(Boolean).join("; ");
    },
    clear(name: string) {
      return [`${name}=`, "Path=/", "HttpOnly", "SameSite=Lax", secure ? "Secure" : null, "Max-Age=0"].filter(Boolean).join("; ");
    },
  };
}

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

const signedCookies = new Map<string, Cookie>();

/**
 * The one-time toast's cookie, through React Router's `createCookie`, signed with COOKIE_SECRET
 * (decision 041): its text is shown as the firm's own words, so a value the server did not write
 * (a bad or missing signature) parses as null and is ignored. Same attributes as the others.
 */
export function toastCookie(env: Pick<Env, "NODE_ENV" | "PUBLIC_URL" | "COOKIE_SECRETS">): Cookie {
  const secure = env.NODE_ENV === "production" || env.PUBLIC_URL.startsWith("https://");
  const key = `${String(secure)}\n${env.COOKIE_SECRETS.join("\n")}`;
  let cookie = signedCookies.get(key);
  if (!cookie) {
    cookie = createCookie(cookieSettings(env).toast, { secrets: env.COOKIE_SECRETS, httpOnly: true, sameSite: "lax", path: "/", secure });
    signedCookies.set(key, cookie);
  }
  return cookie;
}

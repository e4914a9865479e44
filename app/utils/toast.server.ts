import { redirect } from "react-router";
import { cookieSettings, readCookie } from "./cookies.server.ts";
import type { Env } from "./env.server.ts";
import type { Toast } from "./toast.ts";

const TOAST_MAX_AGE_SECONDS = 60;
const TOAST_MAX_TEXT = 300;

type CookieEnv = Pick<Env, "NODE_ENV" | "PUBLIC_URL">;

/** A redirect that carries a one-time message for the page it leads to (post → redirect → get). */
export function redirectWithToast(url: string, toast: Toast, env: CookieEnv, init?: ResponseInit) {
  const cookies = cookieSettings(env);
  const value = Buffer.from(JSON.stringify({ tone: toast.tone, text: toast.text.slice(0, TOAST_MAX_TEXT) })).toString("base64url");
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", cookies.serialize(cookies.toast, value, TOAST_MAX_AGE_SECONDS));
  return redirect(url, { ...init, headers });
}

/**
 * The message a redirect left for this page, if any, and the header that forgets it, so a reload
 * does not show it again. Anything that is not a well-formed toast is ignored (and forgotten).
 */
export function readToast(request: Request, env: CookieEnv): { toast: Toast | null; headers: Headers } {
  const cookies = cookieSettings(env);
  const headers = new Headers();
  const raw = readCookie(request, cookies.toast);
  if (raw === undefined) return { toast: null, headers };
  headers.append("Set-Cookie", cookies.clear(cookies.toast));
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (parsed && typeof parsed === "object" && "tone" in parsed && "text" in parsed) {
      const { tone, text } = parsed;
      if ((tone === "success" || tone === "error") && typeof text === "string" && text) return { toast: { tone, text: text.slice(0, TOAST_MAX_TEXT) }, headers };
    }
  } catch {
    // a cookie we did not write: forget it
  }
  return { toast: null, headers };
}

import { AsyncLocalStorage } from "node:async_hooks";
import { data, redirect, type MiddlewareFunction } from "react-router";
import { toastCookie } from "./cookies.server.ts";
import type { Env } from "./env.server.ts";
import type { FormReply } from "./form-submission.ts";
import type { Toast } from "./toast.ts";

const TOAST_MAX_AGE_SECONDS = 60;
const TOAST_MAX_TEXT = 300;

type CookieEnv = Pick<Env, "NODE_ENV" | "PUBLIC_URL" | "COOKIE_SECRETS">;

/** The page a post sent by the page's script (React Router's `.data` request) was made on, while its action runs. */
const scriptedPost = new AsyncLocalStorage<string>();

/**
 * Middleware of the back office (decision 030): while the action of a post sent by the page's
 * script runs, `redirectWithToast` to that same page answers with the toast in the action's data
 * instead of a redirect, so the page shows its confirmation as the answer arrives (the layout
 * reads it from the fetcher) and reloads its data in the background, instead of waiting for the
 * redirect's second round trip and the cookie. A post without JavaScript keeps the redirect.
 */
export const toastInPlace: MiddlewareFunction<Response> = ({ request }, next) => {
  const { pathname } = new URL(request.url);
  if (request.method !== "POST" || !pathname.endsWith(".data")) return next();
  return scriptedPost.run(pathname.replace(/(\/_)?\.data$/, "") || "/", next);
};

/** What an action answers instead of the redirect, for the page its script posted from (see toastInPlace): a form's success, with its toast. */
export type ToastReply = FormReply & { status: "success"; toast: Toast };

/**
 * A redirect that carries a one-time message for the page it leads to (post → redirect → get);
 * to the page a script posted from, the message in the action's data (toastInPlace).
 */
export async function redirectWithToast(url: string, toast: Toast, env: CookieEnv, init?: ResponseInit) {
  const { cut, headers } = await setToast(toast, env, init);
  const postedFrom = scriptedPost.getStore();
  // The page shows the reply's toast as it arrives; the cookie too is read by the reload that
  // follows, for a reply the page saw only once its reload was done (useLatestToast shows it once).
  if (postedFrom !== undefined && new URL(url, "http://page").pathname === postedFrom) return data<ToastReply>({ status: "success", toast: cut }, { headers });
  return redirect(url, { ...init, headers });
}

/** Always a redirect with its toast (a guard's refusal, thrown: never answered in place). */
export async function toastRedirect(url: string, toast: Toast, env: CookieEnv, init?: ResponseInit): Promise<Response> {
  return redirect(url, { ...init, headers: (await setToast(toast, env, init)).headers });
}

async function setToast(toast: Toast, env: CookieEnv, init?: ResponseInit) {
  const cut: Toast = { tone: toast.tone, text: toast.text.slice(0, TOAST_MAX_TEXT) };
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastCookie(env).serialize(cut, { maxAge: TOAST_MAX_AGE_SECONDS }));
  return { cut, headers };
}

/**
 * The message a redirect left for this page, if any, and the header that forgets it, so a reload
 * does not show it again. A cookie without our signature, or not a well-formed toast, is ignored
 * (and forgotten).
 */
export async function readToast(request: Request, env: CookieEnv): Promise<{ toast: Toast | null; headers: Headers }> {
  const cookie = toastCookie(env);
  const headers = new Headers();
  const header = request.headers.get("cookie");
  // parse answers null both without the cookie and with a bad signature: only the first sets nothing.
  if (!header || !new RegExp(`(^|;\\s*)${cookie.name}=`).test(header)) return { toast: null, headers };
  headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  const parsed: unknown = await cookie.parse(header);
  if (parsed && typeof parsed === "object" && "tone" in parsed && "text" in parsed) {
    const { tone, text } = parsed;
    if ((tone === "success" || tone === "error") && typeof text === "string" && text) return { toast: { tone, text: text.slice(0, TOAST_MAX_TEXT) }, headers };
  }
  return { toast: null, headers };
}

import { isRouteErrorResponse, Links, Meta, Outlet, ScrollRestoration, useLocation } from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/root";
import fontUrl from "@fontsource/cairo/files/cairo-arabic-400-normal.woff2?url";
import boldFontUrl from "@fontsource/cairo/files/cairo-arabic-700-normal.woff2?url";
import { useNonce } from "~/utils/nonce.tsx";
import stylesheetUrl from "~/app.css?url";
import { MESSAGES } from "~/utils/messages.ts";
import { isServerUnreachable } from "~/utils/server-unreachable.ts";
import { PreviewNotice } from "~/components/layout/preview-notice.tsx";
import { DeferredScripts, EarlyInput } from "~/framework/deferred-scripts.tsx";
import { IconSprite } from "~/components/ui/icons.tsx";

/**
 * What keeps a form (and the page) when the server cannot answer (issue 30, decision 038). Loaded
 * when the person first focuses anything, or at the first request, not with the page: the public
 * pages' first load stays within its budget (decision 004). Should it not load, requests go on as
 * before.
 */
const loadKeepForm = () => import("~/components/forms/keep-form-when-unreachable.ts");
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async (args, next) => {
    const keepForm = await loadKeepForm().catch(() => null);
    return keepForm ? keepForm.keepFormWhenUnreachable(args, next) : next();
  },
];

export const links: Route.LinksFunction = () => [
  // One stylesheet for every page, fetched once and kept (hashed name, a year's cache): a page's
  // HTML no longer carries 66 KB of CSS each time (decision 028).
  { rel: "stylesheet", href: stylesheetUrl },
  // Both weights the pages use (app.css): with font-display optional, a font still loading at the first paint is not used on this page.
  { rel: "preload", href: fontUrl, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: boldFontUrl, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="ar" dir="rtl">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        {/* First in the page: what a visitor does before the JavaScript has started is kept from the first paint (decision 025). */}
        <EarlyInput nonce={nonce} />
        <meta name="theme-color" content="#0f5652" />
        <Meta />
        <Links />
      </head>
      <body>
        <IconSprite />
        {children}
        <ScrollRestoration nonce={nonce} />
        {/* React Router's <Scripts>, its module preloads at a low priority (decision 019). */}
        <DeferredScripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    const preload = () => void loadKeepForm().catch(() => undefined);
    document.addEventListener("focusin", preload, { once: true });
    return () => document.removeEventListener("focusin", preload);
  }, []);
  return (
    <>
      <Outlet />
      {/* Development only: import.meta.env.DEV is a build-time constant, so production ships none of it. */}
      {import.meta.env.DEV ? <PreviewNotice /> : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  // A page left while the server or its database does not answer (issue 30): a pause, said as one, with the way back to this page.
  if (isServerUnreachable(error)) {
    return (
      <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
        <title>{MESSAGES.outageTitle}</title>
        <h1 className="text-3xl font-bold text-brand-900">{MESSAGES.outageTitle}</h1>
        <p className="text-stone-600">{MESSAGES.outagePage}</p>
        <a href={`${location.pathname}${location.search}`} className="rounded-lg bg-brand-700 px-5 py-2 font-bold text-white">
          {MESSAGES.tryAgain}
        </a>
      </main>
    );
  }
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <title>{notFound ? MESSAGES.notFound : "حدث خطأ"}</title>
      <h1 className="text-3xl font-bold">{notFound ? MESSAGES.notFound : "حدث خطأ"}</h1>
      <p className="text-stone-600">{notFound ? "" : MESSAGES.genericError}</p>
      <a href="/" className="rounded-lg bg-brand-700 px-5 py-2 font-bold text-white">
        العودة إلى الرئيسية
      </a>
    </main>
  );
}

import { createContext, useContext, useState } from "react";
import { createContext as createRouterContext, type RouterContextProvider } from "react-router";

/**
 * Markup a loader builds on the server (the offer page's head and licence block, the footer's firm
 * details) is shown as it is written, never rebuilt by the page's JavaScript. In a document's
 * answer it was sent twice: once in the page and once again, escaped twice, in the router's data
 * for hydration (13 KB of /offer/:id's 78), and encoded twice on every uncached render. Now a
 * document's data says `null` ("as in the page") and the page's script reads the markup from the
 * element it is already in; a `.data` answer (a page reached in the browser) still carries it.
 */

/** This request's markup that its document shows but its data leaves out, by id. */
const documentMarkupContext = /* @__PURE__ */ createRouterContext<Map<string, string> | null>(null);

/** The same for the server's render: entry.server.tsx provides it from the request's context. */
export const ServerMarkupContext = createContext<ReadonlyMap<string, string>>(new Map());

export function documentMarkupOf(context: Readonly<RouterContextProvider>): ReadonlyMap<string, string> {
  return context.get(documentMarkupContext) ?? new Map();
}

type MarkupFields<T> = { [K in keyof T]: string | null };

/**
 * A loader's markup fields as its answer should carry them: unchanged for a `.data` request; for
 * a document, each non-empty one is kept for the render (under `scope.field`) and sent as `null`.
 * An empty field stays "" (nothing to show, on both sides).
 */
export function documentMarkup<T extends Record<string, string>>(request: Request, context: Readonly<RouterContextProvider>, scope: string, markup: T): MarkupFields<T> {
  if (new URL(request.url).pathname.endsWith(".data")) return markup;
  let kept = context.get(documentMarkupContext);
  if (!kept) context.set(documentMarkupContext, (kept = new Map()));
  const fields = {} as Record<string, string | null>;
  for (const [field, html] of Object.entries(markup)) {
    if (html) kept.set(`${scope}.${field}`, html);
    fields[field] = html ? null : "";
  }
  return fields as MarkupFields<T>;
}

/** Markup read from the page it was served in, kept should the part be drawn again (a layout remounted). */
const readFromPage = new Map<string, string>();

/**
 * The markup to show for `id` (`scope.field` of documentMarkup): the data's own when it has it;
 * otherwise the request's on the server, and in the browser what the served page holds in the
 * element marked `data-markup={id}` (render it with `markupAttributes`).
 */
export function useServerMarkup(id: string, html: string | null): string {
  const served = useContext(ServerMarkupContext);
  const [inPage] = useState(() => {
    if (html !== null || typeof document === "undefined") return "";
    const found = document.querySelector(`[data-markup="${id}"]`)?.innerHTML;
    if (found !== undefined) readFromPage.set(id, found);
    return found ?? readFromPage.get(id) ?? "";
  });
  if (html !== null) return html;
  return typeof document === "undefined" ? (served.get(id) ?? "") : inPage;
}

/** The attributes of the element that shows markup `id`: the mark the browser finds it by, and the markup. */
export function markupAttributes(id: string, html: string) {
  return { "data-markup": id, dangerouslySetInnerHTML: { __html: html } };
}

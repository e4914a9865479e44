import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { withLowPriorityPreloads } from "./app-scripts.tsx";

describe("withLowPriorityPreloads", () => {
  it("asks for React Router's module preloads at a low priority and keeps everything else as it is, in order", () => {
    // The shape <Scripts> renders: a fragment of the context script, the preloads (one list), the module.
    const rendered = createElement(
      Fragment,
      null,
      createElement("script", { dangerouslySetInnerHTML: { __html: "window.__ctx={}" } }),
      createElement("link", { rel: "modulepreload", href: "/assets/entry.js" }),
      [createElement("link", { key: "a", rel: "modulepreload", href: "/assets/a.js" }), createElement("link", { key: "b", rel: "preload", href: "/x.png", as: "image" })],
      createElement(Fragment, null, createElement("script", { type: "module", dangerouslySetInnerHTML: { __html: 'import("/assets/entry.js");' } })),
      null,
    );
    const html = renderToStaticMarkup(createElement(Fragment, null, ...withLowPriorityPreloads(rendered)));
    // (React writes the <link>s first, as it does in a page's <head>.)
    expect(html).toBe(
      '<link rel="modulepreload" href="/assets/entry.js" fetchPriority="low"/><link rel="modulepreload" href="/assets/a.js" fetchPriority="low"/><link rel="preload" href="/x.png" as="image"/><script>window.__ctx={}</script><script type="module">import("/assets/entry.js");</script>',
    );
  });

  it("renders nothing once hydrated (React Router's <Scripts> then renders null)", () => {
    expect(withLowPriorityPreloads(null)).toEqual([]);
  });
});

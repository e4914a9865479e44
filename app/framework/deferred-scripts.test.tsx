import { createElement, Fragment } from "react";
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { compactManifest, contextScriptTemplate, deferredLoader, dynamicImportCode, earlyInputScript, scriptsParts, withLowPriorityPreloads } from "./deferred-scripts.tsx";

// React Router 8's inline module on an offer page (production build, trimmed manifest), as
// <Scripts> writes it: the route modules' static imports, the manifest, the modules' table, the entry.
const MODULE_CODE = `;
import * as route0 from "/assets/root-DEmDZD0B.js";
import * as route1 from "/assets/layout-Bdr7Zf3k.js";
import * as route2 from "/assets/offer-BeaNBLT-.js";
  window.__reactRouterManifest = {
  "entry": {
    "module": "/assets/entry.client-DATu8tPa.js",
    "imports": [
      "/assets/rolldown-runtime-XKyaHtl9.js"
    ],
    "css": []
  },
  "url": "/assets/manifest-1d06b8af.js",
  "version": "1d06b8af"
};
  window.__reactRouterRouteModules = {"root":route0,"routes/site/layout":route1,"routes/site/offer":route2};

import("/assets/entry.client-DATu8tPa.js");`;

/** Runs converted code with a stand-in for import(): the URLs asked for, in order, and the window it wrote. */
async function run(code: string) {
  const imported: string[] = [];
  const window: Record<string, unknown> = {};
  const fakeImport = (url: string) => {
    imported.push(url);
    return Promise.resolve({ url });
  };
  // oxlint-disable-next-line typescript/no-implied-eval -- the code under test is a script's text
  const script = new Function("__import", "window", `return ${code.replace(/\bimport\(/g, "__import(")};`) as (load: typeof fakeImport, into: typeof window) => Promise<unknown>;
  await script(fakeImport, window);
  return { imported, window };
}

describe("dynamicImportCode", () => {
  it("imports the route modules together, then sets the manifest and the modules' table, then imports the entry", async () => {
    const code = dynamicImportCode(MODULE_CODE);
    expect(code).toBeDefined();
    const { imported, window } = await run(code!);
    expect(imported).toEqual(["/assets/root-DEmDZD0B.js", "/assets/layout-Bdr7Zf3k.js", "/assets/offer-BeaNBLT-.js", "/assets/entry.client-DATu8tPa.js"]);
    expect(window.__reactRouterRouteModules).toEqual({
      root: { url: "/assets/root-DEmDZD0B.js" },
      "routes/site/layout": { url: "/assets/layout-Bdr7Zf3k.js" },
      "routes/site/offer": { url: "/assets/offer-BeaNBLT-.js" },
    });
    expect((window.__reactRouterManifest as { version: string }).version).toBe("1d06b8af");
    // The manifest in one line, the same value.
    expect(code).toContain(
      `window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-DATu8tPa.js","imports":["/assets/rolldown-runtime-XKyaHtl9.js"],"css":[]},"url"`,
    );
  });

  it("leaves a manifest it cannot read as JSON as it is", () => {
    const odd = `window.__reactRouterManifest = {\n  a: 1\n};\nwindow.x = 2;`;
    expect(compactManifest(odd)).toBe(odd);
    expect(compactManifest("window.x = 1;")).toBe("window.x = 1;");
  });

  it("keeps a route whose module comes in several chunks (client loader and main) as one object", async () => {
    const code = dynamicImportCode(
      `;\nimport * as route0_clientLoader from "/assets/a.js";\nimport * as route0_main from "/assets/b.js";\nconst route0 = {...route0_clientLoader,...route0_main};\n  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.js");`,
    );
    const { window } = await run(code!);
    expect(window.__reactRouterRouteModules).toEqual({ root: { url: "/assets/b.js" } });
  });

  it("refuses code of another shape (then <Scripts> is rendered as it is)", () => {
    expect(dynamicImportCode(`import { x } from "/a.js";\nimport("/e.js");`)).toBeUndefined();
    expect(dynamicImportCode(`import * as route0 from "/a.js";\nwindow.x = route0;`)).toBeUndefined(); // no entry
    expect(dynamicImportCode(`import * as route0 from "/a.js";\nimport("/e.js");\nwindow.late = 1;`)).toBeUndefined(); // something after the entry
    expect(dynamicImportCode(" ")).toBeUndefined();
  });
});

describe("scriptsParts", () => {
  // What <Scripts> renders before hydration (React Router 8: lib/dom/ssr/components.js).
  const rendered = createElement(
    Fragment,
    null,
    null,
    createElement("link", { rel: "modulepreload", href: "/assets/entry.client.js" }),
    [createElement("link", { key: "a", rel: "modulepreload", href: "/assets/a.js" })],
    createElement(
      Fragment,
      null,
      createElement("script", { dangerouslySetInnerHTML: { __html: "window.__reactRouterContext = {}" } }),
      createElement("script", { type: "module", async: true, dangerouslySetInnerHTML: { __html: MODULE_CODE } }),
    ),
  );

  it("takes the preloads and the module out and keeps the context script", () => {
    const parts = scriptsParts(rendered)!;
    expect(parts.preloads).toEqual(["/assets/entry.client.js", "/assets/a.js"]);
    expect(parts.moduleCode).toBe(MODULE_CODE);
    expect(parts.others).toHaveLength(1);
    expect(parts.others[0]!.type).toBe("script");
  });

  it("gives up on what it does not know (subresource integrity, an import map, nothing rendered)", () => {
    expect(scriptsParts(createElement("link", { rel: "modulepreload", href: "/a.js", integrity: "sha384-x" }))).toBeUndefined();
    expect(scriptsParts(createElement(Fragment, null, createElement("script", { type: "importmap" }), rendered))).toBeUndefined();
    expect(scriptsParts(null)).toBeUndefined();
  });
});

describe("contextScriptTemplate", () => {
  // The context script as <Scripts> renders it: the request's part (serverHandoffString) inside React Router's own code.
  const code = (handoff: string) =>
    `window.__reactRouterContext = ${handoff};window.__reactRouterContext.stream = new ReadableStream({start(controller){window.__reactRouterContext.streamController = controller;}});`;
  const script = (nonce: string, handoff: string) => createElement("script", { nonce, suppressHydrationWarning: true, dangerouslySetInnerHTML: { __html: code(handoff) } });

  it("writes a later request's context script as <Scripts> would: its nonce, its router data, the rest kept", () => {
    const context = contextScriptTemplate([script("n1", '{"ssr":true}')], '{"ssr":true}')!;
    expect(renderToStaticMarkup(context("n2", '{"ssr":true,"isSpaMode":false}'))).toBe(renderToStaticMarkup(script("n2", '{"ssr":true,"isSpaMode":false}')));
  });

  it("keeps nothing of another shape (then <Scripts> runs on every render)", () => {
    expect(contextScriptTemplate([script("n", "{}"), script("n", "{}")], "{}")).toBeUndefined();
    expect(contextScriptTemplate([createElement("link", { rel: "preload" })], "{}")).toBeUndefined();
    expect(contextScriptTemplate([script("n", "{}")], '{"other":1}')).toBeUndefined();
    expect(contextScriptTemplate([script("n", "{}")], "")).toBeUndefined();
  });
});

describe("deferredLoader", () => {
  it("is a script that cannot end its <script> element early and parses as JavaScript", () => {
    const loader = deferredLoader(["/assets/a.js?</script><script>alert(1)</script>"], dynamicImportCode(MODULE_CODE)!);
    expect(loader).not.toMatch(/<\/script/i);
    expect(loader).not.toContain("<!--");
    // oxlint-disable-next-line typescript/no-implied-eval -- parse only, never run
    expect(() => new Function(loader.replace(/\bimport\(/g, "__import("))).not.toThrow();
  });
});

describe("earlyInputScript", () => {
  it("parses as JavaScript, stays small, and meets the loader through one window property", () => {
    const script = earlyInputScript();
    expect(script).not.toMatch(/<\/script/i);
    // oxlint-disable-next-line typescript/no-implied-eval -- parse only, never run
    expect(() => new Function(script)).not.toThrow();
    // In every public page's head (decision 025): a few KB at most.
    expect(script.length).toBeLessThan(3000);
    const loader = deferredLoader(["/assets/a.js"], dynamicImportCode(MODULE_CODE)!);
    expect(script).toContain("w.__earlyInput=");
    expect(loader).toContain("w.__earlyInput||{}");
  });
});

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

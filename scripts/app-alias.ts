// Lets a script run the app's TypeScript modules directly: maps the `~/` import alias to app/, and
// compiles a .tsx file (a module's public entry may export a component, and a server module can reach
// it through that entry) with the oxc transform Vite's bundler ships — loaded only when one is met,
// so the production scripts (staff:create, backup, restore), which reach no .tsx, need no dev package.
import { registerHooks } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import fs from "node:fs";

const appDir = path.resolve(import.meta.dirname, "..", "app");

type TransformSync = (filename: string, source: string, options: object) => { code: string; errors: { message: string }[] };
let transformSync: TransformSync | undefined;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier.startsWith("~/")) return nextResolve(pathToFileURL(path.join(appDir, specifier.slice(2))).href, context);
    return nextResolve(specifier, context);
  },
  load(url, context, nextLoad) {
    if (!url.startsWith("file:") || !url.endsWith(".tsx")) return nextLoad(url, context);
    const file = fileURLToPath(url);
    // registerHooks' hooks are synchronous: the transform is required, not imported.
    transformSync ??= (process.getBuiltinModule("node:module").createRequire(import.meta.url)("rolldown/utils") as { transformSync: TransformSync }).transformSync;
    const result = transformSync(file, fs.readFileSync(file, "utf8"), { jsx: { runtime: "automatic" } });
    if (result.errors.length) throw new Error(`${file}: ${result.errors.map((error) => error.message).join("; ")}`);
    return { format: "module", source: result.code, shortCircuit: true };
  },
});

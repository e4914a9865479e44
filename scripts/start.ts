// `npm start`: builds if needed, then serves the production build. Started this way without
// NODE_ENV, it is the try-it-out command: demo data unless DEMO_MODE says otherwise.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

const serverBuild = path.resolve("build/server/index.js");
const sources = ["app", "demo", "server", "public"].filter((dir) => fs.existsSync(dir));
const builtAt = fs.existsSync(serverBuild) ? fs.statSync(serverBuild).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map(newestMtime), fs.statSync("package.json").mtimeMs);
if (builtAt < sourcesAt) {
  console.log("Building the app (first start or sources changed)...");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!process.env.NODE_ENV) {
  process.env.DEMO_MODE ??= "1";
  process.env.NODE_ENV = "production";
}
await import("../server.ts");

// `npm test`: the lint step (`npm run lint`: ESLint with the import boundaries, Prettier, knip),
// Vitest (against a real PostgreSQL), then Playwright against the production build in Chromium (the
// main suite, then the two-instance test of playwright.instances.config.ts);
// ends with one line `N passed, N failed` summing both runners and the lint step, counted as one
// test.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { findChromium } from "./chromium.ts";

const reports = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-test-reports-"));
let passed = 0;
let failed = 0;
let ok = true;

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

let chromium: string;
try {
  chromium = await findChromium();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

// 0. Lint, counted as one test: a failure fails the run, but the tests still run so one run shows
// everything.
if (run("npm", ["run", "lint"])) {
  passed += 1;
} else {
  ok = false;
  failed += 1;
}

// 1. Vitest
const vitestReport = path.join(reports, "vitest.json");
ok = run("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`]) && ok;
const vitest = readJson<{ numPassedTests: number; numFailedTests: number }>(vitestReport);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
} else {
  failed += 1; // the runner itself failed
}

/** One Playwright run (a config's whole suite), its results added to the counts. */
function playwright(name: string, args: string[] = []) {
  const report = path.join(reports, `${name}.json`);
  ok =
    run("npx", ["playwright", "test", ...args, "--reporter=list,json"], {
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    }) && ok;
  const pw = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(report);
  if (pw) {
    passed += pw.stats.expected + pw.stats.flaky;
    failed += pw.stats.unexpected;
  } else {
    failed += 1;
  }
}

// 2. Production build, then Playwright against it: the main suite, then two app instances on one
// PostgreSQL (tests/instances, servers of its own).
if (run("npm", ["run", "build"], { NODE_ENV: "production" })) {
  playwright("playwright");
  playwright("instances", ["-c", "playwright.instances.config.ts"]);
} else {
  ok = false;
  failed += 1;
}

fs.rmSync(reports, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);

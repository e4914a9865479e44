// `npm test`: the lint step (`npm run lint`: ESLint with the import boundaries, Prettier, knip),
// Vitest (against a real PostgreSQL), then Playwright against the production build in Chromium (the
// main suite, then the two-instance test of playwright.instances.config.ts);
// ends with one line `N passed, N failed` summing both runners and the lint step, counted as one
// test. The lint and the production build run beside Vitest, which leaves much of a 2-core machine
// idle while it waits on PostgreSQL; their output is printed in one block each when they end.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromiumForTests, findChromium } from "./chromium.ts";
import { printTimes, runStep, type StepResult } from "./steps.ts";

const reports = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-test-reports-"));
const started = performance.now();
const times: StepResult[] = [];
let passed = 0;
let failed = 0;
let ok = true;

async function step(...args: Parameters<typeof runStep>) {
  const result = await runStep(...args);
  times.push(result);
  return result.ok;
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
  chromium = chromiumForTests() ?? (await findChromium());
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

// 0. Lint, counted as one test: a failure fails the run, but the tests still run so one run shows
// everything. 2. The production build, for Playwright. Both beside Vitest.
const lint = step("lint", "npm", ["run", "lint"], { held: true });
const build = step("build", "npm", ["run", "build"], { env: { NODE_ENV: "production" }, held: true });

// 1. Vitest
const vitestReport = path.join(reports, "vitest.json");
ok = (await step("vitest", "npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`])) && ok;
const vitest = readJson<{ numPassedTests: number; numFailedTests: number }>(vitestReport);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
} else {
  failed += 1; // the runner itself failed
}

/** One Playwright run (a config's whole suite), its results added to the counts. */
async function playwright(name: string, args: string[] = []) {
  const report = path.join(reports, `${name}.json`);
  ok =
    (await step(`playwright ${name}`, "npx", ["playwright", "test", ...args, "--reporter=list,json"], {
      env: { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
    })) && ok;
  const pw = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(report);
  if (pw) {
    passed += pw.stats.expected + pw.stats.flaky;
    failed += pw.stats.unexpected;
  } else {
    failed += 1;
  }
}

// 3. Playwright against the build: the main suite, then two app instances on one PostgreSQL
// (tests/instances, servers of its own).
if (await build) {
  await playwright("playwright");
  await playwright("instances", ["-c", "playwright.instances.config.ts"]);
} else {
  ok = false;
  failed += 1;
}

if (await lint) {
  passed += 1;
} else {
  ok = false;
  failed += 1;
}

fs.rmSync(reports, { recursive: true, force: true });
printTimes(times);
console.log(`whole run: ${((performance.now() - started) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);

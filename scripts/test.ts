// `npm test`: the lint step (`npm run lint`: oxlint, ESLint with the import boundaries, Prettier,
// knip), Vitest (against a real PostgreSQL), and Playwright against the production build in Chromium
// (the main suite, then the two-instance test of playwright.instances.config.ts), side by side;
// ends with each step's time and one line `N passed, N failed` summing both runners and the lint
// step, counted as one test.
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

// Three lanes side by side (a 2-core machine has CPU to spare while Vitest waits on PostgreSQL):
// the lint step, counted as one test (a failure fails the run, but the tests still run so one run
// shows everything); Vitest; and the production build followed by Playwright against it (the main
// suite, then two app instances on one PostgreSQL: tests/instances, servers of its own). The lint
// and Vitest hold their output and print it in one block each when they end; Playwright's lines
// come as they happen.
const lint = step("lint", "npm", ["run", "lint"], { held: true });

async function vitest() {
  const report = path.join(reports, "vitest.json");
  ok = (await step("vitest", "npx", ["vitest", "run", "--reporter=dot", "--reporter=json", `--outputFile.json=${report}`], { held: true })) && ok;
  const result = readJson<{ numPassedTests: number; numFailedTests: number }>(report);
  if (result) {
    passed += result.numPassedTests;
    failed += result.numFailedTests;
  } else {
    failed += 1; // the runner itself failed
  }
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

async function browserTests() {
  if (!(await step("build", "npm", ["run", "build"], { env: { NODE_ENV: "production" }, held: true }))) {
    ok = false;
    failed += 1;
    return;
  }
  await playwright("playwright");
  await playwright("instances", ["-c", "playwright.instances.config.ts"]);
}

await Promise.all([vitest(), browserTests()]);

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

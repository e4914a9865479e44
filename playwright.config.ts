import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumForTests } from "./scripts/chromium.ts";

const PORT = Number(process.env.E2E_PORT ?? 3210);
// Under the system temp folder: the embedded PostgreSQL runs as the 'postgres' user when we are
// root, and must be able to reach its folder whatever the checkout's own permissions are.
const DATA_DIR = path.join(os.tmpdir(), `aqar-e2e-${PORT}`);
const executablePath = chromiumForTests();

export const E2E = { port: PORT, dataDir: DATA_DIR, pgPort: Number(process.env.E2E_PG_PORT ?? 54391) };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // Two more tries on CI: a test that fails three times is a failure; one that passes on a retry is listed as flaky in the report.
  retries: process.env.CI ? 2 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: "ar-SA",
    // Recorded on a retry only: a trace of every attempt cost about a tenth of the suite's time
    // (DOM snapshots and screenshots at each action). Every test: --trace=on.
    trace: "on-first-retry",
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: "phone", use: { ...devices["Pixel 7"], launchOptions: { executablePath, args: CHROMIUM_ARGS } }, testMatch: /.*\.phone\.spec\.ts/ },
    { name: "desktop", use: { viewport: { width: 1280, height: 900 } }, testIgnore: [/.*\.phone\.spec\.ts/, /.*\.after\.spec\.ts/, /.*\.last\.spec\.ts/] },
    // Specs that add and delete offers run last: the lists of the other specs update live.
    {
      name: "offers-changing",
      use: { viewport: { width: 1280, height: 900 } },
      testMatch: /.*\.after\.spec\.ts/,
      dependencies: ["phone", "desktop"],
    },
    // Specs that change a site-wide rule for a moment (the ad licence rule, decision 017) run after all
    // the others, so no other spec saves or shows an offer while the rule is not demo mode's.
    {
      name: "rules-changing",
      use: { viewport: { width: 1280, height: 900 } },
      testMatch: /.*\.last\.spec\.ts/,
      dependencies: ["offers-changing"],
    },
  ],
  webServer: {
    // A fresh data folder each run: its own embedded PostgreSQL, demo data, uploads.
    command: `rm -rf ${DATA_DIR} && node server.ts`,
    url: `http://localhost:${PORT}/healthz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      DEMO_MODE: "1",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR,
      EMBEDDED_PG_PORT: String(E2E.pgPort),
      PUBLIC_URL: `http://localhost:${PORT}`,
      LOG_LEVEL: "warn",
    },
  },
});

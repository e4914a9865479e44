// The two-instance test (tests/instances): two production servers on one PostgreSQL, started by
// the global setup, not by `webServer`. `npm test` runs it after the main suite;
// alone: `npx playwright test -c playwright.instances.config.ts` (after `npm run build`).
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumForTests } from "./scripts/chromium.ts";

const executablePath = chromiumForTests();

export default defineConfig({
  testDir: "tests/instances",
  // Its own folder: a run empties it, and the main suite's results stay.
  outputDir: "test-results/two-instances",
  globalSetup: "./tests/instances/global-setup.ts",
  // One cluster, one worker: the tests stop instance B at the end.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 2 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    locale: "ar-SA",
    viewport: { width: 1280, height: 900 },
    trace: "on-first-retry",
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  projects: [{ name: "two-instances" }],
});

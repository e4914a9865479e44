import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

const ALL = ["app/**/*.test.{ts,tsx}", "demo/**/*.test.ts", "tests/unit/**/*.test.ts", "scripts/**/*.test.ts"];

/**
 * Test files that replace a module with vi.mock: the replacement only reaches modules evaluated
 * after it, so these run in a fresh module graph each.
 */
const ISOLATED = ["app/utils/password.server.test.ts", "app/utils/use-live-revalidate.test.ts"];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    globalSetup: ["./tests/setup/global-setup.ts"],
    setupFiles: ["./tests/setup/setup-test-env.ts"],
    pool: "forks",
    // At least four workers: a test file spends much of its time waiting on PostgreSQL (a process of
    // its own), and one worker per core left the 2-core machine half idle (171 s → 83 s; 6 and 8 no faster).
    maxWorkers: Math.max(4, availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        // A worker evaluates the app's modules once, not once per test file (a third of the run's
        // time was spent importing them). Each file still gets its own database (tests/setup/test-db.ts),
        // which also drops the process caches of the previous one; setup-test-env.ts puts back timers,
        // stubbed environment and globals after each file.
        test: { name: "shared", isolate: false, include: ALL, exclude: [...configDefaults.exclude, ...ISOLATED] },
      },
      { test: { name: "isolated", isolate: true, include: ISOLATED } },
    ],
  },
});

import { afterAll, afterEach, vi } from "vitest";

process.env.LOG_LEVEL ??= "silent";

// A test that makes the app log an error fails, unless it expects it (vi.spyOn(console, "error")).
// Test files share a worker (isolate: false in vitest.config.ts) and this file runs before each of
// them: the console is wrapped once, and what one file changed is put back before the next.
const WRAPPED = Symbol.for("aqar.console-error-throws");
if (!(WRAPPED in console.error)) {
  const originalError = console.error;
  console.error = Object.assign(
    (...args: unknown[]) => {
      originalError(...args);
      throw new Error(`console.error was called: ${args.map(String).join(" ")}`);
    },
    { [WRAPPED]: true },
  );
}
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

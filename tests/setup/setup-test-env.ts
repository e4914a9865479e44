import { afterEach, vi } from "vitest";

process.env.LOG_LEVEL ??= "silent";

// A test that makes the app log an error fails, unless it expects it (vi.spyOn(console, "error")).
const originalError = console.error;
afterEach(() => {
  vi.restoreAllMocks();
});
console.error = (...args: unknown[]) => {
  originalError(...args);
  throw new Error(`console.error was called: ${args.map(String).join(" ")}`);
};

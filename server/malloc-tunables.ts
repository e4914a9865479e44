// glibc's allocator with a fixed mmap threshold, for every way of starting the server without a
// manual step (decision 042). server/tuned-allocator.ts applies it, imported first by server.ts.
//
// Why: glibc raises its mmap threshold each time a large block is freed (up to 32 MiB), after which
// the photo encoders' pixel buffers come from the arenas' heaps, and what they free there stays with
// the process: 424 MiB after the demo seed's photos (peak 636), against 230 MiB with the threshold
// fixed at 128 KiB (blocks above it are mapped on their own and given back when freed). Tunables are
// read only when a process starts, hence a restart through execve: the same process id, before any
// other module of the server is evaluated. A GLIBC_TUNABLES that already sets a malloc tunable is
// left as it is (the operator decided), and so is any other C library (musl, macOS), where glibc's
// tunables mean nothing.
import { isMainThread } from "node:worker_threads";

export const MALLOC_TUNABLES = "glibc.malloc.mmap_threshold=131072";

/** The environment to start again with, or null when this process needs no restart. */
export function tunedEnvironment(env: NodeJS.ProcessEnv, glibcVersion: () => string | undefined): NodeJS.ProcessEnv | null {
  const current = env.GLIBC_TUNABLES ?? "";
  if (current.includes("glibc.malloc.") || !glibcVersion()) return null;
  return { ...env, GLIBC_TUNABLES: current ? `${current}:${MALLOC_TUNABLES}` : MALLOC_TUNABLES };
}

/** The glibc this process runs on (as Node's diagnostic report gives it), if any. */
function glibcRuntime(): string | undefined {
  if (process.platform !== "linux") return undefined;
  const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
  return report.header?.glibcVersionRuntime;
}

/** Starts this process again (same id, arguments and Node flags) with the tunables, when it needs them. */
export function restartWithMallocTunables(): void {
  if (!isMainThread || typeof process.execve !== "function") return;
  const env = tunedEnvironment(process.env, glibcRuntime);
  if (!env) return;
  try {
    process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], env);
  } catch (error) {
    // Not started again (a sandbox that forbids execve): the server runs, with glibc as it comes.
    console.warn(`glibc's malloc tunables not applied: ${error instanceof Error ? error.message : String(error)}`);
  }
}

// The server starts again with glibc's mmap threshold fixed (decision 042): a real child process
// shows it keeps its process id, its Node flags and its arguments, and that a restart happens once.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { MALLOC_TUNABLES, tunedEnvironment } from "../../server/malloc-tunables.ts";

const root = path.resolve(import.meta.dirname, "../..");
const glibc = () => "2.36";
const noGlibc = () => undefined;

describe("tunedEnvironment", () => {
  it("adds the tunables on glibc, after any others the operator set", () => {
    expect(tunedEnvironment({ PATH: "/bin" }, glibc)).toEqual({ PATH: "/bin", GLIBC_TUNABLES: MALLOC_TUNABLES });
    expect(tunedEnvironment({ GLIBC_TUNABLES: "glibc.rtld.optional_static_tls=1024" }, glibc)?.GLIBC_TUNABLES).toBe(`glibc.rtld.optional_static_tls=1024:${MALLOC_TUNABLES}`);
  });

  it("leaves alone a process already tuned (no second restart), an operator's own malloc tunables, and other C libraries", () => {
    expect(tunedEnvironment({ GLIBC_TUNABLES: MALLOC_TUNABLES }, glibc)).toBeNull();
    expect(tunedEnvironment({ GLIBC_TUNABLES: "glibc.malloc.arena_max=2" }, glibc)).toBeNull();
    expect(tunedEnvironment({}, noGlibc)).toBeNull();
  });
});

it.runIf(process.platform === "linux")("a process importing the server's first module runs again with the tunables, same id, same flags and arguments", async () => {
  const script = `import "./server/tuned-allocator.ts"; console.log(JSON.stringify({ pid: process.pid, tunables: process.env.GLIBC_TUNABLES ?? null, semi: process.execArgv.includes("--max-semi-space-size=16"), argv: process.argv.slice(1) }));`;
  const run = promisify(execFile);
  const child = run(process.execPath, ["--max-semi-space-size=16", "--input-type=module", "-e", script, "one", "two"], { cwd: root, env: { ...process.env, GLIBC_TUNABLES: "" } });
  const { stdout } = await child;
  const lines = stdout.trim().split("\n");
  expect(lines).toHaveLength(1); // the code after the import ran once, in the restarted process
  const seen = JSON.parse(lines[0]!) as { pid: number; tunables: string | null; semi: boolean; argv: string[] };
  expect(seen.pid).toBe(child.child.pid);
  expect(seen.semi).toBe(true);
  expect(seen.argv).toEqual(["one", "two"]);
  const glibcVersion = (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime;
  expect(seen.tunables).toBe(glibcVersion ? MALLOC_TUNABLES : null);
});

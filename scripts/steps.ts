// Steps of `npm test` and `npm run lint` that run side by side: a 2-core machine has a core idle
// while Vitest waits on PostgreSQL or ESLint runs on one thread, so independent steps share the time.
import { spawn } from "node:child_process";

export interface StepResult {
  name: string;
  ok: boolean;
  seconds: number;
}

interface StepOptions {
  env?: NodeJS.ProcessEnv;
  /** Hold the output and print it in one block when the step ends, so steps running at once do not mix their lines. */
  held?: boolean;
}

/** Runs one command as a step; resolves (never rejects) with whether it passed and how long it took. */
export function runStep(name: string, command: string, args: string[], { env = {}, held = false }: StepOptions = {}): Promise<StepResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const output: Buffer[] = [];
    const child = spawn(command, args, { stdio: held ? ["ignore", "pipe", "pipe"] : "inherit", env: { ...process.env, ...env } });
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
    let finished = false;
    const finish = (ok: boolean) => {
      if (finished) return; // 'error' can come before 'close'
      finished = true;
      const seconds = (performance.now() - started) / 1000;
      if (held) process.stdout.write(`\n── ${name} (${ok ? "passed" : "FAILED"}, ${seconds.toFixed(0)} s) ──\n${Buffer.concat(output).toString()}\n`);
      resolve({ name, ok, seconds });
    };
    child.on("error", (error) => {
      output.push(Buffer.from(String(error)));
      finish(false);
    });
    child.on("close", (code) => finish(code === 0));
  });
}

/** One line per step with its wall time, for the end of a run. */
export function printTimes(results: StepResult[]) {
  for (const { name, ok, seconds } of results) console.log(`${ok ? "ok  " : "FAIL"} ${name}: ${seconds.toFixed(0)} s`);
}

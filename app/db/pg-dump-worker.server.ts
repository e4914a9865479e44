// Worker thread of pg-dump.server.ts: runs pg_dump 18, compiled to WebAssembly by PGlite
// (@electric-sql/pglite-tools), whose libpq reads and writes the wire protocol through two
// synchronous callbacks instead of a socket. The main thread owns the real connection: it posts
// what the server sends and wakes this thread through a shared counter; this thread posts what
// pg_dump sends. Loaded by Node itself (not Vite): no `~/` imports here.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { receiveMessageOnPort, workerData, type MessagePort } from "node:worker_threads";

export interface PgDumpWorkerData {
  port: MessagePort;
  /** Int32 [0]: bumped by the main thread after each message; BigInt64 [1]: bytes consumed here. */
  shared: SharedArrayBuffer;
  args: string[];
  env: Record<string, string>;
  output: string;
}

export type PgDumpWorkerResult = { done: true; exitCode: number; stderr: string; archive?: Uint8Array };

interface EmscriptenModule {
  ENV: Record<string, string>;
  HEAPU8: Uint8Array;
  FS: { readFile(path: string): Uint8Array };
  addFunction(fn: (pointer: number, length: number) => number, signature: string): number;
  _pgl_set_rw_cbs(read: number, write: number): void;
  callMain(args: string[]): number;
  onRuntimeInitialized?: () => void;
}
type Factory = (options: Record<string, unknown>) => Promise<EmscriptenModule>;

/**
 * The package exports only a helper bound to an in-process PGlite (it forces --inserts and a text
 * file). Its bundle holds Emscripten's standard module factory: this exports it, unchanged.
 */
async function loadFactory(): Promise<{ factory: Factory; dist: string }> {
  const entry = fileURLToPath(import.meta.resolve("@electric-sql/pglite-tools/pg_dump"));
  const dist = path.dirname(entry);
  const chunk = /from"\.\/(chunk-[\w-]+\.js)"/.exec(fs.readFileSync(entry, "utf8"))?.[1];
  const source = chunk ? fs.readFileSync(path.join(dist, chunk), "utf8") : "";
  const name = /var (\w+)=\(\(\)=>\{var _scriptName=import\.meta\.url;return async function\(moduleArg=\{\}\)/.exec(source)?.[1];
  if (!name) throw new Error("Unexpected @electric-sql/pglite-tools build: its pg_dump module factory was not found.");
  const module = source.replace(/\/\/# sourceMappingURL=\S+\s*$/, "") + `\nexport { ${name} as factory };\n`;
  const { factory } = (await import(`data:text/javascript;base64,${Buffer.from(module).toString("base64")}`)) as { factory: Factory };
  return { factory, dist };
}

const { port, shared, args, env, output } = workerData as PgDumpWorkerData;
const wakeups = new Int32Array(shared, 0, 1);
const consumed = new BigInt64Array(shared, 8, 1);

// What the server sent and pg_dump has not read yet.
const queue: Buffer[] = [];
let queued = 0;
let ended = false;
let lastReadGotData = false;

function take(): void {
  for (let message = receiveMessageOnPort(port); message; message = receiveMessageOnPort(port)) {
    if (message.message === null) ended = true;
    else {
      const chunk = Buffer.from(message.message as Uint8Array);
      queue.push(chunk);
      queued += chunk.length;
    }
  }
}

/**
 * libpq's recv(). Blocks until the server sends something, like a blocking socket, with one
 * exception: right after a read that returned data it answers 0 when nothing more has come,
 * which libpq reads as "nothing for now" (a non-blocking socket's EAGAIN) when it tries to fill
 * its buffer further, and otherwise asks again, and then this blocks.
 */
function read(into: Uint8Array, max: number): number {
  for (;;) {
    const seen = Atomics.load(wakeups, 0);
    take();
    if (queued > 0) {
      let length = 0;
      while (length < max && queue.length > 0) {
        const head = queue[0]!;
        const part = Math.min(head.length, max - length);
        into.set(head.subarray(0, part), length);
        length += part;
        if (part === head.length) queue.shift();
        else queue[0] = head.subarray(part);
      }
      queued -= length;
      Atomics.add(consumed, 0, BigInt(length));
      lastReadGotData = true;
      return length;
    }
    if (ended || lastReadGotData) {
      lastReadGotData = false;
      return 0;
    }
    Atomics.wait(wakeups, 0, seen, 60_000);
  }
}

const { factory, dist } = await loadFactory();
let exitCode = 0;
let stderr = "";
const module = await factory({
  wasmBinary: fs.readFileSync(path.join(dist, "pg_dump.wasm")),
  locateFile: (file: string) => path.join(dist, file),
  thisProgram: "pg_dump",
  noExitRuntime: false,
  print: () => undefined,
  printErr: (text: string) => {
    if (!text.includes("invalid binary") && !text.includes('could not find a "pg_dump"')) stderr += `${text}\n`;
  },
  onExit: (status: number) => {
    exitCode = status;
  },
  preRun: [
    (mod: EmscriptenModule) => {
      Object.assign(mod.ENV, { HOME: "/home/postgres", USER: "postgres", LOGNAME: "postgres" }, env);
      mod.onRuntimeInitialized = () => {
        const write = mod.addFunction((pointer, length) => {
          port.postMessage(mod.HEAPU8.slice(pointer, pointer + length));
          return length;
        }, "iii");
        const reader = mod.addFunction((pointer, max) => read(mod.HEAPU8.subarray(pointer, pointer + max), max), "iii");
        mod._pgl_set_rw_cbs(reader, write);
      };
    },
  ],
});
module.callMain(args);
const result: PgDumpWorkerResult = { done: true, exitCode, stderr: stderr.trim() };
if (exitCode === 0) result.archive = module.FS.readFile(output);
port.postMessage(result, result.archive ? [result.archive.buffer as ArrayBuffer] : []);

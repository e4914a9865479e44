// oxlint's rules (.oxlintrc.json; decision 013): typescript-eslint's type-aware ones and JavaScript's
// and typescript-eslint's recommended ones, checked on small made-up files: a config that stopped
// reaching the rules, or a type checker that stopped reading the project, would let every floating
// promise through in silence. The file is written for the run
// into a git-ignored folder with a tsconfig that extends the project's (so the lint beside Vitest in
// `npm test` never sees it), and removed after.
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

const PROBE = `import { data } from "react-router";

declare function save(): Promise<number>;
declare const anything: any;

export async function nothingAwaited() {
  return 1;
}

export function forgotten() {
  save();
}

export function handler(button: { onclick: () => void }) {
  button.onclick = async () => {
    await save();
  };
}

export const typed: number = anything;

export function refuse(kind: number) {
  if (kind === 1) throw "a string";
  if (kind === 2) throw new Response("gone", { status: 410 });
  throw data({ ok: false }, { status: 400 });
}
`;

const PLAIN_PROBE = `export function plain(items: number[], _unusedArgument: string) {
  let total = 0;
  let never = 1;
  const unused = 2;
  const [_first, second] = items;
  const { length: _length, ...rest } = { length: 1, more: 2 };
  for (const item of items) total += item;
  const loose: any = total;
  return [total, never, second, rest, loose];
}
`;

/** Rule name → the lines it reported, for the probe file. */
async function lint(code: string): Promise<Record<string, number[]>> {
  const dir = path.join(root, ".lint-probe", crypto.randomBytes(4).toString("hex"));
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ extends: "../../tsconfig.json", include: ["probe.ts"] }));
  fs.writeFileSync(path.join(dir, "probe.ts"), code);
  try {
    // --no-ignore: the folder is git-ignored; the rules are still .oxlintrc.json's.
    const { stdout } = await run("npx", ["oxlint", "--type-aware", "--no-ignore", "--format=json", path.relative(root, path.join(dir, "probe.ts"))], { cwd: root }).catch(
      (error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }),
    );
    const report = JSON.parse(stdout) as { diagnostics: { code: string; labels: { span: { line: number } }[] }[] };
    const found: Record<string, number[]> = {};
    for (const d of report.diagnostics) (found[d.code] ??= []).push(d.labels[0]!.span.line);
    return found;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("lint (oxlint)", () => {
  it("refuses a floating promise, a promise where a function returns void, an unsafe any, a thrown string and a needless async; allows a thrown Response or data()", async () => {
    const found = await lint(PROBE);
    expect(found["typescript(require-await)"]).toEqual([6]);
    expect(found["typescript(no-floating-promises)"]).toEqual([11]);
    expect(found["typescript(no-misused-promises)"]).toEqual([15]);
    expect(found["typescript(no-unsafe-assignment)"]).toEqual([20]);
    expect(found["typescript(only-throw-error)"]).toEqual([23]);
  }, 60_000);

  it("refuses a let never reassigned, an unused value and an explicit any; allows what a leading underscore keeps", async () => {
    const found = await lint(PLAIN_PROBE);
    expect(found["eslint(prefer-const)"]).toEqual([3]);
    expect(found["eslint(no-unused-vars)"]).toEqual([4]);
    expect(found["typescript(no-explicit-any)"]).toEqual([8]);
  }, 60_000);
});

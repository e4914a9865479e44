// The shape of app/ as a graph of files (decision 044): no two files import each other in a cycle
// (a value import; `import type` is erased), and app/modules/tiers.json places every module folder
// in exactly one tier, so the lint rule built from it covers every module.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const IMPORT = /(?:^|\n)\s*(?:import|export)\s(?!type\b)[^;]*?from\s+"([^"]+)"/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function resolveImport(importer: string, specifier: string): string | null {
  const base = specifier.startsWith("~/") ? path.join(root, "app", specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(importer), specifier) : null;
  if (!base) return null;
  const found = ["", ".ts", ".tsx", "/index.ts"].map((ending) => base + ending).find((file) => fs.existsSync(file) && fs.statSync(file).isFile());
  return found ?? null;
}

/** Each file's value imports within the repository. */
function importGraph(files: string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => {
      const text = fs.readFileSync(file, "utf8");
      const targets = [...text.matchAll(IMPORT)].map((match) => resolveImport(file, match[1]!)).filter((target): target is string => target !== null);
      return [file, targets];
    }),
  );
}

/** The strongly connected groups of more than one file (Tarjan): each is a cycle of imports. */
function findCycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(group);
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe("the module graph", () => {
  it("finds a cycle where there is one (the check can fail)", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(findCycles(graph).map((cycle) => cycle.sort())).toEqual([["a", "b", "c"]]);
  });

  it("has no cycle of imports among the files of app/ and server/", () => {
    const files = [...sourceFiles(path.join(root, "app")), ...sourceFiles(path.join(root, "server"))];
    expect(files.length).toBeGreaterThan(300);
    const cycles = findCycles(importGraph(files)).map((cycle) => cycle.map((file) => path.relative(root, file)));
    expect(cycles).toEqual([]);
  });

  it("places every module folder in exactly one tier", () => {
    const { tiers } = JSON.parse(fs.readFileSync(path.join(root, "app/modules/tiers.json"), "utf8")) as { tiers: { name: string; modules: string[] }[] };
    const placed = tiers.flatMap((tier) => tier.modules);
    const folders = fs
      .readdirSync(path.join(root, "app/modules"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect([...placed].sort()).toEqual([...new Set(placed)].sort());
    expect([...placed].sort()).toEqual(folders.sort());
  });
});

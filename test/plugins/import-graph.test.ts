/**
 * The import graph of the kit, the service and the bundled plugins has no cycles: a module's
 * runtime imports (type-only ones are erased) never lead back to it. With the kit at the
 * bottom (`kit-imports.test.ts`), the layers read from the top down.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return ["node_modules", "dist", "test"].includes(name) ? [] : sources(path);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") ? [path] : [];
  });
}

/** The files a file imports at run time, by relative path. */
function runtimeImports(file: string, known: Set<string>): string[] {
  const text = readFileSync(file, "utf8");
  const found: string[] = [];
  for (const match of text.matchAll(/^\s*(import|export)\s+(type\s+)?[^;]*?from\s*["'](\.[^"']+)["']|^\s*import\s*["'](\.[^"']+)["']/gm)) {
    if (match[2]) continue;
    const target = resolve(dirname(file), match[3] ?? match[4]);
    if (known.has(target)) found.push(target);
  }
  return found;
}

/** Strongly connected groups of more than one file (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    for (let w = stack.pop()!; ; w = stack.pop()!) {
      onStack.delete(w);
      group.push(w);
      if (w === v) break;
    }
    if (group.length > 1) groups.push(group);
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return groups;
}

describe("the import graph", () => {
  const files = ["core", "server", "plugins"].flatMap((folder) => sources(join(ROOT, folder)));
  const known = new Set(files);
  const graph = new Map(files.map((file) => [file, runtimeImports(file, known)]));

  it("covers the kit, the service and the plugins", () => {
    expect(files.length).toBeGreaterThan(150);
    expect([...graph.values()].flat().length).toBeGreaterThan(300);
  });

  it("has no cycles", () => {
    expect(cycles(graph).map((group) => group.map((file) => relative(ROOT, file)))).toEqual([]);
  });
});

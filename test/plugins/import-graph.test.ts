/**
 * The import graph of the kit, the service and the bundled plugins (and the pages' browser
 * scripts) has no cycles: a module's imports, type-only ones too, never lead back to it. With
 * the kit at the bottom (`kit-imports.test.ts`), the layers read from the top down.
 */
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles, specifiers } from "../support/source-files.ts";

const ROOT = resolve(import.meta.dirname, "../..");

/** The files a file imports (for its types too), by relative path. */
function importsOf(file: string, known: Set<string>): string[] {
  return specifiers(readFileSync(file, "utf8"))
    .filter((spec) => spec.startsWith("."))
    .map((spec) => resolve(dirname(file), spec))
    .filter((target) => known.has(target));
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
  const files = ["core", "server", "plugins"].flatMap((folder) => sourceFiles(join(ROOT, folder), ["test"])).filter((file) => /\.(ts|js|mjs)$/.test(file) && !file.endsWith(".test.ts"));
  const known = new Set(files);
  const graph = new Map(files.map((file) => [file, importsOf(file, known)]));

  it("covers the kit, the service and the plugins", () => {
    expect(files.length).toBeGreaterThan(150);
    expect([...graph.values()].flat().length).toBeGreaterThan(300);
  });

  it("has no cycles", () => {
    expect(cycles(graph).map((group) => group.map((file) => relative(ROOT, file)))).toEqual([]);
  });

  it("keeps the service's layers in order: the engine below the request files, both below the process files", () => {
    const below: Record<string, string[]> = { "server/engine/": ["server/request/", "server/process/"], "server/request/": ["server/process/"] };
    const upward = [...graph].flatMap(([file, targets]) => {
      const from = relative(ROOT, file);
      const higher = Object.entries(below).find(([layer]) => from.startsWith(layer))?.[1] ?? [];
      return targets.map((target) => relative(ROOT, target)).filter((to) => higher.some((layer) => to.startsWith(layer))).map((to) => `${from} -> ${to}`);
    });
    expect(upward).toEqual([]);
  });

  it("keeps the kit below the service: the kit imports nothing of the server, the server imports the kit by its package name", () => {
    const kitToServer = [...graph].flatMap(([file, targets]) =>
      relative(ROOT, file).startsWith("core/") ? targets.map((t) => relative(ROOT, t)).filter((t) => !t.startsWith("core/")).map((t) => `${relative(ROOT, file)} -> ${t}`) : [],
    );
    expect(kitToServer).toEqual([]);
    const serverIntoKit = [...graph].flatMap(([file, targets]) =>
      relative(ROOT, file).startsWith("server/") ? targets.map((t) => relative(ROOT, t)).filter((t) => t.startsWith("core/")).map((t) => `${relative(ROOT, file)} -> ${t}`) : [],
    );
    expect(serverIntoKit).toEqual([]);
  });

  it("no runtime file imports the kit's testing harness", () => {
    const runtime = files.filter((file) => !relative(ROOT, file).startsWith("core/testing/"));
    const testing = runtime.filter((file) => {
      const specs = specifiers(readFileSync(file, "utf8"));
      return specs.some((spec) => spec === "@music-aggregator/core/testing" || (spec.startsWith(".") && resolve(dirname(file), spec).startsWith(join(ROOT, "core/testing"))));
    });
    expect(testing.map((file) => relative(ROOT, file))).toEqual([]);
  });
});

/**
 * The source files of a folder and the modules each imports, for the tests of the import graph
 * (`test/plugins/kit-imports.test.ts`, `import-graph.test.ts`, `kit-exports.test.ts`).
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** Every .ts, .mts, .js and .mjs file under `dir`, outside node_modules, dist/ and any folder named in `skip`. */
export function sourceFiles(dir: string, skip: readonly string[] = []): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return ["node_modules", "dist", ...skip].includes(name) ? [] : sourceFiles(path, skip);
    return /\.(ts|mts|js|mjs)$/.test(name) ? [path] : [];
  });
}

/** Every module specifier a file imports or re-exports, static or dynamic; `runtime` leaves out `import type` and `export type`. */
export function specifiers(text: string, { runtime = false } = {}): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\s([^;]*?)from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|(?:^|\n)\s*import\s*["']([^"']+)["']/g)) {
    if (runtime && match[1]?.startsWith("type ")) continue;
    found.push(match[2] ?? match[3] ?? match[4]);
  }
  return found;
}

/**
 * The plugin kit's boundary: every non-test file under `plugins/` reaches the core only
 * through `@music-aggregator/core`, never by a path into `core/`.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const PLUGINS = join(ROOT, "plugins");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "test" || name === "node_modules" ? [] : sourceFiles(path);
    return /\.(ts|mts|js|mjs)$/.test(name) && !/\.test\.[mc]?[jt]s$/.test(name) ? [path] : [];
  });
}

/** Every module specifier a file imports or re-exports, static or dynamic. */
function specifiers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|(?:^|\n)\s*import\s*["']([^"']+)["']/g)) {
    found.push(match[1] ?? match[2] ?? match[3]);
  }
  return found;
}

describe("plugins import the core only through @music-aggregator/core", () => {
  const files = sourceFiles(PLUGINS);

  it("finds the bundled plugins' files", () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files.map((f) => [relative(ROOT, f), f]))("%s", (_name, file) => {
    const bad = specifiers(readFileSync(file, "utf8")).filter((spec) => {
      if (spec === "zod") return true;
      if (!spec.startsWith(".")) return false;
      const target = resolve(file, "..", spec);
      // Inside its own plugin folder is fine; anything else of the repository is not.
      const ownFolder = join(PLUGINS, relative(PLUGINS, file).split(/[\\/]/)[0]);
      return !target.startsWith(ownFolder + "/");
    });
    expect(bad, "imports outside the plugin's folder (use @music-aggregator/core)").toEqual([]);
  });
});

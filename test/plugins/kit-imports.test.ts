/**
 * The plugin kit's boundary: every file under `plugins/`, its tests included, reaches the
 * core only through `@music-aggregator/core` (and `/testing`), never by a path into `core/`,
 * `server/` or `test/`: a plugin's tests use exactly what a third party gets. And the kit
 * itself (`core/`) imports nothing of the service around it.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const PLUGINS = join(ROOT, "plugins");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : sourceFiles(path);
    return /\.(ts|mts|js|mjs)$/.test(name) ? [path] : [];
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

describe("the kit imports nothing of the service", () => {
  const KIT = join(ROOT, "core");
  const files = sourceFiles(KIT);

  it("finds the kit's files", () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files.map((f) => [relative(ROOT, f), f]))("%s", (_name, file) => {
    const outside = specifiers(readFileSync(file, "utf8")).filter((spec) => spec.startsWith(".") && !resolve(file, "..", spec).startsWith(KIT + "/"));
    expect(outside, "imports outside core/").toEqual(KNOWN_EXCEPTIONS[relative(ROOT, file)] ?? []);
  });
});

// --- internal ---

/** What the kit still takes from the service: `bindSourcePlugin` binds a plugin through the real engine. */
const KNOWN_EXCEPTIONS: Record<string, string[]> = {
  "core/testing/bind.ts": [
    "../../server/engine/config.ts",
    "../../server/engine/container.ts",
    "../../server/engine/http/upstream-client.ts",
    "../../server/engine/plugins/discover.ts",
    "../../server/engine/sources/source-registry.ts",
  ],
};

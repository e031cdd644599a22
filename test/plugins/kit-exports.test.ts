/**
 * The kit exports what plugin authors use, nothing else: every runtime export of
 * `@music-aggregator/core` is used by a bundled plugin, the example package, a plugin's test,
 * or named in the README's plugin section (the documented plugin API). The service's own
 * needs (the operation table, the version) come from the kit's files, not from its entry.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import * as kit from "@music-aggregator/core";

const ROOT = resolve(import.meta.dirname, "../..");

function texts(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : texts(path);
    return /\.(ts|mts|js|mjs)$/.test(name) ? [readFileSync(path, "utf8")] : [];
  });
}

function pluginSection(readme: string): string {
  const start = readme.indexOf("## Writing a source plugin");
  const end = readme.indexOf("\n## ", start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

describe("the kit's runtime exports", () => {
  const users = [...texts(join(ROOT, "plugins")), ...texts(join(ROOT, "examples")), ...texts(join(ROOT, "test/plugins")).filter((t) => !t.includes("The kit exports what plugin authors use")), pluginSection(readFileSync(join(ROOT, "README.md"), "utf8"))];
  const names = Object.keys(kit);

  it("are some", () => {
    expect(names.length).toBeGreaterThan(10);
  });

  it.each(names)("%s is used by a plugin, a plugin test or the README's plugin section", (name) => {
    const word = new RegExp(`\\b${name}\\b`);
    expect(users.some((text) => word.test(text))).toBe(true);
  });
});

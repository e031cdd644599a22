/**
 * The kit exports what plugin authors use, nothing else: every runtime export of
 * `@music-aggregator/core` is used by a bundled plugin, the example package, a plugin's test,
 * or named in the README's plugin section (the documented plugin API). The service's own
 * needs (the operation table, the version) come from the kit's files, not from its entry.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../support/source-files.ts";
import * as kit from "@music-aggregator/core";
import * as testing from "@music-aggregator/core/testing";

const ROOT = resolve(import.meta.dirname, "../..");

/** The text of every source file under `dir`, this test's own left out. */
function texts(dir: string): string[] {
  return sourceFiles(dir).filter((file) => file !== import.meta.filename).map((file) => readFileSync(file, "utf8"));
}

function pluginSection(readme: string): string {
  const start = readme.indexOf("## Writing a source plugin");
  const end = readme.indexOf("\n## ", start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

describe("the kit's runtime exports", () => {
  const users = [...texts(join(ROOT, "plugins")), ...texts(join(ROOT, "examples")), ...texts(join(ROOT, "test/plugins")), pluginSection(readFileSync(join(ROOT, "README.md"), "utf8"))];
  const names = Object.keys(kit);

  it("are some", () => {
    expect(names.length).toBeGreaterThan(10);
  });

  it.each(names)("%s is used by a plugin, a plugin test or the README's plugin section", (name) => {
    const word = new RegExp(`\\b${name}\\b`);
    expect(users.some((text) => word.test(text))).toBe(true);
  });
});

describe("the README's testing kit", () => {
  // The table under "Testing it": each export it names in its first column.
  const section = pluginSection(readFileSync(join(ROOT, "README.md"), "utf8"));
  const table = section.slice(section.indexOf("| export | what it does |"), section.indexOf("\n\n", section.indexOf("| export | what it does |")));
  const named = [...table.matchAll(/^\| (.+?) \|/gm)].flatMap(([, cell]) => [...cell!.matchAll(/`(\w+)[(`]/g)].map(([, name]) => name!)).filter((name) => name !== "export");

  it.each(named)("%s is exported by @music-aggregator/core/testing", (name) => {
    expect(Object.keys(testing)).toContain(name);
  });
});

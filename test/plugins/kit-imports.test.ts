/**
 * The plugin kit's boundary: every file under `plugins/`, its tests included, reaches the
 * core only through `@music-aggregator/core` (and `/testing`), never by a path into `core/`,
 * `server/` or `test/`: a plugin's tests use exactly what a third party gets. And the kit
 * itself (`core/`) imports nothing of the service around it, and no package at run time but
 * zod (its `/testing` also vitest and h3, its optional peers): it installs and runs alone.
 */
import { readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles, specifiers } from "../support/source-files.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const PLUGINS = join(ROOT, "plugins");

/** A package a file of the kit may load at run time: zod, node's own modules, and in `/testing` its optional peers. */
function kitMayLoad(spec: string, file: string): boolean {
  if (spec === "zod" || spec.startsWith("node:")) return true;
  return file.startsWith(join(ROOT, "core", "testing") + "/") && ["vitest", "h3", "h3/node"].includes(spec);
}

/** The packages a plugin's files may import: the kit, and in its tests vitest and h3 (for the kit's simulator). */
const PLUGIN_PACKAGES = ["@music-aggregator/core", "@music-aggregator/core/testing", "vitest", "h3"];

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
    const packages = specifiers(readFileSync(file, "utf8")).filter((spec) => !spec.startsWith(".") && !spec.startsWith("node:"));
    expect(packages.filter((spec) => !PLUGIN_PACKAGES.includes(spec)), "packages other than the kit").toEqual([]);
  });
});

describe("the kit imports nothing of the service, and only zod at run time", () => {
  const KIT = join(ROOT, "core");
  const files = sourceFiles(KIT);

  it("finds the kit's files", () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files.map((f) => [relative(ROOT, f), f]))("%s", (_name, file) => {
    const text = readFileSync(file, "utf8");
    const outside = specifiers(text).filter((spec) => spec.startsWith(".") && !resolve(file, "..", spec).startsWith(KIT + "/"));
    expect(outside, "imports outside core/").toEqual([]);
    const packages = specifiers(text, { runtime: true }).filter((spec) => !spec.startsWith("."));
    expect(packages.filter((spec) => !kitMayLoad(spec, file)), "packages loaded at run time besides zod").toEqual([]);
  });
});

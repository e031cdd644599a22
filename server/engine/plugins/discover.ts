/**
 * Plugin discovery at startup: every folder of `plugins/` whose entry default-exports a
 * branded definition, plus the modules or packages named in config `plugins`.
 */
import { existsSync, readdirSync } from "node:fs";
import { createRequire, register } from "node:module";
import { isAbsolute, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { type AnyPluginDefinition, type LyricsPluginDefinition, type SharePluginDefinition, type SourcePluginDefinition } from "@music-aggregator/core";
import { PluginStartupError } from "../errors.ts";
import { validateDefinition } from "@music-aggregator/core/host";
import { thrownText } from "./thrown-text.ts";

const ENTRY_FILES = ["index.ts", "index.mts", "index.js", "index.mjs"];
/** The query that marks a plugin module named by path (kept in step with `kit-resolve-hook.mjs`). */
const PLUGIN_BY_PATH = "music-aggregator-plugin";

/** Every plugin definition found at startup, by kind and id. */
export class PluginCatalog {
  readonly sources = new Map<string, SourcePluginDefinition>();
  readonly lyrics = new Map<string, LyricsPluginDefinition>();
  readonly share = new Map<string, SharePluginDefinition>();

  constructor(definitions: AnyPluginDefinition[] = []) {
    for (const def of definitions) this.add(def);
  }

  add(def: AnyPluginDefinition): this {
    if (def.kind === "source") this.sources.set(def.id, def);
    else if (def.kind === "lyrics") this.lyrics.set(def.id, def);
    else this.share.set(def.id, def);
    return this;
  }
}

export interface DiscoverOptions {
  /** folder whose sub-folders are plugins; default `<project>/plugins` */
  pluginsDir?: string;
  /** modules or packages named in config `plugins` */
  modules?: string[];
  /** where relative module paths are resolved from */
  cwd?: string;
}

/** Loads and validates every plugin; throws one `PluginStartupError` listing every problem. */
export async function discoverPlugins(options: DiscoverOptions = {}): Promise<PluginCatalog> {
  const cwd = options.cwd ?? process.cwd();
  const candidates: { specifier: string; origin: string }[] = [];
  const pluginsDir = options.pluginsDir ?? defaultPluginsDir();
  if (existsSync(pluginsDir)) {
    for (const entry of readdirSync(pluginsDir, { withFileTypes: true })) {
      // `_shared` and dot-folders hold helpers, not plugins.
      if (!entry.isDirectory() || entry.name.startsWith("_") || entry.name.startsWith(".")) continue;
      const file = ENTRY_FILES.map((name) => join(pluginsDir, entry.name, name)).find(existsSync);
      if (file) candidates.push({ specifier: pathToFileURL(file).href, origin: `plugins/${entry.name}` });
    }
  }
  if (options.modules?.length) await prepareForOutsideModules();
  for (const name of options.modules ?? []) {
    const local = name.startsWith(".") || isAbsolute(name);
    // Marked, so that the kit hook loads it as an ES module wherever it lies (`kit-resolve-hook.mjs`).
    candidates.push({ specifier: local ? `${pathToFileURL(resolve(cwd, name)).href}?${PLUGIN_BY_PATH}` : packageEntry(name, cwd), origin: name });
  }

  const problems: string[] = [];
  const found: { def: AnyPluginDefinition; origin: string }[] = [];
  const loaded = await Promise.all(
    candidates.map(async ({ specifier, origin }) => {
      try {
        const mod = await import(specifier);
        return { origin, value: mod.default ?? mod };
      } catch (error) {
        return { origin, error: thrownText(error) };
      }
    }),
  );
  for (const item of loaded) {
    if ("error" in item) {
      problems.push(`module "${item.origin}": could not be loaded: ${item.error}`);
      continue;
    }
    const itemProblems = validateDefinition(item.value, item.origin);
    if (itemProblems.length) problems.push(...itemProblems);
    else found.push({ def: item.value as AnyPluginDefinition, origin: item.origin });
  }
  problems.push(...findDuplicateIds(found));
  if (problems.length) throw new PluginStartupError(problems);
  return new PluginCatalog(found.map((f) => f.def));
}

/**
 * A package named in config `plugins`, resolved from the app's working directory (where
 * `npm install` put it), not from the core's own folder; left as it is when not found there.
 */
function packageEntry(name: string, cwd: string): string {
  try {
    return pathToFileURL(createRequire(join(cwd, "package.json")).resolve(name)).href;
  } catch {
    return name;
  }
}

export function defaultPluginsDir(): string {
  return resolve(import.meta.dirname, "../../../plugins");
}

let outsideModulesPrepared = false;

/**
 * Before loading plugin modules named in config: when the service runs compiled (`npm start`),
 * a TypeScript loader (tsx) for plugin files written in TypeScript; then the resolve hook that
 * lets such modules import `@music-aggregator/core` (`kit-resolve-hook.mjs`: their own copy when
 * they have one, else the service's, compiled when the service runs compiled, so that one kit
 * serves both). Hooks run last-registered first: the kit hook sees each import before tsx does.
 */
async function prepareForOutsideModules(): Promise<void> {
  if (outsideModulesPrepared) return;
  outsideModulesPrepared = true;
  const compiled = import.meta.url.endsWith(".js");
  if (compiled) (await import("tsx/esm/api")).register();
  // From source this file is server/engine/plugins/discover.ts, compiled dist/server/engine/plugins/discover.js:
  // either way the kit's sources are ../../../core from the project (dist's parent when compiled).
  const kitFolder = `${pathToFileURL(resolve(import.meta.dirname, compiled ? "../../../../core" : "../../../core")).href}/`;
  register(new URL("./kit-resolve-hook.mjs", import.meta.url), {
    data: { kitFolder, kitEntries: compiled ? new URL("../../../core/", import.meta.url).href : kitFolder, kitExtension: compiled ? ".js" : ".ts" },
  });
}

/** Checks a set of definitions for duplicate ids within a kind. */
export function findDuplicateIds(definitions: { def: AnyPluginDefinition; origin: string }[]): string[] {
  const seen = new Map<string, string>();
  const problems: string[] = [];
  for (const { def, origin } of definitions) {
    const key = `${def.kind}:${def.id}`;
    const first = seen.get(key);
    if (first) problems.push(`plugin "${def.id}".id: the ${def.kind} plugin id is used twice ("${first}" and "${origin}")`);
    else seen.set(key, origin);
  }
  return problems;
}

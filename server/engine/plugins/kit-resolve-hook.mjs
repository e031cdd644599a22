// A module resolve hook (node:module `register`): a plugin module named by path in config
// `plugins` may live anywhere on disk, where `@music-aggregator/core` cannot be found from
// its own folder. The rule: a plugin that finds a copy of the kit of its own (its project's
// node_modules, an installed package's dependency) keeps it; one that finds none, or finds the
// service's own kit folder (through a link or the workspace, whose `exports` name compiled
// files that may not be built), gets the service's kit in the form the service runs: its
// TypeScript sources from source, dist/core when compiled, so that plugins and service share
// one kit. And a plugin file named by path (marked `?music-aggregator-plugin` by discovery) is an
// ES module whatever its extension (.js, .mjs, .ts, .mts) and wherever it lies: outside any
// package, Node would take a .js or .ts file for CommonJS. Plain JavaScript: hooks run in a
// thread of their own, before any TypeScript loader.

const KIT = "@music-aggregator/core";
const PLUGIN_BY_PATH = "?music-aggregator-plugin";

/** the service's kit folder (file: URL ending in /), whatever form it runs in */
let kitFolder;
/** where the service's kit modules are, and their extension: core/ and .ts, or dist/core/ and .js */
let kitEntries;
let kitExtension;

export function initialize(data) {
  ({ kitFolder, kitEntries, kitExtension } = data);
}

export async function resolve(specifier, context, nextResolve) {
  if (specifier.endsWith(PLUGIN_BY_PATH)) return { ...(await nextResolve(specifier, context)), format: "module" };
  if (specifier !== KIT && !specifier.startsWith(`${KIT}/`)) return nextResolve(specifier, context);
  let resolved;
  try {
    resolved = await nextResolve(specifier, context);
  } catch (error) {
    if (error?.code !== "ERR_MODULE_NOT_FOUND") throw error;
    return nextResolve(serviceKit(specifier), context);
  }
  return resolved.url.startsWith(kitFolder) ? nextResolve(serviceKit(specifier), context) : resolved;
}

/** `@music-aggregator/core` → index, `@music-aggregator/core/testing` → testing/index, in the service's form (resolved on by the next hook: tsx loads TypeScript it resolved). */
function serviceKit(specifier) {
  const entry = specifier === KIT ? "index" : `${specifier.slice(KIT.length + 1)}/index`;
  return new URL(`${entry}${kitExtension}`, kitEntries).href;
}

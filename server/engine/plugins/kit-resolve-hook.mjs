// A module resolve hook (node:module `register`): a plugin module named by path in config
// `plugins` may live anywhere on disk, where `@music-aggregator/core` cannot be found from
// its own folder. Such an import falls back to the service's own copy of the kit; a plugin
// that has a copy of its own (an installed package, say) keeps it. When the service runs
// compiled (dist/), the service's own kit sources are swapped for their compiled files, so
// that plugins and service share one kit. Plain JavaScript: hooks run in a thread of their
// own, before any TypeScript loader.

/** a module inside the service, from which the kit resolves */
let kitParentURL;
/** the kit's TypeScript folder and its compiled twin (file: URLs ending in /), when the service runs compiled */
let sourceKit;
let builtKit;

export function initialize(data) {
  ({ kitParentURL, sourceKit, builtKit } = data);
}

export async function resolve(specifier, context, nextResolve) {
  const kit = specifier === "@music-aggregator/core" || specifier.startsWith("@music-aggregator/core/");
  let resolved;
  try {
    resolved = await nextResolve(specifier, context);
  } catch (error) {
    if (!kit || error?.code !== "ERR_MODULE_NOT_FOUND") throw error;
    resolved = await nextResolve(specifier, { ...context, parentURL: kitParentURL });
  }
  if (kit && builtKit && resolved.url.startsWith(sourceKit)) {
    return { ...resolved, url: builtKit + resolved.url.slice(sourceKit.length).replace(/\.ts$/, ".js"), format: "module" };
  }
  return resolved;
}

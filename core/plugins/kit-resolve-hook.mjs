// A module resolve hook (node:module `register`): a plugin module named by path in config
// `plugins` may live anywhere on disk, where `@music-aggregator/core` cannot be found from
// its own folder. Such an import falls back to the service's own copy of the kit; a plugin
// that has a copy of its own (an installed package, say) keeps it. Plain JavaScript: hooks
// run in a thread of their own, before any TypeScript loader.

/** a module inside the service, from which the kit resolves */
let kitParentURL;

export function initialize(data) {
  kitParentURL = data.kitParentURL;
}

export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    const kit = specifier === "@music-aggregator/core" || specifier.startsWith("@music-aggregator/core/");
    if (!kit || error?.code !== "ERR_MODULE_NOT_FOUND") throw error;
    return nextResolve(specifier, { ...context, parentURL: kitParentURL });
  }
}

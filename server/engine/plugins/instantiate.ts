/**
 * Binds the configured plugins: validates each binding's options with the plugin's own
 * schema, resolves its `deps` from the container, calls `create()` and checks the methods
 * against the declared capabilities. Every problem is collected and thrown together.
 */
import type { DependencyContainer } from "tsyringe";
import { prefixStorage, type Storage } from "unstorage";
import { DEFAULT_SOURCES, sourceBindings, unboundRemovals, type AppConfig } from "../config.ts";
import { configProblems, pathText } from "../config-problems.ts";
import type { Logger } from "../logger.ts";
import { type AnyPluginDefinition, type LyricsProvider, type PluginDeps, type ShareBackend, type SharePluginDefinition, type SourceMethods, type SourceLookups, type BudgetOptions, type UpstreamClientFactory, Tokens } from "@music-aggregator/core";
import { PluginStartupError } from "../errors.ts";
import { SourceRegistry, effectiveCapabilities, type BoundSource } from "../sources/source-registry.ts";
import type { PluginCatalog } from "./discover.ts";
import { checkInstanceMethods } from "@music-aggregator/core/host";
import { thrownText } from "./thrown-text.ts";

export interface BoundPlugins {
  registry: SourceRegistry;
  share?: { definition: SharePluginDefinition; backend: ShareBackend };
}

export function instantiatePlugins(catalog: PluginCatalog, config: AppConfig, container: DependencyContainer, log: Logger): BoundPlugins {
  const problems: string[] = [];

  const lyricsBinding = config.lyrics === undefined ? { plugin: "lrclib", options: {} } : config.lyrics;
  let lyricsProvider: { id: string; provider: LyricsProvider } | undefined;
  if (lyricsBinding) {
    const def = catalog.lyrics.get(lyricsBinding.plugin);
    if (def) {
      const provider = build<LyricsProvider>(def, lyricsBinding.options, "config lyrics.options", {});
      if (provider) lyricsProvider = { id: def.id, provider };
    } else if (config.lyrics) {
      problems.push(`config lyrics.plugin: no lyrics plugin named "${lyricsBinding.plugin}" (known: ${names(catalog.lyrics)})`);
    }
  }

  const sources: BoundSource[] = [];
  for (const { id, binding, explicit } of sourceBindings(config)) {
    const def = catalog.sources.get(binding.plugin);
    if (!def) {
      if (explicit) problems.push(`config sources.${id}.plugin: no source plugin named "${binding.plugin}" (known: ${names(catalog.sources)})`);
      else log.info(`${id}: bundled plugin "${binding.plugin}" is not available, ${id} is left out`);
      continue;
    }
    const disabled = config.disable.includes(id);
    const capabilities = effectiveCapabilities(def.capabilities, !!lyricsProvider && !def.capabilities.lyric);
    const budgets: BudgetOptions[] = [];
    const methods = disabled
      ? undefined
      : build<Partial<SourceMethods & SourceLookups>>(def, binding.options, `config sources.${id}.options`, { sourceId: id }, budgets);
    if (methods) problems.push(...checkInstanceMethods(methods, def.capabilities, `plugin "${def.id}"`, def.lookups, def.links));
    sources.push({ id, plugin: def, capabilities, methods, disabled, budget: tightest(budgets) });
  }
  for (const id of config.disable) {
    if (!sources.some((s) => s.id === id)) log.warn(`config disable: ${id} is not a bound source`);
  }
  for (const id of unboundRemovals(config)) {
    log.warn(`config sources.${id}: ${id} is not a bound source, so false removes nothing (bound by default: ${Object.keys(DEFAULT_SOURCES).join(", ")})`);
  }

  let share: BoundPlugins["share"];
  const shareDef = catalog.share.get(config.share.plugin);
  if (shareDef) {
    const backend = build<ShareBackend>(shareDef, config.share.options, "config share.options", {});
    if (backend) share = { definition: shareDef, backend };
  } else if (config.share.plugin !== "baidu") {
    problems.push(`config share.plugin: no share plugin named "${config.share.plugin}" (known: ${names(catalog.share)})`);
  }

  if (problems.length) throw new PluginStartupError(problems);
  return { registry: new SourceRegistry(sources, lyricsProvider), share };

  // Validates options, resolves deps and calls create(); records problems instead of throwing.
  function build<T>(def: AnyPluginDefinition, rawOptions: unknown, optionsPath: string, extra: object, budgets?: BudgetOptions[]): T | undefined {
    const parsed = def.options.safeParse(rawOptions ?? {});
    if (!parsed.success) {
      for (const p of configProblems(def.options, rawOptions, parsed.error.issues)) problems.push(`${optionsPath}.${pathText(p.path)}: ${p.message} (plugin "${def.id}")`);
      return undefined;
    }
    const deps = resolveDeps(def.deps, def.id, budgets);
    if (!deps) return undefined;
    try {
      return def.create({ options: parsed.data, deps, log: log.child(def.id), ...extra } as never) as T;
    } catch (error) {
      problems.push(`plugin "${def.id}".create: threw ${thrownText(error)}`);
      return undefined;
    }
  }

  function resolveDeps(deps: PluginDeps, pluginId: string, budgets?: BudgetOptions[]): Record<string, unknown> | undefined {
    const resolved: Record<string, unknown> = {};
    for (const [name, token] of Object.entries(deps)) {
      if (!container.isRegistered(token, true)) {
        problems.push(`plugin "${pluginId}".deps.${name}: ${String(token.description ?? token.toString())} is not a core service`);
        return undefined;
      }
      const service = container.resolve(token);
      // A source's clients are noted with their budgets: a fair share of it is the core's to give.
      if (token === Tokens.Http && budgets) resolved[name] = recordingBudgets(service as UpstreamClientFactory, budgets);
      // A plugin's keys are its own: under `plugin:<id>:`, apart from the answers kept in the same store and from other plugins'.
      else if (token === Tokens.Storage) resolved[name] = prefixStorage(service as Storage, `plugin:${pluginId}:`);
      else resolved[name] = service;
    }
    return resolved;
  }
}

/** A factory that notes the budget of every client it makes. */
function recordingBudgets(factory: UpstreamClientFactory, budgets: BudgetOptions[]): UpstreamClientFactory {
  return {
    create(options) {
      if (options.budget) budgets.push(options.budget);
      return factory.create(options);
    },
  };
}

/** The budget allowing the fewest requests per second. */
function tightest(budgets: BudgetOptions[]): BudgetOptions | undefined {
  return budgets.reduce<BudgetOptions | undefined>(
    (best, b) => (!best || b.requests / b.windowMs < best.requests / best.windowMs ? b : best),
    undefined,
  );
}

function names(map: Map<string, unknown>): string {
  return [...map.keys()].join(", ") || "none";
}

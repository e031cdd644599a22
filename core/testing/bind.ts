/**
 * The kit's test harness: a plugin built as the service builds it (the definition checked,
 * its options read with its own schema, its `deps` given, `create()` called, the methods
 * checked against the declared capabilities), with fake services instead of the service's:
 * an upstream client over global fetch that fails as the service's does (2001, 2002, 2003),
 * an in-memory response cache and key-value storage, and a memory logger. Nothing of the service is needed.
 */
import type { AnyPluginDefinition, LyricsPluginDefinition, LyricsProvider, ShareBackend, SharePluginDefinition, SourceLookups, SourceMethods, SourcePluginDefinition } from "../plugin.ts";
import type { Logger } from "../logger.ts";
import { Tokens } from "../tokens.ts";
import { checkInstanceMethods, validateDefinition } from "../validate.ts";
import { createMemoryLogger } from "./memory-logger.ts";
import { createMemoryResponseCache } from "./memory-response-cache.ts";
import { createMemoryStorage } from "./memory-storage.ts";
import { TEST_UPSTREAM, testClientFactory, type UpstreamDefaults } from "./fetch-upstream-client.ts";

export interface BindOptions {
  /** the plugin's options (`sources.<id>.options`), read with its own schema; default `{}` */
  options?: Record<string, unknown>;
  /** the public id a source answers as; default `source_t` */
  sourceId?: string;
  /** the defaults of the upstream clients `deps.http` makes (as the service's `upstream` config); default 2 s, no retries, 8 MB */
  upstream?: Partial<UpstreamDefaults>;
  /** services by token, instead of or besides the harness's own (a storage of the test's own, say) */
  services?: Partial<Record<symbol, unknown>>;
}

export interface BoundPlugin<Instance> {
  /** what `create()` returned */
  instance: Instance;
  /** what the plugin logged, as `level [scope] message key=value…` */
  logs: string[];
  close(): Promise<void>;
}

export interface BoundTestSource {
  /** the plugin's methods, as `create()` returned them */
  methods: Partial<SourceMethods & SourceLookups>;
  /** the public id the plugin answers as */
  sourceId: string;
  /** what the plugin logged */
  logs: string[];
  close(): Promise<void>;
}

/** Builds a source plugin with the harness's services; throws naming every problem found. */
export async function bindSourcePlugin(plugin: SourcePluginDefinition, bind: BindOptions = {}): Promise<BoundTestSource> {
  const sourceId = bind.sourceId ?? "source_t";
  const { instance, logs, close } = buildPlugin(plugin, { ...bind, sourceId });
  const problems = checkInstanceMethods(instance, plugin.capabilities, `plugin "${plugin.id}"`, plugin.lookups, plugin.links);
  if (problems.length) throw new Error(`the plugin cannot be used:\n  ${problems.join("\n  ")}`);
  return { methods: instance, sourceId, logs, close };
}

/** Builds any plugin with the harness's services: a source's methods, a lyrics provider or a share backend. */
export function buildPlugin(plugin: SourcePluginDefinition, bind?: BindOptions): BoundPlugin<Partial<SourceMethods & SourceLookups>>;
export function buildPlugin(plugin: LyricsPluginDefinition, bind?: BindOptions): BoundPlugin<LyricsProvider>;
export function buildPlugin(plugin: SharePluginDefinition, bind?: BindOptions): BoundPlugin<ShareBackend>;
export function buildPlugin(plugin: AnyPluginDefinition, bind: BindOptions = {}): BoundPlugin<unknown> {
  const problems = validateDefinition(plugin, plugin?.id ?? "the plugin");
  const parsed = problems.length ? undefined : plugin.options.safeParse(bind.options ?? {});
  if (parsed && !parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`options.${issue.path.join(".") || "(root)"}: ${issue.message} (plugin "${plugin.id}")`);
  }
  const logger = createMemoryLogger();
  const services = harnessServices(bind, logger);
  const deps: Record<string, unknown> = {};
  for (const [name, token] of Object.entries(plugin.deps ?? {})) {
    if (token in services) deps[name] = services[token];
    else problems.push(`plugin "${plugin.id}".deps.${name}: the test harness has no ${String(token.description ?? token.toString())}; give one in \`services\``);
  }
  if (problems.length || !parsed?.success) throw new Error(`the plugin cannot be built:\n  ${problems.join("\n  ")}`);
  const context = { options: parsed.data, deps, log: logger.child(plugin.id), ...(plugin.kind === "source" ? { sourceId: bind.sourceId ?? "source_t" } : {}) };
  const instance = plugin.create(context as never);
  return { instance, logs: logger.lines, close: async () => undefined };
}

// --- internal ---

/** The services the harness gives, by token; `bind.services` adds or replaces. */
function harnessServices(bind: BindOptions, logger: Logger): Partial<Record<symbol, unknown>> {
  const upstream = { ...TEST_UPSTREAM, ...bind.upstream };
  return {
    [Tokens.Config]: { upstream },
    [Tokens.Logger]: logger,
    [Tokens.Http]: testClientFactory(upstream),
    [Tokens.ResponseCache]: createMemoryResponseCache(),
    [Tokens.Storage]: createMemoryStorage(),
    ...bind.services,
  };
}

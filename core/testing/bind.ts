/**
 * A source plugin bound through the real core (config, DI container, registry), as the
 * service binds it, for tests that call its methods directly.
 */
import "reflect-metadata";
import { DEFAULT_SOURCES, parseConfig, type AppConfigInput } from "../../server/engine/config.ts";
import { createServiceContainer, disposeServiceContainer } from "../../server/engine/container.ts";
import { HttpUpstreamClientFactory, type UpstreamDefaults } from "../../server/engine/http/upstream-client.ts";
import { createMemoryLogger } from "./memory-logger.ts";
import type { SourceMethods, SourcePluginDefinition } from "../plugin.ts";
import { PluginCatalog } from "../../server/engine/plugins/discover.ts";
import type { UpstreamClientFactory } from "../services.ts";
import type { SourceRegistry } from "../../server/engine/sources/source-registry.ts";
import { Tokens } from "../tokens.ts";

export interface BoundTestSource {
  /** the plugin's methods, as `create()` returned them */
  methods: Partial<SourceMethods>;
  /** the public id the plugin answers as */
  sourceId: string;
  /** what the core and the plugin logged */
  logs: string[];
  close(): Promise<void>;
}

export interface BindOptions {
  /** the plugin's options (`sources.<id>.options`) */
  options?: Record<string, unknown>;
  /** the public id; default `source_t` */
  sourceId?: string;
  /** the rest of the service's config (upstream timeouts, retries, ...) */
  config?: AppConfigInput;
}

export async function bindSourcePlugin(plugin: SourcePluginDefinition, bind: BindOptions = {}): Promise<BoundTestSource> {
  const sourceId = bind.sourceId ?? "source_t";
  // The plugin alone: the default bindings of the other public ids are removed.
  const others = Object.fromEntries(Object.keys(DEFAULT_SOURCES).map((id) => [id, false as const]));
  const sources = { ...others, [sourceId]: { plugin: plugin.id, options: bind.options ?? {} } };
  const config = parseConfig({ lyrics: false, ...bind.config, sources }, {});
  const logger = createMemoryLogger();
  const scope = createServiceContainer({ config, catalog: new PluginCatalog([plugin]), logger });
  const methods = scope.resolve<SourceRegistry>(Tokens.SourceRegistry).resolve(sourceId).methods;
  return { methods, sourceId, logs: logger.lines, close: () => disposeServiceContainer(scope) };
}

/** An upstream client factory with test defaults (2 s, no retries), for tests of a plugin's own helpers. */
export function testClientFactory(overrides: Partial<UpstreamDefaults> = {}): UpstreamClientFactory {
  return new HttpUpstreamClientFactory({ timeoutMs: 2000, retries: 0, maxBodyBytes: 8 * 1024 * 1024, userAgent: "music-aggregator-tests/1.0", ...overrides });
}

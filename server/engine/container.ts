/**
 * Builds the service's DI container: config, logger, cache, rate limiter, statistics,
 * upstream HTTP, the plugin catalog and the bound plugins, then the services that use them.
 * Each app gets its own child container, so tests can run several independent apps in one
 * process. Where the shared state lives (memory, the process group, Redis) is `stores.ts`'s.
 */
import "reflect-metadata";
import { container as rootContainer, type DependencyContainer } from "tsyringe";
import type { AppConfig } from "./config.ts";
import { StoreResponseCache } from "./cache/response-cache.ts";
import type { Channel } from "./cluster/channel.ts";
import { UserAgentPolicy } from "./guard/user-agent.ts";
import { HttpUpstreamClientFactory } from "./http/upstream-client.ts";
import { createConsoleLogger, type Logger } from "./logger.ts";
import { MusicService } from "./music/music-service.ts";
import type { PluginCatalog } from "./plugins/discover.ts";
import { instantiatePlugins } from "./plugins/instantiate.ts";
import { registerShareServices } from "./share/register.ts";
import { CountingOriginStats } from "./stats/origin-stats.ts";
import { createStores } from "./stores.ts";
import { Tokens } from "../../core/tokens.ts";

export interface ServiceContainerOptions {
  config: AppConfig;
  catalog: PluginCatalog;
  logger?: Logger;
  /** this process is a worker of a `WORKERS` group: its channel to the primary */
  group?: Channel;
}

/** Registers everything; throws `PluginStartupError` when a plugin or its config is bad. */
export function createServiceContainer({ config, catalog, logger, group }: ServiceContainerOptions): DependencyContainer {
  const scope = rootContainer.createChildContainer();
  const log = logger ?? createConsoleLogger();
  const stores = createStores(config, log, group);
  scope.registerInstance(Tokens.Config, config);
  scope.registerInstance(Tokens.Logger, log);
  scope.registerInstance(Tokens.Storage, stores.cache.storage);
  scope.registerInstance(Tokens.StatsStorage, stores.statsStorage);
  scope.registerInstance(Tokens.SharedStats, stores.stats);
  scope.registerInstance(Tokens.OriginStats, scope.resolve(CountingOriginStats));
  scope.registerInstance(
    Tokens.ResponseCache,
    new StoreResponseCache(
      stores.cache,
      { notFoundTtl: config.cache.ttl.notFound, staleTtl: config.cache.ttl.stale, loadMs: config.upstream.timeoutMs },
      stores.stats,
    ),
  );
  scope.registerInstance(Tokens.Http, new HttpUpstreamClientFactory(config.upstream, config.upstream.clientShare));
  scope.registerInstance(Tokens.RateLimiter, stores.limiter);
  scope.registerInstance(Tokens.UserAgentPolicy, new UserAgentPolicy(config.userAgentBlock));
  if (stores.redis) scope.registerInstance(Tokens.Redis, stores.redis);
  if (group) scope.registerInstance(Tokens.Group, group);

  try {
    const bound = instantiatePlugins(catalog, config, scope, log);
    scope.registerInstance(Tokens.SourceRegistry, bound.registry);
    scope.registerInstance(Tokens.MusicService, scope.resolve(MusicService));
    registerShareServices(scope, { config, log, backend: bound.share?.backend });
  } catch (error) {
    // A plugin that cannot start stops the start: nothing of the stores may keep the process alive.
    void stores.dispose();
    throw error;
  }

  scope.registerInstance(Tokens.Dispose, () => stores.dispose());
  return scope;
}

/** Closes the container's connections (cache, Redis). */
export async function disposeServiceContainer(scope: DependencyContainer): Promise<void> {
  await scope.resolve<() => Promise<void>>(Tokens.Dispose)();
}

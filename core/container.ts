/**
 * Builds the service's DI container: config, logger, cache, rate limiter, upstream HTTP,
 * the plugin catalog and the bound plugins, then the services that use them. Each app gets
 * its own child container, so tests can run several independent apps in one process.
 */
import "reflect-metadata";
import { Redis } from "ioredis";
import { container as rootContainer, type DependencyContainer } from "tsyringe";
import type { AppConfig } from "./config.ts";
import { StoreResponseCache } from "./cache/response-cache.ts";
import { createCacheBackend } from "./cache/storage.ts";
import { RequestLimiter } from "./guard/request-limiter.ts";
import { UserAgentPolicy } from "./guard/user-agent.ts";
import { HttpUpstreamClientFactory } from "./http/upstream-client.ts";
import { createConsoleLogger, type Logger } from "./logger.ts";
import { MusicService } from "./music/music-service.ts";
import type { PluginCatalog } from "./plugins/discover.ts";
import { instantiatePlugins } from "./plugins/instantiate.ts";
import { registerShareServices } from "./share/register.ts";
import { Tokens } from "./tokens.ts";

export interface ServiceContainerOptions {
  config: AppConfig;
  catalog: PluginCatalog;
  logger?: Logger;
}

/** Registers everything; throws `PluginStartupError` when a plugin or its config is bad. */
export function createServiceContainer({ config, catalog, logger }: ServiceContainerOptions): DependencyContainer {
  const scope = rootContainer.createChildContainer();
  const log = logger ?? createConsoleLogger();
  const redis = config.store.redis ? new Redis(config.store.redis, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true }) : undefined;
  // An unreachable Redis must not crash the process: the limiter falls back to memory.
  redis?.on("error", (error) => log.warn(`redis: ${error.message}`));

  const prefix = config.store.prefix;
  const cacheBackend = createCacheBackend(config, `${prefix}:cache`);
  const statsBackend = createCacheBackend({ ...config, cache: { ...config.cache, max: 1000 } }, `${prefix}:stats`);
  scope.registerInstance(Tokens.Config, config);
  scope.registerInstance(Tokens.Logger, log);
  scope.registerInstance(Tokens.Storage, cacheBackend.storage);
  scope.registerInstance(Tokens.StatsStorage, statsBackend.storage);
  scope.registerInstance(
    Tokens.ResponseCache,
    new StoreResponseCache(cacheBackend, { notFoundTtl: config.cache.ttl.notFound, staleTtl: config.cache.ttl.stale }),
  );
  scope.registerInstance(Tokens.Http, new HttpUpstreamClientFactory(config.upstream));
  scope.registerInstance(
    Tokens.RateLimiter,
    new RequestLimiter({ points: config.rateLimit.points, durationSeconds: config.rateLimit.duration, redis, keyPrefix: `${prefix}:rl` }),
  );
  scope.registerInstance(Tokens.UserAgentPolicy, new UserAgentPolicy(config.userAgentBlock));

  const bound = instantiatePlugins(catalog, config, scope, log);
  scope.registerInstance(Tokens.SourceRegistry, bound.registry);
  scope.registerInstance(Tokens.MusicService, scope.resolve(MusicService));
  registerShareServices(scope, { config, log, backend: bound.share?.backend });

  scope.registerInstance(Tokens.Dispose, async () => {
    await Promise.allSettled([cacheBackend.dispose(), statsBackend.dispose()]);
    redis?.disconnect();
  });
  return scope;
}

/** Closes the container's connections (cache, Redis). */
export async function disposeServiceContainer(scope: DependencyContainer): Promise<void> {
  await scope.resolve<() => Promise<void>>(Tokens.Dispose)();
}

/**
 * The composition root: the one place the service is put together with tsyringe. Values made
 * from the config (the stores, the upstream client factory) and the bound plugins are
 * registered as they are made; every service class is registered once and receives its
 * collaborators through its constructor (`@inject`). Nothing else in the service resolves from
 * the container: the plugins' `deps` are resolved here too (`instantiate.ts` is handed this
 * container). Each service gets its own child container, so tests run several apps in one process.
 */
import "reflect-metadata";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { H3 } from "h3";
import { container as rootContainer, instanceCachingFactory, type DependencyContainer, type InjectionToken } from "tsyringe";
import { Tokens } from "@music-aggregator/core";
import { StoreResponseCache } from "../engine/cache/response-cache.ts";
import type { Channel } from "../engine/cluster/channel.ts";
import type { AppConfig } from "../engine/config.ts";
import { UserAgentPolicy } from "../engine/guard/user-agent.ts";
import { HttpUpstreamClientFactory } from "../engine/http/upstream-client.ts";
import { Lifecycle } from "../engine/lifecycle.ts";
import { createConsoleLogger, type Logger } from "../engine/logger.ts";
import { MusicMetrics } from "../engine/metrics/music-metrics.ts";
import { FallbackService } from "../engine/music/fallback.ts";
import { Lyrics } from "../engine/music/lyrics.ts";
import { IdentifierLookups } from "../engine/music/identifier-lookups.ts";
import { LookupService } from "../engine/music/lookup-service.ts";
import { AlbumCopies } from "../engine/music/album-copies.ts";
import { ResolveService } from "../engine/music/resolve-service.ts";
import { MatchService } from "../engine/music/match-service.ts";
import { MusicService } from "../engine/music/music-service.ts";
import { PlaylistUrls } from "../engine/music/playlist-urls.ts";
import { TransferService } from "../engine/music/transfer-service.ts";
import { SearchAllService } from "../engine/music/search-all.ts";
import { SearchService } from "../engine/music/search-service.ts";
import { SongUrls } from "../engine/music/song-urls.ts";
import { SourceCalls } from "../engine/music/source-calls.ts";
import type { PluginCatalog } from "../engine/plugins/discover.ts";
import { instantiatePlugins } from "../engine/plugins/instantiate.ts";
import type { RedisLink } from "../engine/redis/connection.ts";
import { QrCodeService, resolveQrSecret } from "../engine/share/qr-code.ts";
import { ShareService } from "../engine/share/share-service.ts";
import { TrafficStats } from "../engine/share/traffic-stats.ts";
import { SourceRegistry } from "../engine/sources/source-registry.ts";
import { CountingOriginStats } from "../engine/stats/origin-stats.ts";
import { createStores } from "../engine/stores.ts";
import { ServiceTokens, type Token } from "../engine/tokens.ts";
import { createApp, createNodeHandler } from "../request/app.ts";
import { HttpFront } from "../request/http-front.ts";
import { offerMetrics } from "../request/metrics/group.ts";

export interface ComposeOptions {
  config: AppConfig;
  catalog: PluginCatalog;
  logger?: Logger;
  /** this process is a worker of a `WORKERS` group: its channel to the primary */
  group?: Channel;
}

/** The service, put together: what the process files and the tests work with. */
export interface ComposedService {
  config: AppConfig;
  front: HttpFront;
  app: H3;
  /** what node:http serves: kept answers first, then the app */
  handler: (req: IncomingMessage, res: ServerResponse) => unknown;
  lifecycle: Lifecycle;
  registry: SourceRegistry;
  redis?: RedisLink;
  /** the container, for tests that look inside; the service itself never reads it */
  container: DependencyContainer;
  /** Sends the statistics not sent yet, then closes the connections (cache, Redis). */
  dispose(): Promise<void>;
}

/** Builds the service; throws `PluginStartupError` when a plugin or its config is bad. */
export function composeService({ config, catalog, logger, group }: ComposeOptions): ComposedService {
  const c = rootContainer.createChildContainer();
  const log = logger ?? createConsoleLogger();
  const stores = createStores(config, log, group);
  const value = <T>(token: Token<T> | InjectionToken<T>, made: T) => c.register(token, { useFactory: () => made });
  const single = <T>(token: InjectionToken<T>, make: (c: DependencyContainer) => T) => c.register(token, { useFactory: instanceCachingFactory(make) });

  value(Tokens.Config, config);
  value(Tokens.Logger, log);
  value(Tokens.Storage, stores.cache.storage);
  const sharing = { log: log.child("budget"), store: stores.redis && { link: stores.redis, prefix: config.store.prefix } };
  value(Tokens.Http, new HttpUpstreamClientFactory(config.upstream, config.upstream.clientShare, sharing));
  value(Tokens.ResponseCache, new StoreResponseCache(stores.cache, { notFoundTtl: config.cache.ttl.notFound, staleTtl: config.cache.ttl.stale, loadMs: config.upstream.timeoutMs }, stores.stats));
  value(ServiceTokens.StatsStorage, stores.statsStorage);
  value(ServiceTokens.SharedStats, stores.stats);
  value(ServiceTokens.RateLimiter, stores.limiter);
  value(ServiceTokens.Redis, stores.redis);
  value(ServiceTokens.Group, group);
  single(ServiceTokens.OriginStats, (r) => r.resolve(CountingOriginStats));
  single(TrafficStats, (r) => new TrafficStats(r.resolve(ServiceTokens.StatsStorage)));
  single(QrCodeService, () => new QrCodeService(resolveQrSecret(config.share.qrSecret, log.child("share"))));
  const services = [Lifecycle, UserAgentPolicy, MusicMetrics, SourceCalls, SearchAllService, SearchService, IdentifierLookups, LookupService, MatchService, AlbumCopies, ResolveService, SongUrls, FallbackService, Lyrics, PlaylistUrls, TransferService, MusicService, CountingOriginStats, HttpFront];
  for (const service of services) c.registerSingleton(service as new (...args: never[]) => unknown);

  let bound: ReturnType<typeof instantiatePlugins>;
  try {
    bound = instantiatePlugins(catalog, config, c, log);
  } catch (error) {
    // A plugin that cannot start stops the start: nothing of the stores may keep the process alive.
    void stores.dispose();
    throw error;
  }
  value(SourceRegistry, bound.registry);
  const backend = bound.share?.backend;
  // A listing may take a few upstream deadlines across its pages.
  value(ServiceTokens.Shares, backend && new ShareService(backend, c.resolve(Tokens.ResponseCache), config.share.listTtl, config.upstream.timeoutMs * 3));

  const front = c.resolve(HttpFront);
  if (config.metrics.enabled) offerMetrics(front.musicMetrics);
  const app = createApp(front);
  return {
    config,
    front,
    app,
    handler: createNodeHandler(front, app),
    lifecycle: front.lifecycle,
    registry: bound.registry,
    redis: stores.redis,
    container: c,
    dispose: () => stores.dispose(),
  };
}

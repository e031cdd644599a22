/**
 * Dependency-injection tokens of the core, all in this one file. Plugins name the first ones
 * in their `deps` to receive core services in `create()`, typed by `TokenTypes` (interfaces,
 * never classes); the core and server resolve every token with explicit `@inject`.
 */
import type { Logger as LoggerService } from "./logger.ts";
import type { KeyValueStorage, PluginConfig, RateLimiter as RateLimiterService, ResponseCache as ResponseCacheService, UpstreamClientFactory } from "./services.ts";

const Config: unique symbol = Symbol.for("music.config");
const Logger: unique symbol = Symbol.for("music.logger");
const StorageToken: unique symbol = Symbol.for("music.storage");
const ResponseCache: unique symbol = Symbol.for("music.response-cache");
const Http: unique symbol = Symbol.for("music.http");
const RateLimiter: unique symbol = Symbol.for("music.rate-limiter");
const StatsStorage: unique symbol = Symbol.for("music.stats-storage");

export const Tokens = {
  /** the validated config; a plugin sees its `PluginConfig` part */
  Config,
  /** `Logger` */
  Logger,
  /** `KeyValueStorage` holding cached answers (an unstorage `Storage`) */
  Storage: StorageToken,
  /** `ResponseCache`: lifetimes, single-flight, negative and stale answers */
  ResponseCache,
  /** `UpstreamClientFactory`: plugins build their HTTP client with it */
  Http,
  /** `RequestLimiter`: the per-client rate limiter */
  RateLimiter,
  /** a shared key-value `Storage` for statistics (memory, or Redis when configured) */
  StatsStorage,
  /** `SourceRegistry`: public source ids bound to plugin instances */
  SourceRegistry: Symbol.for("music.source-registry"),
  /** `MusicService`: the `/v1` operations */
  MusicService: Symbol.for("music.music-service"),
  /** `ShareService`: the `/api` share-listing operations, when a share backend is configured */
  ShareService: Symbol.for("music.share-service"),
  /** `TrafficStats`: counters of the share-listing service */
  TrafficStats: Symbol.for("music.traffic-stats"),
  /** `QrCodeService`: signed QR codes of the share-listing service */
  QrCodes: Symbol.for("music.qr-codes"),
  /** `UserAgentPolicy`: the user-agent block list */
  UserAgentPolicy: Symbol.for("music.user-agent-policy"),
  /** `SharedStats`: cache and origin counts of this process, totalled over instances or workers */
  SharedStats: Symbol.for("music.shared-stats"),
  /** `OriginStats`: requests per origin, the top 20 of the last 24 h */
  OriginStats: Symbol.for("music.origin-stats"),
  /** `() => Promise<void>`: closes the container's connections */
  Dispose: Symbol.for("music.dispose"),
  /** `RedisLink`: the Redis connection and its state, registered only when `store.redis` is set */
  Redis: Symbol.for("music.redis"),
  /** `Channel`: this process's channel to the primary, registered only in a worker of a `WORKERS` group */
  Group: Symbol.for("music.group"),
} as const;

/** The services a plugin can ask for in `deps`, by token. */
export interface TokenTypes {
  [Config]: PluginConfig;
  [Logger]: LoggerService;
  [StorageToken]: KeyValueStorage;
  [ResponseCache]: ResponseCacheService;
  [Http]: UpstreamClientFactory;
  [RateLimiter]: RateLimiterService;
  [StatsStorage]: KeyValueStorage;
}

/** The service a token stands for (`unknown` for a token plugins are not given a type for). */
export type ServiceOf<T> = T extends keyof TokenTypes ? TokenTypes[T] : unknown;

/**
 * Dependency-injection tokens of the core. Plugins name these in their `deps` to receive
 * core services in `create()`, typed by `TokenTypes`; the core and server use them with
 * explicit `@inject`.
 */
import type { Storage } from "unstorage";
import type { ResponseCache as ResponseCacheService } from "./cache/response-cache.ts";
import type { AppConfig } from "./config.ts";
import type { RequestLimiter } from "./guard/request-limiter.ts";
import type { UpstreamClientFactory } from "./http/upstream-client.ts";
import type { Logger as LoggerService } from "./logger.ts";

const Config: unique symbol = Symbol.for("music.config");
const Logger: unique symbol = Symbol.for("music.logger");
const StorageToken: unique symbol = Symbol.for("music.storage");
const ResponseCache: unique symbol = Symbol.for("music.response-cache");
const Http: unique symbol = Symbol.for("music.http");
const RateLimiter: unique symbol = Symbol.for("music.rate-limiter");
const StatsStorage: unique symbol = Symbol.for("music.stats-storage");

export const Tokens = {
  /** the validated `AppConfig` */
  Config,
  /** `Logger` */
  Logger,
  /** unstorage `Storage` holding cached answers */
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
} as const;

/** The services a plugin can ask for in `deps`, by token. */
export interface TokenTypes {
  [Config]: AppConfig;
  [Logger]: LoggerService;
  [StorageToken]: Storage;
  [ResponseCache]: ResponseCacheService;
  [Http]: UpstreamClientFactory;
  [RateLimiter]: RequestLimiter;
  [StatsStorage]: Storage;
}

/** The service a token stands for (`unknown` for a token plugins are not given a type for). */
export type ServiceOf<T> = T extends keyof TokenTypes ? TokenTypes[T] : unknown;

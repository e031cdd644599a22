/**
 * Dependency-injection tokens of the core. Plugins name these in their `deps` to receive
 * core services in `create()`; the core and server use them with explicit `@inject`.
 */
export const Tokens = {
  /** the validated `AppConfig` */
  Config: Symbol.for("music.config"),
  /** `Logger` */
  Logger: Symbol.for("music.logger"),
  /** unstorage `Storage` holding cached answers */
  Storage: Symbol.for("music.storage"),
  /** `ResponseCache`: lifetimes, single-flight, negative and stale answers */
  ResponseCache: Symbol.for("music.response-cache"),
  /** `UpstreamClientFactory`: plugins build their HTTP client with it */
  Http: Symbol.for("music.http"),
  /** `RequestLimiter`: the per-client rate limiter */
  RateLimiter: Symbol.for("music.rate-limiter"),
  /** `PluginCatalog`: every discovered plugin definition */
  PluginCatalog: Symbol.for("music.plugin-catalog"),
  /** `SourceRegistry`: public source ids bound to plugin instances */
  SourceRegistry: Symbol.for("music.source-registry"),
  /** `MusicService`: the `/v1` operations */
  MusicService: Symbol.for("music.music-service"),
  /** `ShareService`: the `/api` share-listing operations, when a share backend is configured */
  ShareService: Symbol.for("music.share-service"),
  /** `TrafficStats`: counters of the share-listing service */
  TrafficStats: Symbol.for("music.traffic-stats"),
  /** a shared key-value `Storage` for statistics (memory, or Redis when configured) */
  StatsStorage: Symbol.for("music.stats-storage"),
} as const;

export type TokenName = keyof typeof Tokens;

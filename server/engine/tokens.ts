/**
 * The service's own DI tokens, each carrying the type of what it stands for, so that the
 * composition root and the `@inject` sites agree without a cast. Services that are classes
 * are their own tokens; these name values and interfaces. The tokens a plugin may ask for in
 * its `deps` are the kit's (`Tokens` of `@music-aggregator/core`).
 */
import type { Storage } from "unstorage";
import type { Channel } from "./cluster/channel.ts";
import type { RedisLink } from "./redis/connection.ts";
import type { ShareService } from "./share/share-service.ts";
import { type OriginStats, type SharedStats } from "./stats/shared-stats.ts";
import { type RateLimiter } from "./guard/rate-limiter.ts";

/** A token for a `T`: a symbol whose type says what it resolves to. */
export type Token<T> = symbol & { readonly __resolvesTo?: T };

const token = <T>(name: string): Token<T> => Symbol.for(`music.${name}`) as Token<T>;

export const ServiceTokens = {
  /** cache and origin counts of this process, totalled over instances or workers */
  SharedStats: token<SharedStats>("shared-stats"),
  /** requests per origin, the top 20 of the last 24 h */
  OriginStats: token<OriginStats>("origin-stats"),
  /** the per-client rate limit */
  RateLimiter: token<RateLimiter>("rate-limiter"),
  /** a shared key-value store for statistics (memory, the primary's, or Redis) */
  StatsStorage: token<Storage>("stats-storage"),
  /** the Redis connection, when `store.redis` is set */
  Redis: token<RedisLink | undefined>("redis"),
  /** this process's channel to the primary, in a worker of a `WORKERS` group */
  Group: token<Channel | undefined>("group"),
  /** the share-listing service, when a share backend plugin is bound */
  Shares: token<ShareService | undefined>("shares"),
} as const;

/**
 * Where the state lives that instances share: the cache, the statistics storage (the share
 * service's traffic), the statistics of `/v1/status` and the rate limit. Chosen by the config
 * and by whether this process is one worker of a `WORKERS` group:
 *
 * | setup                 | cache              | statistics storage | statistics        | rate limit                    |
 * |-----------------------|--------------------|--------------------|-------------------|-------------------------------|
 * | one process           | memory             | memory             | this process's    | memory                        |
 * | workers, no Redis     | memory, per worker | the primary's      | summed by primary | the primary's (cluster limiter) |
 * | `store.redis`         | Redis¹             | Redis              | Redis             | Redis²                        |
 *
 * ¹ unless `cache.driver` is set to `memory`; behind an in-process tier of the memory cache's
 * bounds (`cache.localTier`), which alone answers while Redis is down. The other rows' memory (or the primary's)
 * stands in while Redis is down too. ² while Redis is down, this process (a worker: the primary)
 * goes on from each client's count as last read from Redis. Nothing here creates a timer or a connection in the one-process setup.
 */
import type { Storage } from "unstorage";
import { createStorage } from "unstorage";
import { redisCacheBackend } from "./cache/redis-backend.ts";
import { defaultCacheBytes, MAX_ENTRY_SHARE, MemoryLru } from "./cache/memory-lru.ts";
import { memoryBackendOver, memoryStorage, type CacheBackend } from "./cache/storage.ts";
import { tieredCacheBackend } from "./cache/tiered-backend.ts";
import type { Channel } from "./cluster/channel.ts";
import { groupStorageDriver } from "./cluster/group-storage.ts";
import type { AppConfig } from "./config.ts";
import { RequestLimiter } from "./guard/request-limiter.ts";
import type { Logger } from "./logger.ts";
import { RedisLink } from "./redis/connection.ts";
import { linkDriver } from "./redis/storage-driver.ts";
import type { SharedStats } from "../../core/services.ts";
import { GroupStats } from "./stats/group-stats.ts";
import { LocalStats } from "./stats/local-stats.ts";
import { RedisStats } from "./stats/redis-stats.ts";

export interface Stores {
  /** the Redis connection, when one is configured */
  redis?: RedisLink;
  cache: CacheBackend;
  statsStorage: Storage;
  stats: SharedStats;
  limiter: RequestLimiter;
  /** Sends the statistics not sent yet, then closes the connections. */
  dispose(): Promise<void>;
}

/** `group`: this process's channel to the primary, when it is a worker of a group. */
export function createStores(config: AppConfig, log: Logger, group?: Channel): Stores {
  const prefix = config.store.prefix;
  const redis = config.store.redis ? new RedisLink(config.store.redis, log.child("redis")) : undefined;
  const entries = (): Promise<number> => cache.countEntries();
  const stats: SharedStats = redis ? new RedisStats(redis, prefix, entries) : group ? new GroupStats(group, entries) : new LocalStats(entries);
  const local = new MemoryLru(memoryLimits(config));
  // Every read is counted by the tier that answered it, in the counts `/v1/status` totals.
  const cache: CacheBackend =
    redis && config.cache.driver === "redis"
      ? tieredCacheBackend(local, redisCacheBackend(redis, `${prefix}:cache`), {
          staleSeconds: config.cache.ttl.stale,
          answerLocally: answersLocally(config),
          counts: stats.local,
        })
      : memoryBackendOver(local, stats.local);
  const statsStorage = redis
    ? createStorage({ driver: linkDriver({ link: redis, base: `${prefix}:stats` }) })
    : group
      ? createStorage({ driver: groupStorageDriver(group) })
      : memoryStorage(1000);
  const limiter = new RequestLimiter({
    points: config.rateLimit.points,
    durationSeconds: config.rateLimit.duration,
    redis,
    group: !!group,
    keyPrefix: `${prefix}:rl`,
  });
  return {
    redis,
    cache,
    statsStorage,
    stats,
    limiter,
    async dispose() {
      await stats.close();
      limiter.dispose();
      await Promise.allSettled([cache.dispose(), statsStorage.dispose()]);
      group?.close();
      await redis?.close();
    },
  };
}

/**
 * Whether this process answers from copies of cached answers it holds (the in-process tier and
 * the rendered answers of the fast path) while the cache's store is up: always with the memory
 * store; with Redis unless `cache.localTier` is false.
 */
export function answersLocally(config: AppConfig): boolean {
  return config.cache.driver !== "redis" || config.cache.localTier;
}

/** The bounds of the in-process cache: `cache.max` entries and `cache.maxBytes` bytes. */
export function memoryLimits(config: AppConfig): { maxEntries: number; maxBytes: number; maxEntryBytes: number } {
  const maxBytes = config.cache.maxBytes ?? defaultCacheBytes();
  return { maxEntries: config.cache.max, maxBytes, maxEntryBytes: Math.floor(maxBytes * MAX_ENTRY_SHARE) };
}

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
import { type Storage, createStorage } from "unstorage";
import { answerStore, type AnswerStore } from "./cache/answer-store.ts";
import { boundedMemoryDriver } from "./cache/memory-driver.ts";
import type { Channel } from "./cluster/channel.ts";
import { groupStorageDriver } from "./cluster/group-storage.ts";
import type { AppConfig } from "./config.ts";
import { RequestLimiter } from "./guard/request-limiter.ts";
import type { Logger } from "./logger.ts";
import { RedisLink } from "./redis/connection.ts";
import { linkDriver } from "./redis/storage-driver.ts";
import { GroupStats } from "./stats/group-stats.ts";
import { LocalStats } from "./stats/local-stats.ts";
import { RedisStats } from "./stats/redis-stats.ts";
import { type SharedStats } from "./stats/shared-stats.ts";

export interface Stores {
  /** the Redis connection, when one is configured */
  redis?: RedisLink;
  cache: AnswerStore;
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
  const entries = (): Promise<number> => cache.entries();
  const stats: SharedStats = redis ? new RedisStats(redis, prefix, entries) : group ? new GroupStats(group, entries) : new LocalStats(entries);
  // Every read is counted by the tier that answered it, in the counts `/v1/status` totals.
  const cache = answerStore(config, stats.local, redis);
  const statsStorage = redis
    ? createStorage({ driver: linkDriver({ link: redis, base: `${prefix}:stats` }) })
    : group
      ? createStorage({ driver: groupStorageDriver(group) })
      : createStorage({ driver: boundedMemoryDriver({ maxEntries: 1000, maxBytes: 8 * 1024 * 1024, maxEntryBytes: 1024 * 1024 }) });
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
      await Promise.allSettled([cache.storage.dispose(), statsStorage.dispose()]);
      group?.close();
      await redis?.close();
    },
  };
}

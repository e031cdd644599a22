/**
 * Where cached answers are kept: one unstorage `Storage` over the answers driver
 * (`answers-driver.ts`): this process's bounded memory alone, or in front of Redis shared by
 * every instance when `store.redis` is set (and `cache.driver` is not `memory`). Beside it, the
 * load locks that keep instances from asking the upstream for the same key at once.
 */
import { createStorage, type Storage } from "unstorage";
import type { AppConfig } from "../config.ts";
import type { RedisLink } from "../redis/connection.ts";
import { linkDriver } from "../redis/storage-driver.ts";
import type { CacheTier } from "../stats/cache-counts.ts";
import { answersDriver, type CountingDriver } from "./answers-driver.ts";
import { redisLoadLocks, type LoadLocks } from "./load-locks.ts";
import { boundedMemoryDriver, defaultCacheBytes, MAX_ENTRY_SHARE, type MemoryBounds } from "./memory-driver.ts";
import { type CacheCounts } from "../stats/shared-stats.ts";

export interface AnswerStore {
  storage: Storage;
  driver: "memory" | "redis";
  /** the stores a read may be answered from, first to last (`/v1/status` reports each one's hits and misses) */
  tiers: readonly CacheTier[];
  /** one load per key across instances; only a shared store has them */
  locks?: LoadLocks;
  /** entries held, never by a key scan */
  entries(): Promise<number>;
}

/** Every read is counted in `counts` by the tier that answered it. */
export function answerStore(config: AppConfig, counts: CacheCounts, redis?: RedisLink): AnswerStore {
  const local = boundedMemoryDriver(memoryBounds(config)) as CountingDriver;
  const shared = redis && config.cache.driver === "redis";
  const namespace = `${config.store.prefix}:cache`;
  const remote = shared ? { driver: linkDriver({ link: redis, base: namespace, index: true }) as CountingDriver, link: redis } : undefined;
  const driver = answersDriver({ local, remote, staleSeconds: config.cache.ttl.stale, answerLocally: answersLocally(config), counts }) as CountingDriver;
  return {
    storage: createStorage({ driver }),
    driver: shared ? "redis" : "memory",
    tiers: shared ? ["local", "redis"] : ["local"],
    locks: shared ? redisLoadLocks(redis, namespace) : undefined,
    entries: async () => driver.count(),
  };
}

/**
 * Whether this process answers from copies of cached answers it holds (the in-process tier and
 * the kept answers) while the cache's store is up: always with the memory store; with Redis
 * unless `cache.localTier` is false.
 */
export function answersLocally(config: AppConfig): boolean {
  return config.cache.driver !== "redis" || config.cache.localTier;
}

/** The bounds of the in-process cache: `cache.max` entries and `cache.maxBytes` bytes. */
export function memoryBounds(config: AppConfig): MemoryBounds {
  const maxBytes = config.cache.maxBytes ?? defaultCacheBytes();
  return { maxEntries: config.cache.max, maxBytes, maxEntryBytes: Math.floor(maxBytes * MAX_ENTRY_SHARE) };
}

/**
 * Where cached answers are kept: a bounded in-memory LRU by default; with Redis configured,
 * Redis shared by every instance behind a bounded in-process tier (`tiered-backend.ts`).
 */
import { createStorage, type Storage } from "unstorage";
import type { CacheCounts } from "../../../core/services.ts";
import { zeroCounts, type CacheTier } from "../stats/cache-counts.ts";
import { entryExpiry } from "./entry.ts";
import { memoryLruDriver } from "./memory-driver.ts";
import { MemoryLru, type MemoryLruLimits } from "./memory-lru.ts";

export interface CacheBackend {
  storage: Storage;
  driver: "memory" | "redis";
  /** the stores a read may be answered from, first to last (`/v1/status` reports each one's hits and misses) */
  tiers: readonly CacheTier[];
  /**
   * Reads a raw entry. The memory store answers synchronously: a cache hit then costs no
   * promise and no key normalisation (keys from `cacheKey` are already in unstorage's normal
   * form, so they name the same entries `storage` writes). Never throws: a store that cannot
   * answer reads as a miss.
   */
  read(key: string): string | undefined | Promise<string | undefined>;
  /** Stores a raw entry for `ttlSeconds`; never throws (a failing store must not fail the request). */
  write(key: string, raw: string, ttlSeconds: number): Promise<void>;
  /** entries held, never by a key scan: the LRU's size, or a Redis index (`redis-backend.ts`) */
  countEntries(): Promise<number>;
  /** one load per key across instances; only a shared backend has it */
  locks?: LoadLocks;
  dispose(): Promise<void>;
}

/** A short lock per key, so that of several instances missing the same key only one asks the upstream. */
export interface LoadLocks {
  /**
   * Takes the lock of `key` for `ms`: the function that releases it, `"held"` when another
   * instance has it, or undefined when the store cannot say (then everyone loads).
   */
  acquire(key: string, ms: number): Promise<(() => Promise<void>) | "held" | undefined>;
  /** The entry of `key` and whether its lock is still held, read together. */
  poll(key: string): Promise<{ raw: string | undefined; held: boolean }>;
}

/** The memory cache: entries and bytes bounded, each entry dropped at the end of its lifetime. */
export function memoryCacheBackend(limits: MemoryLruLimits, counts: CacheCounts = zeroCounts()): CacheBackend {
  return memoryBackendOver(new MemoryLru(limits), counts);
}

/** A cache backend over an existing in-process store; its reads are counted in `counts` (`localHits`, `localMisses`). */
export function memoryBackendOver(lru: MemoryLru, counts: CacheCounts, now: () => number = Date.now): CacheBackend {
  const storage = createStorage({ driver: memoryLruDriver(lru) });
  return {
    storage,
    driver: "memory",
    tiers: ["local"],
    read(key) {
      const raw = lru.get(key);
      if (raw !== undefined && entryExpiry(raw) > now()) counts.localHits++;
      else counts.localMisses++;
      return raw;
    },
    write: async (key, raw, ttl) => lru.set(key, raw, ttl),
    countEntries: async () => lru.size,
    dispose: () => storage.dispose(),
  };
}

/** A small in-memory key-value store (statistics of a single process). */
export function memoryStorage(maxEntries: number): Storage {
  return createStorage({ driver: memoryLruDriver(new MemoryLru({ maxEntries, maxBytes: 8 * 1024 * 1024, maxEntryBytes: 1024 * 1024 })) });
}

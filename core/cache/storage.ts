/**
 * Where cached answers are kept: a bounded in-memory LRU by default, Redis
 * (`redis-backend.ts`) when configured so that several instances share one cache.
 */
import { createStorage, type Storage } from "unstorage";
import lruCacheDriver from "unstorage/drivers/lru-cache";

export interface CacheBackend {
  storage: Storage;
  driver: "memory" | "redis";
  /**
   * Reads a raw entry. The memory driver answers synchronously, straight from its LRU: a cache
   * hit then costs no promise and no key normalisation (keys from `cacheKey` are already in
   * unstorage's normal form, so they name the same entries `storage` writes). Never throws:
   * a store that cannot answer reads as a miss.
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

export function memoryCacheBackend(max: number): CacheBackend {
  const driver = lruCacheDriver({ max });
  const storage = createStorage({ driver });
  const lru = driver.getInstance!() as { size: number; get(key: string): unknown };
  return {
    storage,
    driver: "memory",
    read: (key) => {
      const value = lru.get(key);
      return typeof value === "string" ? value : undefined;
    },
    // The LRU ignores `ttl`: each entry carries its own expiry.
    write: (key, raw, ttl) => storage.setItemRaw(key, raw, { ttl }).catch(() => undefined),
    countEntries: async () => lru.size,
    dispose: () => storage.dispose(),
  };
}

/** A small in-memory key-value store (statistics of a single process). */
export function memoryStorage(max: number): Storage {
  return createStorage({ driver: lruCacheDriver({ max }) });
}

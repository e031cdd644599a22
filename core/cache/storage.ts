/**
 * The unstorage backends: a bounded in-memory LRU by default, Redis when configured so that
 * several instances share cache, rate limiter and statistics.
 */
import { createStorage, type Storage } from "unstorage";
import lruCacheDriver from "unstorage/drivers/lru-cache";
import redisDriver from "unstorage/drivers/redis";
import type { AppConfig } from "../config.ts";

export interface CacheBackend {
  storage: Storage;
  driver: "memory" | "redis";
  /**
   * Reads a raw entry. The memory driver answers synchronously, straight from its LRU: a cache
   * hit then costs no promise and no key normalisation (keys from `cacheKey` are already in
   * unstorage's normal form, so they name the same entries `storage` writes).
   */
  read(key: string): string | undefined | Promise<string | undefined>;
  /** entries held; cheap for memory, a key scan for Redis */
  countEntries(): Promise<number>;
  dispose(): Promise<void>;
}

export function createCacheBackend(config: AppConfig, namespace: string): CacheBackend {
  if (config.cache.driver === "redis") {
    const storage = createStorage({ driver: redisDriver({ url: config.store.redis, base: namespace, lazyConnect: true }) });
    return {
      storage,
      driver: "redis",
      read: (key) => storage.getItemRaw<string>(key).then((v) => (typeof v === "string" ? v : undefined)),
      countEntries: async () => (await storage.getKeys()).length,
      dispose: () => storage.dispose(),
    };
  }
  const driver = lruCacheDriver({ max: config.cache.max });
  const storage = createStorage({ driver });
  const lru = driver.getInstance!() as { size: number; get(key: string): unknown };
  return {
    storage,
    driver: "memory",
    read: (key) => {
      const value = lru.get(key);
      return typeof value === "string" ? value : undefined;
    },
    countEntries: async () => lru.size,
    dispose: () => storage.dispose(),
  };
}

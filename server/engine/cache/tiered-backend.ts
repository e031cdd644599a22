/**
 * Redis behind an in-process tier. Answers never change before they expire, so an entry read
 * from Redis is kept in this process until its own expiry (and its stale window): a hot key
 * costs one Redis read per instance per lifetime, not one per request. While Redis is down the
 * in-process tier is the cache, as the memory store is without Redis: it answers hits, keeps
 * what is loaded, and stands in with stale answers.
 *
 * A local copy past its fresh life is not answered while Redis is up and has the key: another
 * instance may have refreshed it there.
 */
import { entryExpiry } from "./entry.ts";
import type { MemoryLru } from "./memory-lru.ts";
import type { CacheBackend } from "./storage.ts";

export interface TierCounts {
  /** hits answered by this process's tier */
  local: number;
  /** reads that went on to Redis */
  remote: number;
}

export interface TieredBackend extends CacheBackend {
  tiers: TierCounts;
}

export function tieredCacheBackend(local: MemoryLru, remote: CacheBackend, staleSeconds: number, now: () => number = Date.now): TieredBackend {
  const tiers: TierCounts = { local: 0, remote: 0 };

  /** Keeps a copy of an entry read from Redis for as long as the writer asked Redis to. */
  const keep = (key: string, raw: string) => {
    const freshMs = entryExpiry(raw) - now();
    const stale = raw.charAt(raw.indexOf("|") + 1) === "v" ? staleSeconds : 0;
    local.set(key, raw, Math.max(0, freshMs / 1000) + stale);
  };

  return {
    storage: remote.storage,
    driver: remote.driver,
    tiers,
    read(key) {
      const held = local.get(key);
      if (held !== undefined && entryExpiry(held) > now()) {
        tiers.local++;
        return held;
      }
      // Redis down: its read is a synchronous miss, and the local copy (stale or absent) answers.
      const remoteRead = remote.read(key);
      if (remoteRead === undefined || typeof remoteRead === "string") return remoteRead ?? held;
      tiers.remote++;
      return remoteRead.then((raw) => {
        if (raw === undefined) return held;
        keep(key, raw);
        return raw;
      });
    },
    async write(key, raw, ttlSeconds) {
      local.set(key, raw, ttlSeconds);
      await remote.write(key, raw, ttlSeconds);
    },
    countEntries: () => remote.countEntries().catch(() => local.size),
    locks: remote.locks,
    async dispose() {
      local.dispose();
      await remote.dispose();
    },
  };
}

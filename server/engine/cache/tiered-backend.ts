/**
 * Redis behind an in-process tier. Answers never change before they expire, so an entry read
 * from Redis is kept in this process until its own expiry (and its stale window): a hot key
 * costs one Redis read per instance per lifetime, not one per request. While Redis is down the
 * in-process tier is the cache, as the memory store is without Redis: it answers hits, keeps
 * what is loaded, and stands in with stale answers.
 *
 * A local copy past its fresh life is not answered while Redis is up and has the key: another
 * instance may have refreshed it there.
 *
 * With `answerLocally` off (config `cache.localTier: false`) every read asks Redis while it is
 * up, and the in-process copies only stand in while it is down.
 *
 * Every read is counted in `counts` by the tier that answered it: `localHits` / `localMisses`
 * for the in-process tier (asked first), `redisHits` / `redisMisses` for Redis.
 */
import type { CacheCounts } from "../../../core/services.ts";
import { entryExpiry, entryKind } from "./entry.ts";
import type { MemoryLru } from "./memory-lru.ts";
import type { CacheBackend } from "./storage.ts";

export interface TierOptions {
  /** how long an answer may stand in past its expiry (config `cache.ttl.stale`) */
  staleSeconds: number;
  /** whether a fresh in-process copy answers while Redis is up (config `cache.localTier`) */
  answerLocally: boolean;
  counts: CacheCounts;
  now?: () => number;
}

export function tieredCacheBackend(local: MemoryLru, remote: CacheBackend, { staleSeconds, answerLocally, counts, now = Date.now }: TierOptions): CacheBackend {
  /** Keeps a copy of an entry read from Redis for as long as the writer asked Redis to. */
  const keep = (key: string, raw: string) => {
    const freshMs = entryExpiry(raw) - now();
    const stale = entryKind(raw) === "v" ? staleSeconds : 0;
    local.set(key, raw, Math.max(0, freshMs / 1000) + stale);
  };

  return {
    storage: remote.storage,
    driver: remote.driver,
    tiers: ["local", "redis"],
    read(key) {
      const held = local.get(key);
      const fresh = held !== undefined && entryExpiry(held) > now();
      if (fresh && answerLocally) {
        counts.localHits++;
        return held;
      }
      // Redis down: its read is a synchronous miss, and the local copy (stale or absent) answers.
      const remoteRead = remote.read(key);
      if (remoteRead === undefined || typeof remoteRead === "string") {
        if (fresh) counts.localHits++;
        else counts.localMisses++;
        return remoteRead ?? held;
      }
      if (answerLocally) counts.localMisses++;
      return remoteRead.then((raw) => {
        if (raw === undefined) {
          counts.redisMisses++;
          // A stale copy may still stand in for a failing upstream; a fresh one Redis no longer
          // has is not answered when every read is Redis's to answer.
          return fresh && !answerLocally ? undefined : held;
        }
        if (entryExpiry(raw) > now()) counts.redisHits++;
        else counts.redisMisses++;
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

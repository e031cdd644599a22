/**
 * What one process counts of its cache, as plain counters so that every way of totalling them
 * (this process alone, a `WORKERS` group, instances sharing Redis) adds them field by field.
 *
 * `hits` and `misses` are the answers of `/v1/status` (an answer from the cache; a load). The
 * tier counters say which store answered a read: the in-process tier (the memory store, the
 * tier in front of Redis, and the rendered answers of `server/fast-path.ts`) or Redis.
 */
export const CACHE_COUNTERS = ["hits", "misses", "localHits", "localMisses", "redisHits", "redisMisses"] as const;

export type CacheCounter = (typeof CACHE_COUNTERS)[number];
export type CacheCounts = Record<CacheCounter, number>;

/** The tiers a cache backend reads from, first to last. */
export type CacheTier = "local" | "redis";

export function zeroCounts(): CacheCounts {
  return { hits: 0, misses: 0, localHits: 0, localMisses: 0, redisHits: 0, redisMisses: 0 };
}

/** Adds `more` into `into`, field by field; returns `into`. */
export function addCounts(into: CacheCounts, more: Partial<CacheCounts>): CacheCounts {
  for (const name of CACHE_COUNTERS) into[name] += more[name] ?? 0;
  return into;
}

/** `a - b`, field by field. */
export function subtractCounts(a: CacheCounts, b: CacheCounts): CacheCounts {
  const out = zeroCounts();
  for (const name of CACHE_COUNTERS) out[name] = a[name] - b[name];
  return out;
}

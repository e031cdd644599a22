import { type CacheCounts } from "./shared-stats.ts";
/**
 * The cache counters (`CacheCounts` of the kit's services) as a list of names, and the field by
 * field arithmetic every way of totalling them uses.
 */

export type CacheCounter = keyof CacheCounts;
export const CACHE_COUNTERS: readonly CacheCounter[] = ["hits", "misses", "localHits", "localMisses", "redisHits", "redisMisses"];

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

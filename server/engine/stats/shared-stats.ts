/** The statistics of `/v1/status`, as each way of totalling them over processes and instances keeps them. */
import type { OriginCount } from "../domain.ts";

/**
 * What one process counts of its cache, as plain counters that every way of totalling them
 * (one process, a `WORKERS` group, instances sharing Redis) adds field by field: answers from
 * the cache (`hits`) and loads (`misses`), and which store answered a read: this process's
 * memory (`local*`: the memory store, the tier in front of Redis, the rendered answers of the
 * fast path) or Redis (`redis*`).
 */
export interface CacheCounts {
  hits: number;
  misses: number;
  localHits: number;
  localMisses: number;
  redisHits: number;
  redisMisses: number;
}

/** The figures of `/v1/status`, totalled over every instance (Redis) or every worker (`WORKERS`). */
export interface StatsTotals extends CacheCounts {
  entries: number;
  /** the top origins of the last 24 hours */
  origins: OriginCount[];
}

/**
 * Statistics counted in this process and totalled over the others. Counting is a field
 * increment or a Map update (the hot path); sending counts elsewhere happens in batches.
 */
export interface SharedStats {
  /** this process's cache counters, bumped by the response cache and the cache backend's tiers */
  readonly local: CacheCounts;
  countOrigin(origin: string): void;
  totals(): Promise<StatsTotals>;
  close(): Promise<void>;
}

/** Requests per `origin`: recorded for each request, reported as the top 20 of the last 24 h. */
export interface OriginStats {
  record(origin: string): void;
  top(): Promise<OriginCount[]>;
}

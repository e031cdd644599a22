/**
 * Requests per origin in hourly buckets, so that "the last 24 hours" is exact to the hour:
 * the current hour and the 23 before it. Counting is one Map update; the memory is bounded
 * whatever origins callers make up.
 */
import type { OriginCount } from "../../../core/domain.ts";

export const HOUR_MS = 3_600_000;
/** hourly buckets in the window: this hour and the 23 before it */
export const WINDOW_HOURS = 24;
export const TOP_ORIGINS = 20;
/**
 * Distinct origins kept per hour. `origin` is whatever callers send: past this many in one
 * hour the least counted half is dropped, so a flood of made-up origins costs bounded memory
 * and can only push out origins rarer than itself.
 */
export const MAX_ORIGINS_PER_HOUR = 10_000;

/** One count: the hour (ms since the epoch / HOUR_MS), the origin, the requests. */
export type HourCount = [hour: number, origin: string, requests: number];

/** Counts per origin per hour, the last `WINDOW_HOURS` hours kept. */
export class HourlyOriginCounts {
  private readonly buckets = new Map<number, Map<string, number>>();
  private hour = -1;
  private current = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  add(origin: string, requests = 1, hour = Math.floor(this.now() / HOUR_MS)): void {
    let bucket = this.current;
    if (hour !== this.hour) bucket = this.bucket(hour);
    const count = bucket.get(origin);
    if (count === undefined && bucket.size >= MAX_ORIGINS_PER_HOUR) prune(bucket);
    bucket.set(origin, (count ?? 0) + requests);
  }

  /** Adds counts taken elsewhere (another worker's, or ones that could not be sent). */
  merge(counts: Iterable<HourCount>): void {
    const oldest = Math.floor(this.now() / HOUR_MS) - WINDOW_HOURS + 1;
    for (const [hour, origin, requests] of counts) if (hour >= oldest) this.add(origin, requests, hour);
  }

  /** Every count of the window, e.g. to send to another process. */
  entries(): HourCount[] {
    this.expire();
    const out: HourCount[] = [];
    for (const [hour, bucket] of this.buckets) for (const [origin, requests] of bucket) out.push([hour, origin, requests]);
    return out;
  }

  /** Every count, forgotten here: what has not been sent to Redis yet. */
  drain(): HourCount[] {
    const out = this.entries();
    this.buckets.clear();
    this.hour = -1;
    this.current = new Map();
    return out;
  }

  get size(): number {
    let size = 0;
    for (const bucket of this.buckets.values()) size += bucket.size;
    return size;
  }

  top(limit = TOP_ORIGINS): OriginCount[] {
    return topOrigins(this.entries(), limit);
  }

  // --- internal ---

  private bucket(hour: number): Map<string, number> {
    let bucket = this.buckets.get(hour);
    if (!bucket) this.buckets.set(hour, (bucket = new Map()));
    if (hour > this.hour) {
      this.hour = hour;
      this.current = bucket;
      this.expire();
    }
    return bucket;
  }

  private expire(): void {
    const oldest = Math.floor(this.now() / HOUR_MS) - WINDOW_HOURS + 1;
    for (const hour of this.buckets.keys()) if (hour < oldest) this.buckets.delete(hour);
  }
}

/** The most requested origins of some counts: by requests, then by name. */
export function topOrigins(counts: Iterable<HourCount | [origin: string, requests: number]>, limit = TOP_ORIGINS): OriginCount[] {
  const sums = new Map<string, number>();
  for (const count of counts) {
    const [origin, requests] = count.length === 3 ? [count[1], count[2]] : count;
    sums.set(origin, (sums.get(origin) ?? 0) + requests);
  }
  return [...sums]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, limit)
    .map(([origin, requests]) => ({ origin, requests }));
}

// --- internal ---

function prune(bucket: Map<string, number>): void {
  const kept = [...bucket].sort((a, b) => b[1] - a[1]).slice(0, Math.floor(MAX_ORIGINS_PER_HOUR / 2));
  bucket.clear();
  for (const [origin, requests] of kept) bucket.set(origin, requests);
}

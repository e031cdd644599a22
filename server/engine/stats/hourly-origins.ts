/**
 * Requests per origin in hourly buckets, so that "the last 24 hours" is exact to the hour: the
 * current hour and the 23 before it. Each hour is a sketch of `ORIGINS_PER_HOUR` counters
 * (`origin-sketch.ts`): counting is a Map update, and the memory is bounded whatever origins
 * callers make up.
 *
 * Reading the top costs the current hour's counters, not the window's: the 23 hours before it
 * are summed once (again when the hour turns or counts for one of them arrive late) and kept as
 * their sums and their top list. An origin of the window's top is in the past hours' top or
 * among this hour's counters, so those are the only candidates.
 */
import { OriginSketch } from "./origin-sketch.ts";
import { type OriginCount } from "../domain.ts";

export const HOUR_MS = 3_600_000;
/** hourly buckets in the window: this hour and the 23 before it */
export const WINDOW_HOURS = 24;
export const TOP_ORIGINS = 20;
/**
 * Counters per hour. An origin's requests in the window are reported as what it surely had,
 * short of the truth by at most N / 1000 per hour it was counted in (N: that hour's requests of
 * every origin), for each sketch they went through (a worker's and the primary's, or an
 * instance's and Redis's): 0.1 % of the traffic, and nothing for an origin that was never
 * pushed out.
 */
export const ORIGINS_PER_HOUR = 1000;

/** One counter: the hour (ms since the epoch / HOUR_MS), the origin, its count and error. */
export type HourCount = [hour: number, origin: string, count: number, error: number];

interface PastSums {
  /** the hour they were summed for (the current one, left out) */
  hour: number;
  sums: Map<string, number>;
  top: OriginCount[];
}

/** Counts per origin per hour, the last `WINDOW_HOURS` hours kept. */
export class HourlyOriginCounts {
  private readonly buckets = new Map<number, OriginSketch>();
  private past?: PastSums;

  constructor(private readonly now: () => number = Date.now) {}

  add(origin: string, count = 1, hour = this.hour(), error = 0): void {
    let bucket = this.buckets.get(hour);
    if (!bucket) {
      if (hour < this.hour() - WINDOW_HOURS + 1) return;
      this.buckets.set(hour, (bucket = new OriginSketch(ORIGINS_PER_HOUR)));
      this.expire();
    }
    bucket.add(origin, count, error);
    if (hour !== this.past?.hour) this.past = undefined;
  }

  /** Adds counters taken elsewhere (another worker's, or ones that could not be sent). */
  merge(counts: Iterable<HourCount>): void {
    for (const [hour, origin, count, error] of counts) this.add(origin, count, hour, error);
  }

  /** Puts an hour's counters as read elsewhere (Redis) in place of this hour's. */
  replace(hour: number, counts: Iterable<[origin: string, count: number, error: number]>): void {
    this.buckets.delete(hour);
    if (hour !== this.past?.hour) this.past = undefined;
    for (const [origin, count, error] of counts) this.add(origin, count, hour, error);
  }

  /** Every counter of the window, e.g. to send to another process. */
  entries(): HourCount[] {
    this.expire();
    const out: HourCount[] = [];
    for (const [hour, bucket] of this.buckets) for (const [origin, { count, error }] of bucket.entries()) out.push([hour, origin, count, error]);
    return out;
  }

  /** Every counter, forgotten here: what has not been sent yet. */
  drain(): HourCount[] {
    const out = this.entries();
    this.buckets.clear();
    this.past = undefined;
    return out;
  }

  /** Counters held, every hour together (at most `WINDOW_HOURS` × `ORIGINS_PER_HOUR`). */
  get size(): number {
    let size = 0;
    for (const bucket of this.buckets.values()) size += bucket.size;
    return size;
  }

  /** The `TOP_ORIGINS` origins with the most requests (surely had) in the window. */
  top(): OriginCount[] {
    const hour = this.hour();
    this.expire();
    if (this.past?.hour !== hour) this.past = this.sumPast(hour);
    const { sums, top } = this.past;
    const candidates = new Map(top.map(({ origin, requests }) => [origin, requests]));
    for (const [origin, { count, error }] of this.buckets.get(hour)?.entries() ?? []) candidates.set(origin, (sums.get(origin) ?? 0) + count - error);
    return topOrigins(candidates);
  }

  // --- internal ---

  private hour(): number {
    return Math.floor(this.now() / HOUR_MS);
  }

  private sumPast(hour: number): PastSums {
    const sums = new Map<string, number>();
    for (const [h, bucket] of this.buckets) {
      if (h === hour) continue;
      for (const [origin, { count, error }] of bucket.entries()) sums.set(origin, (sums.get(origin) ?? 0) + count - error);
    }
    return { hour, sums, top: topOrigins(sums) };
  }

  private expire(): void {
    const oldest = this.hour() - WINDOW_HOURS + 1;
    for (const hour of this.buckets.keys()) if (hour < oldest) this.buckets.delete(hour), (this.past = undefined);
  }
}

/** The most requested origins of some sums: by requests, then by name; none with nothing surely counted. */
export function topOrigins(sums: Iterable<[origin: string, requests: number]>, limit = TOP_ORIGINS): OriginCount[] {
  // One pass keeping the best `limit` in order: the sums may be a day's thousands of counters.
  const best: [string, number][] = [];
  for (const entry of sums) {
    if (entry[1] <= 0 || (best.length === limit && !ranksBefore(entry, best[limit - 1]))) continue;
    let at = best.length;
    while (at > 0 && ranksBefore(entry, best[at - 1])) at--;
    best.splice(at, 0, entry);
    if (best.length > limit) best.pop();
  }
  return best.map(([origin, requests]) => ({ origin, requests }));
}

function ranksBefore(a: [string, number], b: [string, number]): boolean {
  return a[1] > b[1] || (a[1] === b[1] && a[0] < b[0]);
}

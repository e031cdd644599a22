/**
 * The statistics of a single process without Redis: everything counted here is the total.
 * The group (`group-stats.ts`) and Redis (`redis-stats.ts`) variants count the same way and
 * differ only in where the other processes' counts come from.
 */
import { zeroCounts } from "./cache-counts.ts";
import { HourlyOriginCounts } from "./hourly-origins.ts";
import { type SharedStats, type StatsTotals } from "./shared-stats.ts";

export class LocalStats implements SharedStats {
  readonly local = zeroCounts();
  protected readonly origins: HourlyOriginCounts;

  /** `entries` counts the cache's entries (the cache backend's count). */
  constructor(
    protected readonly entries: () => Promise<number>,
    now: () => number = Date.now,
  ) {
    this.origins = new HourlyOriginCounts(now);
  }

  countOrigin(origin: string): void {
    this.origins.add(origin);
  }

  async totals(): Promise<StatsTotals> {
    return { ...this.local, entries: await this.entries().catch(() => 0), origins: this.origins.top() };
  }

  async close(): Promise<void> {}
}

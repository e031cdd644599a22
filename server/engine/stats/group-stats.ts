/**
 * Statistics of a `WORKERS` group without Redis. Each worker counts in memory and reports to
 * the primary: its cache counters as they stand (so a report can be lost or repeated without
 * changing the sums) and the origins counted since its last report, a delta of at most
 * `ORIGINS_PER_HOUR` counters per hour it spans (a report covers seconds: one hour, two when the
 * hour turns), whatever origins callers make up. The primary adds the deltas into the group's
 * hourly counters, so that nothing is ever sent whole.
 *
 * Workers report every few seconds, so that the counts of a worker that died stay in the
 * totals (as of its last report); its cache entries, gone with it, do not. When `/v1/status`
 * is asked, the primary asks every worker to report at once (an IPC round trip each, never on
 * the hot path) and then sums: exact.
 */
import type { Channel } from "../cluster/channel.ts";
import { addCounts, zeroCounts } from "./cache-counts.ts";
import { LocalStats } from "./local-stats.ts";
import { HourlyOriginCounts, type HourCount } from "./hourly-origins.ts";
import { type CacheCounts, type StatsTotals } from "./shared-stats.ts";

const REPORT_MS = 5000;
/** how long a worker waits for the group's totals before answering with its own */
const TOTALS_TIMEOUT_MS = 1000;
/** how long the primary waits for one worker's report before using its last one */
const FIGURES_TIMEOUT_MS = 500;

/** What a worker sends the primary. */
export interface Report extends CacheCounts {
  entries: number;
  /** the origins counted since the last report */
  origins: HourCount[];
}

/** The worker side. */
export class GroupStats extends LocalStats {
  private readonly timer: NodeJS.Timeout;
  private readonly unreported: HourlyOriginCounts;
  private asking?: Promise<StatsTotals>;

  constructor(
    private readonly channel: Channel,
    entries: () => Promise<number>,
    now: () => number = Date.now,
  ) {
    super(entries, now);
    this.unreported = new HourlyOriginCounts(now);
    // Answered once the report is sent: the primary reads it before this answer.
    channel.handle("figures", () => this.report());
    this.timer = setInterval(() => void this.report(), REPORT_MS);
    this.timer.unref();
  }

  override countOrigin(origin: string): void {
    super.countOrigin(origin);
    this.unreported.add(origin);
  }

  /** Sends the primary what this worker counted; resolves once it is sent. */
  async report(): Promise<void> {
    const entries = await this.entries().catch(() => 0);
    const report: Report = { ...this.local, entries, origins: this.unreported.drain() };
    // The primary adds a report when it arrives, answered in time or not: nothing is sent twice.
    this.channel.call("report", report, TOTALS_TIMEOUT_MS).catch(() => undefined);
  }

  /** The group's totals; this worker's own if the primary does not answer. */
  override totals(): Promise<StatsTotals> {
    // The cache's and the origins' figures are asked together: one round trip for both.
    this.asking ??= this.channel
      .call<StatsTotals>("totals", undefined, TOTALS_TIMEOUT_MS)
      .catch(() => super.totals())
      .finally(() => (this.asking = undefined));
    return this.asking;
  }

  override async close(): Promise<void> {
    clearInterval(this.timer);
  }
}

/** The primary side: the workers' latest counters, the counts of those that died, the group's origins. */
export class GroupTotals {
  private readonly latest = new Map<number, CacheCounts & { entries: number }>();
  private readonly retired = zeroCounts();
  private readonly origins: HourlyOriginCounts;

  constructor(now: () => number = Date.now) {
    this.origins = new HourlyOriginCounts(now);
  }

  /** Serves one worker's channel: its reports, and its requests for the totals. */
  serve(workerId: number, channel: Channel, everyone: () => Iterable<[number, Channel]>): void {
    channel.handle("report", ({ origins, ...counts }: Report) => {
      this.latest.set(workerId, counts);
      this.origins.merge(origins);
    });
    channel.handle("totals", () => this.sum(everyone()));
  }

  /** A worker is gone: its counts stay, as of its last report. */
  retire(workerId: number): void {
    const last = this.latest.get(workerId);
    this.latest.delete(workerId);
    if (last) addCounts(this.retired, last);
  }

  async sum(workers: Iterable<[number, Channel]>): Promise<StatsTotals> {
    await Promise.all([...workers].map(([, channel]) => channel.call("figures", undefined, FIGURES_TIMEOUT_MS).catch(() => undefined)));
    const totals = { ...this.retired, entries: 0 };
    for (const counts of this.latest.values()) {
      addCounts(totals, counts);
      totals.entries += counts.entries;
    }
    return { ...totals, origins: this.origins.top() };
  }
}

/**
 * Statistics of a `WORKERS` group without Redis: each worker counts in memory, and the totals
 * are summed by the primary when asked. A worker asks the primary, which asks every worker for
 * its figures at that moment (an IPC round trip each, only when `/v1/status` is asked, never
 * on the hot path) and sums them: exact. Workers also report every few seconds, so that the
 * counts of a worker that died stay in the totals (as of its last report); its cache entries,
 * gone with it, do not.
 */
import type { StatsTotals } from "../../../core/services.ts";
import type { Channel } from "../cluster/channel.ts";
import { addCounts, zeroCounts } from "./cache-counts.ts";
import { LocalStats, type Figures } from "./local-stats.ts";
import { HourlyOriginCounts } from "./hourly-origins.ts";

const REPORT_MS = 5000;
/** how long a worker waits for the group's totals before answering with its own */
const TOTALS_TIMEOUT_MS = 1000;
/** how long the primary waits for one worker's figures before using its last report */
const FIGURES_TIMEOUT_MS = 500;

/** The worker side. */
export class GroupStats extends LocalStats {
  private readonly timer: NodeJS.Timeout;
  private asking?: Promise<StatsTotals>;

  constructor(
    private readonly channel: Channel,
    entries: () => Promise<number>,
    now: () => number = Date.now,
  ) {
    super(entries, now);
    channel.handle("figures", () => this.figures());
    this.timer = setInterval(() => void this.figures().then((figures) => channel.call("report", figures, TOTALS_TIMEOUT_MS)).catch(() => undefined), REPORT_MS);
    this.timer.unref();
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

/** The primary side: the workers' latest figures and the counts of those that died. */
export class GroupTotals {
  private readonly latest = new Map<number, Figures>();
  private readonly retired = zeroCounts();
  private readonly retiredOrigins: HourlyOriginCounts;

  constructor(now: () => number = Date.now) {
    this.retiredOrigins = new HourlyOriginCounts(now);
  }

  /** Serves one worker's channel: its reports, and its requests for the totals. */
  serve(workerId: number, channel: Channel, everyone: () => Iterable<[number, Channel]>): void {
    channel.handle("report", (figures: Figures) => void this.latest.set(workerId, figures));
    channel.handle("totals", () => this.sum(everyone()));
  }

  /** A worker is gone: its counts stay, as of its last figures. */
  retire(workerId: number): void {
    const last = this.latest.get(workerId);
    this.latest.delete(workerId);
    if (!last) return;
    addCounts(this.retired, last);
    this.retiredOrigins.merge(last.origins);
  }

  async sum(workers: Iterable<[number, Channel]>): Promise<StatsTotals> {
    await Promise.all(
      [...workers].map(([id, channel]) =>
        channel.call<Figures>("figures", undefined, FIGURES_TIMEOUT_MS).then(
          (figures) => void this.latest.set(id, figures),
          () => undefined,
        ),
      ),
    );
    const origins = new HourlyOriginCounts();
    origins.merge(this.retiredOrigins.entries());
    const totals = { ...this.retired, entries: 0 };
    for (const figures of this.latest.values()) {
      addCounts(totals, figures);
      totals.entries += figures.entries;
      origins.merge(figures.origins);
    }
    return { ...totals, origins: origins.top() };
  }
}

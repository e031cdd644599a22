/**
 * Made-up origins (issue 38): ten thousand new ones an hour, every hour of the window, cost
 * bounded memory and a `/v1/status` read that does not grow with them; a worker's report to the
 * primary is bounded whatever it saw; and what is reported is never above an origin's true
 * requests, and short of them by at most N / ORIGINS_PER_HOUR per hour and per sketch passed.
 */
import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { Channel, type Endpoint } from "../../server/engine/cluster/channel.ts";
import { GroupStats, GroupTotals, type Report } from "../../server/engine/stats/group-stats.ts";
import { HOUR_MS, HourlyOriginCounts, ORIGINS_PER_HOUR, WINDOW_HOURS } from "../../server/engine/stats/hourly-origins.ts";

const T0 = Date.parse("2026-03-01T00:30:00.000Z");

/** A window filled with `perHour` new origins every hour for a day, and a few real ones. */
function flooded(perHour: number): { counts: HourlyOriginCounts; hour: number } {
  const now = { at: T0 };
  const counts = new HourlyOriginCounts(() => now.at);
  for (let hour = 0; hour < WINDOW_HOURS; hour++) {
    for (let i = 0; i < perHour; i++) {
      counts.add(`made-up-${hour}-${i}`);
      if (i % 100 === 0) counts.add(`site-${i % 700}`);
    }
    now.at += HOUR_MS;
  }
  now.at -= HOUR_MS;
  return { counts, hour: Math.floor(now.at / HOUR_MS) };
}

const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1];

/**
 * The medians of a read that sums the 23 hours before this one (as the first read of an hour
 * does; a late count for the hour before makes the next read do it) and of a read after it
 * (this hour's full counters).
 */
function readTimes({ counts, hour }: { counts: HourlyOriginCounts; hour: number }): { sum: number; read: number } {
  const sums: number[] = [];
  const reads: number[] = [];
  for (let i = 0; i < 7; i++) {
    counts.add(`late-${i}`, 1, hour - 1);
    let started = performance.now();
    counts.top();
    sums.push(performance.now() - started);
    for (let j = 0; j < 3; j++) {
      counts.add(`later-${i}-${j}`);
      started = performance.now();
      counts.top();
      reads.push(performance.now() - started);
    }
  }
  return { sum: median(sums), read: median(reads) };
}

describe("a flood of made-up origins", () => {
  it("a day of 12,000 new origins an hour: bounded memory, reads in bounded time that do not grow with the flood", () => {
    const small = flooded(12_000);
    const large = flooded(48_000);
    // Memory: at most ORIGINS_PER_HOUR counters an hour, whatever was made up.
    expect(small.counts.size).toBeLessThanOrEqual(WINDOW_HOURS * ORIGINS_PER_HOUR);
    expect(large.counts.size).toBe(small.counts.size);
    const a = readTimes(small);
    const b = readTimes(large);
    console.info(`[origin-flood] top() after a day of 12k/48k origins an hour: summing the hours before ${a.sum.toFixed(1)}/${b.sum.toFixed(1)} ms (once an hour), a read ${a.read.toFixed(2)}/${b.read.toFixed(2)} ms`);
    // The old table took 130-500 ms every read here; generous margins for a loaded machine.
    expect(a.sum).toBeLessThan(500);
    expect(a.read).toBeLessThan(10);
    // Four times the made-up origins: the same work (margins for noise).
    expect(b.sum).toBeLessThan(3 * a.sum + 50);
    expect(b.read).toBeLessThan(3 * a.read + 2);
    // The real origins are still the top.
    expect(large.counts.top()[0].origin).toBe("site-0");
  });

  it("reported requests are never above the truth, and short of it by at most N / ORIGINS_PER_HOUR an hour", () => {
    let now = T0;
    const counts = new HourlyOriginCounts(() => now);
    const truth = new Map<string, number>();
    let seed = 11;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    let total = 0;
    for (let hour = 0; hour < 3; hour++) {
      for (let i = 0; i < 30_000; i++) {
        // A few heavy origins, many light ones, and one-off made-up ones.
        const r = random();
        const origin = r < 0.3 ? `heavy-${Math.floor(random() * 10)}` : r < 0.6 ? `light-${Math.floor(random() * 3000)}` : `once-${hour}-${i}`;
        counts.add(origin);
        truth.set(origin, (truth.get(origin) ?? 0) + 1);
        total++;
      }
      now += HOUR_MS;
    }
    now -= HOUR_MS;
    const top = counts.top();
    expect(top.slice(0, 10).map((o) => o.origin).sort()).toEqual([...Array(10)].map((_, i) => `heavy-${i}`));
    for (const { origin, requests } of top) {
      expect(requests).toBeLessThanOrEqual(truth.get(origin)!);
      expect(requests).toBeGreaterThanOrEqual(truth.get(origin)! - total / ORIGINS_PER_HOUR);
    }
  });

  it("a worker's report to the primary is bounded, however many origins it saw, and the primary's top is right", async () => {
    const toWorker = new EventEmitter();
    const toPrimary = new EventEmitter();
    const reports: Report[] = [];
    const end = (from: EventEmitter, to: EventEmitter): Endpoint => ({
      send: (message, callback) => {
        const m = message as { call?: string; args?: Report };
        if (m.call === "report") reports.push(m.args!);
        setImmediate(() => to.emit("message", message));
        callback?.(null);
        return true;
      },
      on: (event, listener) => from.on(event, listener),
      off: (event, listener) => from.off(event, listener),
    });
    const primary = new Channel(end(toPrimary, toWorker));
    const stats = new GroupStats(new Channel(end(toWorker, toPrimary)), async () => 0);
    const totals = new GroupTotals();
    const workers = new Map([[1, primary]]);
    totals.serve(1, primary, () => workers.entries());

    for (let i = 0; i < 100_000; i++) {
      stats.countOrigin(`made-up-${i}`);
      if (i % 50 === 0) stats.countOrigin("real-site");
    }
    const sum = await totals.sum(workers);
    expect(reports).toHaveLength(1);
    const bytes = JSON.stringify(reports[0]).length;
    console.info(`[origin-flood] a worker's report after 100,000 made-up origins: ${reports[0].origins.length} counters, ${bytes} bytes`);
    // One hour's counters at most (the old report sent every counter of the day: 18 MB).
    expect(reports[0].origins.length).toBeLessThanOrEqual(ORIGINS_PER_HOUR);
    expect(bytes).toBeLessThan(ORIGINS_PER_HOUR * 120);
    expect(sum.origins[0]).toEqual({ origin: "real-site", requests: 2000 });
    // The next report carries only what was counted since.
    stats.countOrigin("real-site");
    await totals.sum(workers);
    expect(reports[1].origins).toEqual([[expect.any(Number), "real-site", 1, 0]]);
    await stats.close();
  });
});

/**
 * Requests per origin in hourly buckets (the last 24 hours exactly to the hour, bounded
 * memory), and the sums of a process group: a worker's counts outlive it, a silent worker
 * does not hold the totals up. The floods of made-up origins are in `origin-flood.test.ts`.
 */
import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { Channel, type Endpoint } from "../../server/engine/cluster/channel.ts";
import { zeroCounts } from "../../server/engine/stats/cache-counts.ts";
import { GroupStats, GroupTotals } from "../../server/engine/stats/group-stats.ts";
import { HOUR_MS, HourlyOriginCounts, ORIGINS_PER_HOUR, topOrigins } from "../../server/engine/stats/hourly-origins.ts";

const T0 = Date.parse("2026-03-01T10:30:00.000Z");

describe("HourlyOriginCounts", () => {
  it("keeps this hour and the 23 before it, no more", () => {
    let now = T0;
    const counts = new HourlyOriginCounts(() => now);
    counts.add("old");
    counts.add("old");
    now += 23 * HOUR_MS;
    counts.add("new");
    expect(counts.top()).toEqual([
      { origin: "old", requests: 2 },
      { origin: "new", requests: 1 },
    ]);
    // At 10:00 the next day, the hour of 10:30 yesterday is 24 hours back: out of the window.
    now = T0 + 24 * HOUR_MS - 30 * 60_000;
    expect(counts.top()).toEqual([{ origin: "new", requests: 1 }]);
  });

  it("orders by requests, then by name, and keeps the first 20", () => {
    const counts = new HourlyOriginCounts(() => T0);
    for (let i = 0; i < 25; i++) for (let n = 0; n <= i % 5; n++) counts.add(`site-${String(i).padStart(2, "0")}`);
    const top = counts.top();
    expect(top).toHaveLength(20);
    expect(top.slice(0, 3)).toEqual([
      { origin: "site-04", requests: 5 },
      { origin: "site-09", requests: 5 },
      { origin: "site-14", requests: 5 },
    ]);
    expect(topOrigins([["b", 2], ["a", 2], ["c", 3], ["none", 0]])).toEqual([
      { origin: "c", requests: 3 },
      { origin: "a", requests: 2 },
      { origin: "b", requests: 2 },
    ]);
  });

  it("a flood of made-up origins costs bounded memory and does not push out a popular one", () => {
    const counts = new HourlyOriginCounts(() => T0);
    for (let i = 0; i < 50; i++) counts.add("popular");
    for (let i = 0; i < ORIGINS_PER_HOUR * 20; i++) counts.add(`junk-${i}`);
    expect(counts.size).toBeLessThanOrEqual(ORIGINS_PER_HOUR);
    expect(counts.top()[0]).toEqual({ origin: "popular", requests: 50 });
  });

  it("drain hands every count over once; merge takes them back", () => {
    const counts = new HourlyOriginCounts(() => T0);
    counts.add("a");
    counts.add("a");
    counts.add("b");
    const drained = counts.drain();
    expect(counts.size).toBe(0);
    expect(counts.drain()).toEqual([]);
    counts.merge(drained);
    counts.add("b");
    expect(counts.top()).toEqual([
      { origin: "a", requests: 2 },
      { origin: "b", requests: 2 },
    ]);
  });
});

describe("GroupTotals (the primary's sums)", () => {
  /** A linked pair of channels: the primary's end and a worker's. */
  function pair(): { primary: Channel; worker: Channel } {
    const toWorker = new EventEmitter();
    const toPrimary = new EventEmitter();
    const end = (from: EventEmitter, to: EventEmitter): Endpoint => ({
      send: (message, callback) => (setImmediate(() => to.emit("message", message)), callback?.(null), true),
      on: (event, listener) => from.on(event, listener),
      off: (event, listener) => from.off(event, listener),
    });
    return { primary: new Channel(end(toPrimary, toWorker)), worker: new Channel(end(toWorker, toPrimary)) };
  }

  /** A worker counting `hits` hits, `misses` misses and `requests` requests of `origin`, with `entries` cache entries. */
  function worker(totals: GroupTotals, id: number, everyone: Map<number, Channel>, hits: number, misses: number, entries: number, origin: string, requests: number): GroupStats {
    const { primary, worker } = pair();
    everyone.set(id, primary);
    totals.serve(id, primary, () => everyone.entries());
    const stats = new GroupStats(worker, async () => entries);
    Object.assign(stats.local, { hits, localHits: hits, misses });
    for (let i = 0; i < requests; i++) stats.countOrigin(origin);
    return stats;
  }

  it("sums every worker's figures; a dead worker's counts stay, its entries go", async () => {
    const totals = new GroupTotals();
    const workers = new Map<number, Channel>();
    const stats = [worker(totals, 1, workers, 3, 1, 4, "x", 5), worker(totals, 2, workers, 2, 2, 6, "y", 1)];
    expect(await totals.sum(workers)).toEqual({ ...zeroCounts(), hits: 5, misses: 3, localHits: 5, entries: 10, origins: [{ origin: "x", requests: 5 }, { origin: "y", requests: 1 }] });
    totals.retire(1);
    workers.delete(1);
    expect(await totals.sum(workers)).toEqual({ ...zeroCounts(), hits: 5, misses: 3, localHits: 5, entries: 6, origins: [{ origin: "x", requests: 5 }, { origin: "y", requests: 1 }] });
    // Asked again, nothing is counted twice: origins are sent as deltas, counters as they stand.
    stats[1].countOrigin("y");
    expect((await totals.sum(workers)).origins).toEqual([{ origin: "x", requests: 5 }, { origin: "y", requests: 2 }]);
    for (const s of stats) await s.close();
  });

  it("a worker that does not answer is counted as of its last report, without holding the others up", async () => {
    const totals = new GroupTotals();
    const workers = new Map<number, Channel>();
    worker(totals, 1, workers, 1, 1, 1, "s", 1);
    worker(totals, 2, workers, 1, 0, 0, "f", 1);
    await totals.sum(workers);
    // A silent worker: its channel to the primary answers nothing any more.
    workers.set(1, new Channel({ send: () => true, on: () => undefined, off: () => undefined }));
    const started = performance.now();
    expect(await totals.sum(workers)).toMatchObject({ hits: 2, misses: 1, entries: 1, origins: [{ origin: "f", requests: 1 }, { origin: "s", requests: 1 }] });
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

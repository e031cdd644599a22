/**
 * Requests per origin in hourly buckets (the last 24 hours exactly to the hour, bounded
 * memory), and the sums of a process group: a worker's counts outlive it, a silent worker
 * does not hold the totals up.
 */
import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { Channel, type Endpoint } from "../../server/engine/cluster/channel.ts";
import { zeroCounts } from "../../server/engine/stats/cache-counts.ts";
import { GroupTotals } from "../../server/engine/stats/group-stats.ts";
import type { Figures } from "../../server/engine/stats/local-stats.ts";
import { HOUR_MS, HourlyOriginCounts, MAX_ORIGINS_PER_HOUR, topOrigins } from "../../server/engine/stats/hourly-origins.ts";

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
    expect(topOrigins([["b", 2], [1, "a", 2] as never, ["c", 3]])).toEqual([
      { origin: "c", requests: 3 },
      { origin: "a", requests: 2 },
      { origin: "b", requests: 2 },
    ]);
  });

  it("a flood of made-up origins costs bounded memory and does not push out a popular one", () => {
    const counts = new HourlyOriginCounts(() => T0);
    for (let i = 0; i < 50; i++) counts.add("popular");
    for (let i = 0; i < MAX_ORIGINS_PER_HOUR * 2; i++) counts.add(`junk-${i}`);
    expect(counts.size).toBeLessThanOrEqual(MAX_ORIGINS_PER_HOUR);
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
  /** A primary-side channel and a worker that answers `figures` with `figures()`, or never. */
  function worker(figures: () => Figures | undefined): Channel {
    const toWorker = new EventEmitter();
    const toPrimary = new EventEmitter();
    const end = (from: EventEmitter, to: EventEmitter): Endpoint => ({
      send: (message, callback) => (setImmediate(() => to.emit("message", message)), callback?.(null), true),
      on: (event, listener) => from.on(event, listener),
      off: (event, listener) => from.off(event, listener),
    });
    new Channel(end(toWorker, toPrimary)).handle("figures", () => figures() ?? new Promise(() => undefined));
    return new Channel(end(toPrimary, toWorker));
  }
  const figures = (hits: number, misses: number, entries: number, origin: string, requests: number): Figures => ({
    ...zeroCounts(),
    localHits: hits,
    hits,
    misses,
    entries,
    origins: [[Math.floor(Date.now() / HOUR_MS), origin, requests]],
  });

  it("sums every worker's figures; a dead worker's counts stay, its entries go", async () => {
    const totals = new GroupTotals();
    const one = worker(() => figures(3, 1, 4, "x", 5));
    const two = worker(() => figures(2, 2, 6, "y", 1));
    const workers = new Map([
      [1, one],
      [2, two],
    ]);
    expect(await totals.sum(workers)).toEqual({ ...zeroCounts(), hits: 5, misses: 3, localHits: 5, entries: 10, origins: [{ origin: "x", requests: 5 }, { origin: "y", requests: 1 }] });
    totals.retire(1);
    workers.delete(1);
    expect(await totals.sum(workers)).toEqual({ ...zeroCounts(), hits: 5, misses: 3, localHits: 5, entries: 6, origins: [{ origin: "x", requests: 5 }, { origin: "y", requests: 1 }] });
  });

  it("a worker that does not answer is counted as of its last figures, without holding the others up", async () => {
    const totals = new GroupTotals();
    let answering = true;
    const slow = worker(() => (answering ? figures(1, 1, 1, "s", 1) : undefined));
    const workers = new Map([
      [1, slow],
      [2, worker(() => figures(1, 0, 0, "f", 1))],
    ]);
    await totals.sum(workers);
    answering = false;
    const started = performance.now();
    expect(await totals.sum(workers)).toMatchObject({ hits: 2, misses: 1, entries: 1 });
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

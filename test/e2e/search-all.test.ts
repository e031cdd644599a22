/** Search with source=all: one merged list per query, per-source deadline, failures, the cost of its pages. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeApp, v1, type FakeApp } from "../support/fake-app.ts";

const DEADLINE_MS = 400;
let t: FakeApp;
beforeAll(async () => {
  t = await startFakeApp({
    sources: { source_a: undefined, source_b: undefined, source_c: { song: true }, source_d: undefined },
    config: { upstream: { searchAllTimeoutMs: DEADLINE_MS, timeoutMs: 5000, retries: 0 }, rateLimit: { points: 100_000, duration: 60 } },
  });
});
afterAll(() => t.close());

describe("search all", () => {
  it("merges the searchable sources into one entry per recording, naming the others as alternatives", async () => {
    const r = await t.json(v1("search", { source: "all", q: "o", size: 6 }));
    expect(r.status).toBe(200);
    expect(r.body.source).toBe("all");
    const data = r.body.data;
    expect(data).toMatchObject({ page: 1, size: 6, failed: [] });
    // Three searchable sources list the same five recordings: five entries, each on all three.
    expect(data.total).toBe(5);
    expect(data.list).toHaveLength(5);
    for (const song of data.list) {
      // Equally playable everywhere: the source first in order is shown.
      expect(song.source).toBe("source_a");
      expect(song.alternatives).toEqual([
        { source: "source_b", id: song.id, available: song.available, vip: song.vip },
        { source: "source_d", id: song.id, available: song.available, vip: song.vip },
      ]);
    }
    // "One More Time" begins with the query's word: it ranks above titles that merely contain it.
    expect(data.list[0].name).toBe("One More Time");
  });

  it("answers within the deadline when one source hangs, naming it in failed", async () => {
    t.sims.source_b.fault({ kind: "hang" });
    try {
      const started = performance.now();
      const r = await t.json(v1("search", { source: "all", q: "love", size: 9 }));
      const elapsed = performance.now() - started;
      expect(r.body.code).toBe(0);
      expect(r.body.data.failed).toEqual(["source_b"]);
      expect(r.body.data.list.every((s: { source: string }) => s.source !== "source_b")).toBe(true);
      expect(elapsed).toBeGreaterThanOrEqual(DEADLINE_MS - 5);
      expect(elapsed).toBeLessThan(DEADLINE_MS + 250);
    } finally {
      t.sims.source_b.fault(undefined);
    }
  });

  it("is 2002 when every source fails, and 2001 when every source times out", async () => {
    for (const id of ["source_a", "source_b", "source_d"]) t.sims[id].fault({ kind: "status", status: 500 });
    const failed = await t.json(v1("search", { source: "all", q: "failing" }));
    expect(failed.status).toBe(502);
    expect(failed.body.code).toBe(2002);
    for (const id of ["source_a", "source_b", "source_d"]) t.sims[id].fault({ kind: "hang" });
    const timedOut = await t.json(v1("search", { source: "all", q: "hanging" }));
    expect(timedOut.status).toBe(504);
    expect(timedOut.body.code).toBe(2001);
    for (const id of ["source_a", "source_b", "source_d"]) t.sims[id].fault(undefined);
  });

  it("asks each source once per query: a repeat and the other pages cost 0 and call nobody", async () => {
    const before = ["source_a", "source_b", "source_d"].map((id) => t.sims[id].totalCalls());
    const first = await t.json(v1("search", { source: "all", q: "e", size: 2 }));
    expect(first.body.cost).toBeGreaterThan(0);
    expect(["source_a", "source_b", "source_d"].map((id) => t.sims[id].totalCalls())).toEqual(before.map((n) => n + 1));
    const pages = [first, await t.json(v1("search", { source: "all", q: "e", size: 2, page: 2 })), await t.json(v1("search", { source: "all", q: "e", size: 2, page: 3 }))];
    expect(pages.slice(1).map((p) => p.body.cost)).toEqual([0, 0]);
    expect(pages.map((p) => p.body.data.total)).toEqual([6, 6, 6]);
    expect(pages.flatMap((p) => p.body.data.list.map((s: { id: string }) => s.id)).sort()).toEqual(["1", "2", "3", "4", "5", "6"]);
    const again = await t.json(v1("search", { source: "all", q: "e", size: 2 }));
    expect(again.body).toEqual({ ...first.body, cost: 0 });
    expect(["source_a", "source_b", "source_d"].map((id) => t.sims[id].totalCalls())).toEqual(before.map((n) => n + 1));
  });

  it("single-source search answers a SearchPage with an empty failed list", async () => {
    const r = await t.json(v1("search", { source: "source_a", q: "one", size: 1 }));
    expect(r.body.data).toEqual({ page: 1, size: 1, total: 1, failed: [], list: [expect.objectContaining({ id: "1", source: "source_a" })] });
  });
});

describe("a source failing for one page of a query", () => {
  let f: FakeApp;
  beforeAll(async () => {
    f = await startFakeApp({
      sources: { source_a: undefined, source_b: undefined },
      config: { cache: { ttl: { search: 1 } }, upstream: { searchAllTimeoutMs: DEADLINE_MS, retries: 0 }, rateLimit: { points: 100_000, duration: 60 } },
    });
  });
  afterAll(() => f.close());

  it("does not shift items between pages: the list it failed for stands, failed named, until its short lifetime ends", async () => {
    f.sims.source_b.fault({ kind: "status", status: 503 });
    const first = await f.json(v1("search", { source: "all", q: "e", size: 3 }));
    expect(first.body.data).toMatchObject({ total: 6, failed: ["source_b"] });
    f.sims.source_b.fault(undefined);
    // source_b answers again: page 2 is still cut from the list page 1 was cut from.
    const second = await f.json(v1("search", { source: "all", q: "e", size: 3, page: 2 }));
    expect(second.body.data).toMatchObject({ total: 6, failed: ["source_b"] });
    const ids = [...first.body.data.list, ...second.body.data.list].map((s: { source: string; id: string }) => `${s.source}:${s.id}`);
    expect(new Set(ids).size).toBe(6);
    expect(f.sims.source_b.calls.get("GET /search")).toBe(1);
    // Past its lifetime (at most the search lifetime, 1 s here) the list is made again, source_b in it.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const later = await f.json(v1("search", { source: "all", q: "e", size: 3 }));
    expect(later.body.data).toMatchObject({ total: 6, failed: [] });
    expect(later.body.data.list[0].alternatives).toEqual([expect.objectContaining({ source: "source_b" })]);
  });
});

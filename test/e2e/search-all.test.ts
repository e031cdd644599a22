/** Search with source=all: concurrency, per-source deadline, round-robin merge, failed list. */
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
  it("merges the searchable sources round-robin in source order, total summed", async () => {
    const r = await t.json(v1("search", { source: "all", q: "o", size: 6 }));
    expect(r.status).toBe(200);
    expect(r.body.source).toBe("all");
    const data = r.body.data;
    expect(data.failed).toEqual([]);
    // Three searchable sources, each with 5 matches; 6 results = 2 per source, interleaved.
    expect(data.total).toBe(15);
    expect(data.list.map((s: { source: string; id: string }) => `${s.source}:${s.id}`)).toEqual([
      "source_a:1", "source_b:1", "source_d:1", "source_a:2", "source_b:2", "source_d:2",
    ]);
    expect(data).toMatchObject({ page: 1, size: 6 });
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

  it("caches each source's part: a repeat costs 0 and calls nobody", async () => {
    await t.json(v1("search", { source: "all", q: "digital" }));
    const before = ["source_a", "source_b", "source_d"].map((id) => t.sims[id].totalCalls());
    const again = await t.json(v1("search", { source: "all", q: "digital" }));
    expect(again.body.cost).toBe(0);
    expect(["source_a", "source_b", "source_d"].map((id) => t.sims[id].totalCalls())).toEqual(before);
  });

  it("single-source search answers a SearchPage with an empty failed list", async () => {
    const r = await t.json(v1("search", { source: "source_a", q: "one", size: 1 }));
    expect(r.body.data).toEqual({ page: 1, size: 1, total: 1, failed: [], list: [expect.objectContaining({ id: "1", source: "source_a" })] });
  });
});

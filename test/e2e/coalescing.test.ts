/**
 * Coalescing never leaks one caller's deadline into another's answer: a plain search that
 * joins the load an all-search started gets the source's answer, although the all-search gave
 * up on it at its own, shorter deadline. The shared load keeps its own deadline, and a waiter
 * that gives up does not abort it for the others; when the last waiter leaves, it is aborted.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSimulator } from "@music-aggregator/core/testing";
import { makeFakeSource } from "../fixtures/source-fake/index.ts";
import { startTestApp } from "../support/app.ts";
import { startFakeApp, v1, type FakeApp } from "../support/fake-app.ts";

const ALL_DEADLINE_MS = 300;
const SOURCE_LATENCY_MS = 700;

let t: FakeApp;
beforeAll(async () => {
  t = await startFakeApp({
    sources: { source_a: undefined, source_b: undefined },
    config: { upstream: { searchAllTimeoutMs: ALL_DEADLINE_MS, timeoutMs: 3000, retries: 0 }, rateLimit: { points: 100_000, duration: 60 } },
  });
});
afterAll(() => t.close());

describe("coalesced loads", () => {
  it("a plain search joining an all-search's load gets the answer the all-search gave up on", async () => {
    t.sims.source_b.fault({ kind: "latency", ms: SOURCE_LATENCY_MS }, "GET /search");
    try {
      // With two sources an all-search of size 2 asks each for 1: the plain search below asks the same.
      const all = t.json(v1("search", { source: "all", q: "o", size: 2 }));
      await new Promise((r) => setTimeout(r, 50));
      const started = performance.now();
      const plain = await t.json(v1("search", { source: "source_b", q: "o", size: 1 }));
      const plainMs = performance.now() - started;
      const merged = await all;

      expect(merged.body.code).toBe(0);
      expect(merged.body.data.failed).toEqual(["source_b"]);
      expect(plain.body).toMatchObject({ code: 0, source: "source_b", data: { total: 5, failed: [] } });
      expect(plain.body.data.list).toHaveLength(1);
      expect(plain.body.cost).toBeGreaterThan(0);
      // It waited for the shared load (started 50 ms earlier), not for a load of its own.
      expect(t.sims.source_b.calls.get("GET /search")).toBe(1);
      expect(plainMs).toBeGreaterThan(ALL_DEADLINE_MS);
    } finally {
      t.sims.source_b.reset();
    }
  });

  it("the load the all-search gave up on is kept: the next search is a hit", async () => {
    const again = await t.json(v1("search", { source: "source_b", q: "o", size: 1 }));
    expect(again.body.cost).toBe(0);
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(t.sims.source_b.calls.get("GET /search") ?? 0).toBe(0);
  });

  it("a load nobody waits for any more is aborted: the upstream sees its request end", async () => {
    let aborted = 0;
    const hanging = await startSimulator({
      "GET /tracks/:id": (event) =>
        new Promise<Response>((resolve) =>
          event.req.signal?.addEventListener("abort", () => {
            aborted++;
            resolve(new Response(null, { status: 499 }));
          }),
        ),
    });
    const app = await startTestApp({
      plugins: [makeFakeSource("fake-hang")],
      config: { sources: { source_a: { plugin: "fake-hang", options: { baseURL: hanging.url } } }, lyrics: false, upstream: { timeoutMs: 5000 } },
    });
    try {
      const controller = new AbortController();
      const asked = app.get(v1("song", { source: "source_a", id: "4" }), { signal: controller.signal }).catch(() => undefined);
      await expect.poll(() => hanging.log.length, { timeout: 2000 }).toBe(1);
      controller.abort();
      await asked;
      // Long before the 5 s deadline: the client left, so the service let go of the upstream.
      await expect.poll(() => aborted, { timeout: 1000 }).toBe(1);
    } finally {
      await app.close();
      await hanging.close();
    }
  });
});

/** Caching over HTTP: cost 0 from cache, callback left out of the key, single-flight, misses, stale. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeApp, v1, type FakeApp } from "../support/fake-app.ts";

let t: FakeApp;
beforeAll(async () => {
  t = await startFakeApp({ config: { rateLimit: { points: 100_000, duration: 60 }, upstream: { retries: 0, timeoutMs: 2000 } } });
});
afterAll(() => t.close());

const calls = (route: string) => t.sims.source_a.calls.get(route) ?? 0;

describe("response cache", () => {
  it("answers a repeated request from cache with cost 0 and no upstream call", async () => {
    const first = await t.json(v1("song", { source: "source_a", id: "4" }));
    expect(first.body.code).toBe(0);
    expect(first.body.cost).toBeGreaterThan(0);
    expect(first.headers.get("x-cache")).toBe("MISS");
    const before = calls("GET /tracks/:id");
    const second = await t.json(v1("song", { source: "source_a", id: "4" }));
    expect(second.body).toEqual({ ...first.body, cost: 0 });
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(calls("GET /tracks/:id")).toBe(before);
  });

  it("leaves callback, cb, _, origin and unknown parameters out of the key", async () => {
    await t.json(v1("album", { source: "source_a", id: "500" }));
    const before = calls("GET /albums/:id");
    const variants = [
      v1("album", { source: "source_a", id: "500", callback: "x" }),
      v1("album", { source: "source_a", id: "500", cb: "y" }),
      v1("album", { id: "500", source: "source_a", _: "123456", foo: "bar" }),
      `/v1/album?origin=another-app&id=500&source=source_a`,
    ];
    for (const path of variants) {
      const r = await t.get(path);
      const text = await r.text();
      expect(text).toContain('"cost":0');
    }
    expect(calls("GET /albums/:id")).toBe(before);
  });

  it("makes exactly one upstream call for N concurrent identical requests", async () => {
    t.sims.source_a.fault({ kind: "latency", ms: 150 }, "GET /artists/:id");
    const before = calls("GET /artists/:id");
    const answers = await Promise.all(Array.from({ length: 40 }, () => t.json(v1("artist", { source: "source_a", id: "77" }))));
    t.sims.source_a.fault(undefined, "GET /artists/:id");
    expect(answers.every((a) => a.body.code === 0 && a.body.data.name === "Fake Artist")).toBe(true);
    expect(calls("GET /artists/:id") - before).toBe(1);
  });

  it("caches a not-found answer briefly", async () => {
    const before = calls("GET /tracks/:id");
    expect((await t.json(v1("song", { source: "source_a", id: "999" }))).body.code).toBe(3001);
    expect((await t.json(v1("song", { source: "source_a", id: "999" }))).body.code).toBe(3001);
    expect(calls("GET /tracks/:id") - before).toBe(1);
  });

  it("does not cache failures", async () => {
    t.sims.source_a.fault({ kind: "status", status: 500 });
    expect((await t.json(v1("rank", { source: "source_a", id: "0" }))).body.code).toBe(2002);
    t.sims.source_a.fault(undefined);
    expect((await t.json(v1("rank", { source: "source_a", id: "0" }))).body.code).toBe(0);
  });

  it("reports hits and misses in /v1/status", async () => {
    const r = await t.json(v1("status"));
    expect(r.body.data.cache.driver).toBe("memory");
    expect(r.body.data.cache.hits).toBeGreaterThan(0);
    expect(r.body.data.cache.misses).toBeGreaterThan(0);
    expect(r.body.data.cache.entries).toBeGreaterThan(0);
    expect(r.body.data.cache.hitRate).toBeCloseTo(r.body.data.cache.hits / (r.body.data.cache.hits + r.body.data.cache.misses), 2);
    expect(r.body.data).toMatchObject({ version: "0.1.0" });
    expect(Number.isInteger(r.body.data.uptime)).toBe(true);
  });
});

describe("stale answers", () => {
  let s: FakeApp;
  beforeAll(async () => {
    // A one-second lifetime, so the answer expires quickly and the stale path can be taken.
    s = await startFakeApp({ config: { cache: { ttl: { song: 1 } }, upstream: { retries: 0, timeoutMs: 500 } } });
  });
  afterAll(() => s.close());

  it("serves an expired answer when the upstream fails, and refreshes when it is back", async () => {
    const fresh = await s.json(v1("song", { source: "source_a", id: "5" }));
    expect(fresh.body.code).toBe(0);
    await new Promise((r) => setTimeout(r, 1100));
    s.sims.source_a.fault({ kind: "status", status: 502 });
    const stale = await s.json(v1("song", { source: "source_a", id: "5" }));
    expect(stale.body).toEqual({ ...fresh.body, cost: 0 });
    expect(stale.headers.get("x-cache")).toBe("STALE");
    s.sims.source_a.fault(undefined);
    const refreshed = await s.json(v1("song", { source: "source_a", id: "5" }));
    expect(refreshed.headers.get("x-cache")).toBe("MISS");
  });
});

describe("stale answers end with cache.ttl.stale (memory store)", () => {
  let s: FakeApp;
  beforeAll(async () => {
    s = await startFakeApp({ config: { cache: { ttl: { song: 1, stale: 1 } }, upstream: { retries: 0, timeoutMs: 500 } } });
  });
  afterAll(() => s.close());

  it("answers 2002, not STALE, for an answer expired longer ago than the stale window", async () => {
    expect((await s.json(v1("song", { source: "source_a", id: "6" }))).body.code).toBe(0);
    // Fresh for 1 s, a stand-in for 1 s more; at 2.3 s it must be gone.
    await new Promise((r) => setTimeout(r, 2300));
    s.sims.source_a.fault({ kind: "status", status: 500 });
    const late = await s.json(v1("song", { source: "source_a", id: "6" }));
    s.sims.source_a.fault(undefined);
    expect(late.body.code).toBe(2002);
    expect(late.headers.get("x-cache")).not.toBe("STALE");
    const entries = (await s.json(v1("status"))).body.data.cache.entries;
    expect(entries).toBe(0);
  });
});

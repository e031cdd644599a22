/** Playlist with_url=1: every track gets `url`, a failure gives null for that track only. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeApp, v1, type FakeApp } from "../support/fake-app.ts";

let t: FakeApp;
beforeAll(async () => {
  t = await startFakeApp({
    sources: { source_a: undefined, source_b: { playlist: true, song: true } },
    config: { upstream: { retries: 0, timeoutMs: 1000 } },
  });
});
afterAll(() => t.close());

describe("playlist with_url", () => {
  it("gives every track its address, null for the VIP one, with the requested quality", async () => {
    const r = await t.json(v1("playlist", { source: "source_a", id: "900", with_url: 1, quality: "high" }));
    expect(r.body.code).toBe(0);
    const urls = Object.fromEntries(r.body.data.song.map((s: { id: string; url: string | null }) => [s.id, s.url]));
    expect(urls).toEqual({
      "1": "http://cdn.fake/1.mp3",
      "2": "http://cdn.fake/2-320.mp3",
      "3": null,
      "4": "http://cdn.fake/4.mp3",
      "5": "http://cdn.fake/5.mp3",
      "6": "http://cdn.fake/6.mp3",
    });
  });

  it("a track with an address says whether it is a clip, looked up or from the cache; a track without one says nothing", async () => {
    const looked = await t.json(v1("playlist", { source: "source_a", id: "900", with_url: 1, quality: "standard" }));
    const flags = (r: typeof looked) => r.body.data.song.map((s: { id: string; preview?: boolean }) => [s.id, s.preview]);
    expect(flags(looked)).toEqual([["1", false], ["2", false], ["3", undefined], ["4", false], ["5", false], ["6", true]]);
    // Another page size (a page of its own), the same addresses: from the cache of /v1/song/url answers.
    t.sims.source_a.reset();
    const cached = await t.json(v1("playlist", { source: "source_a", id: "900", with_url: 1, quality: "standard", size: 6 }));
    expect(t.sims.source_a.calls.get("GET /tracks/:id")).toBeUndefined();
    expect(flags(cached)).toEqual(flags(looked));
  });

  it("without with_url the tracks carry no url field", async () => {
    const r = await t.json(v1("playlist", { source: "source_a", id: "900" }));
    expect(r.body.data.song.every((s: object) => !("url" in s))).toBe(true);
  });

  it("a failing address look-up gives null for that track only", async () => {
    // Tracks 1, 2 and 4 have cached addresses; track 5's look-up will fail.
    for (const id of ["1", "2", "4"]) expect((await t.json(v1("song/url", { source: "source_a", id, quality: "lossless" }))).body.code).toBe(0);
    await t.json(v1("playlist", { source: "source_a", id: "900", size: 5 }));
    t.sims.source_a.fault({ kind: "status", status: 500 }, "GET /tracks/:id");
    try {
      const r = await t.json(v1("playlist", { source: "source_a", id: "900", size: 5, with_url: 1, quality: "lossless" }));
      expect(r.body.code).toBe(0);
      expect(r.body.data.song.map((s: { id: string; url: string | null }) => [s.id, s.url])).toEqual([
        ["1", "http://cdn.fake/1.mp3"],
        ["2", "http://cdn.fake/2-320.mp3"],
        ["3", null],
        ["4", "http://cdn.fake/4.mp3"],
        ["5", null],
      ]);
    } finally {
      t.sims.source_a.fault(undefined, "GET /tracks/:id");
    }
  });

  it("a source without url capability gives null for every track", async () => {
    const r = await t.json(v1("playlist", { source: "source_b", id: "900", with_url: 1 }));
    expect(r.body.data.song.every((s: { url: unknown }) => s.url === null)).toBe(true);
  });
});

describe("playlist with_url: one deadline, a fair share, nothing left running", () => {
  it("looks up at most upstream.urlLookups addresses per request; the rest are null", async () => {
    const capped = await startFakeApp({ config: { upstream: { retries: 0, timeoutMs: 2000, urlLookups: 2 } } });
    try {
      const r = await capped.json(v1("playlist", { source: "source_a", id: "900", with_url: 1 }));
      expect(r.body.code).toBe(0);
      expect(r.body.data.song.map((s: { url: string | null }) => s.url)).toEqual([
        "http://cdn.fake/1.mp3",
        "http://cdn.fake/2.mp3",
        null, // VIP
        null,
        null,
        null,
      ]);
      expect(capped.sims.source_a.calls.get("GET /tracks/:id")).toBe(2);
    } finally {
      await capped.close();
    }
  });

  it("takes at most a quarter of a declared budget (8 per second: 2 look-ups), and addresses already cached cost none", async () => {
    const budgeted = await startFakeApp({ sourceOptions: { requestsPerSecond: 8 }, config: { upstream: { retries: 0, timeoutMs: 2000 } } });
    try {
      // Track 5's address is cached: it is served from the cache, outside the share.
      expect((await budgeted.json(v1("song/url", { source: "source_a", id: "5" }))).body.code).toBe(0);
      budgeted.sims.source_a.reset();
      const r = await budgeted.json(v1("playlist", { source: "source_a", id: "900", with_url: 1 }));
      const urls = r.body.data.song.map((s: { id: string; url: string | null }) => [s.id, s.url]);
      expect(urls).toEqual([
        ["1", "http://cdn.fake/1.mp3"],
        ["2", "http://cdn.fake/2.mp3"],
        ["3", null],
        ["4", null],
        ["5", "http://cdn.fake/5.mp3"],
        ["6", null],
      ]);
      expect(budgeted.sims.source_a.calls.get("GET /tracks/:id")).toBe(2);
    } finally {
      await budgeted.close();
    }
  });

  it("answers within one deadline for the whole request: late addresses are null", async () => {
    const slow = await startFakeApp({ config: { upstream: { retries: 0, timeoutMs: 600, urlConcurrency: 2 } } });
    try {
      slow.sims.source_a.fault({ kind: "latency", ms: 400 }, "GET /tracks/:id");
      const started = performance.now();
      const r = await slow.json(v1("playlist", { source: "source_a", id: "900", with_url: 1 }));
      const ms = performance.now() - started;
      expect(r.body.code).toBe(0);
      expect(ms).toBeLessThan(1000);
      const urls = r.body.data.song.map((s: { url: string | null }) => s.url);
      // Two look-ups at a time, 400 ms each: the first two arrive, the rest are cut at 600 ms.
      expect(urls.filter((u: string | null) => u !== null)).toEqual(["http://cdn.fake/1.mp3", "http://cdn.fake/2.mp3"]);
      expect(r.body.cost).toBeGreaterThan(0);
    } finally {
      await slow.close();
    }
  });

  it("stops looking addresses up when its client goes away", async () => {
    const slow = await startFakeApp({ config: { upstream: { retries: 0, timeoutMs: 5000, urlConcurrency: 1 } } });
    try {
      slow.sims.source_a.fault({ kind: "latency", ms: 300 }, "GET /tracks/:id");
      const controller = new AbortController();
      const asked = slow.get(v1("playlist", { source: "source_a", id: "900", with_url: 1 }), { signal: controller.signal }).catch(() => undefined);
      await expect.poll(() => slow.sims.source_a.calls.get("GET /tracks/:id") ?? 0, { timeout: 2000 }).toBe(1);
      controller.abort();
      await asked;
      await new Promise((r) => setTimeout(r, 1200));
      // One at a time, 300 ms each: had it gone on, 5 look-ups would have been made by now.
      expect(slow.sims.source_a.calls.get("GET /tracks/:id")).toBe(1);
    } finally {
      await slow.close();
    }
  });
});

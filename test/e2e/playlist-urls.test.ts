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

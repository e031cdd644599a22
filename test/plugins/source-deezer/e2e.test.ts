/**
 * End to end: the real service (config, DI, registry, cache, h3 routes) over HTTP, with the
 * Deezer plugin bound to source_a and the Deezer simulator behind it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import deezer from "../../../plugins/source-deezer/index.ts";
import { startDeezerSimulator, type DeezerSimulator } from "../../../plugins/source-deezer/test/simulator.ts";

const v1 = (path: string, params: Record<string, string | number>) =>
  `/v1/${path}?${new URLSearchParams({ origin: "deezer-e2e", ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) })}`;

let sim: DeezerSimulator;
let app: TestApp;
beforeAll(async () => {
  sim = await startDeezerSimulator();
  app = await startTestApp({
    plugins: [deezer],
    config: { sources: { source_a: { plugin: "deezer", options: { baseURL: sim.url, quotaBackoffMs: 5 } } }, lyrics: false },
  });
});
afterAll(async () => {
  await app.close();
  await sim.close();
});

describe("/v1 through the deezer plugin", () => {
  it("song: the envelope carries the mapped SongDetail", async () => {
    const r = await app.json(v1("song", { source: "source_a", id: "9100002" }));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 0, message: "ok", source: "source_a" });
    expect(r.body.data).toEqual({
      source: "source_a",
      id: "9100002",
      name: "Salt Air (feat. Ines Okafor)",
      artist: ["Marlow Vane", "Ines Okafor"],
      album: "Tidal Lines",
      albumId: "7001",
      duration: 198,
      cover: "https://e-cdns-images.dzcdn.net/images/cover/5f1e2d3c4b5a69788796a5b4c3d2e1f0/1000x1000-000000-80-0-0.jpg",
      available: true,
      vip: false,
      artistId: ["4001", "4003"],
      explicit: false,
      popularity: 400002,
      isrc: "QZFAK9100002",
      quality: ["standard"],
      publishAt: "2019-05-17",
      link: "https://www.deezer.com/track/9100002",
    });
  });

  it("song/url: lossless falls back to the standard preview, flagged as one", async () => {
    const r = await app.json(v1("song/url", { source: "source_a", id: "9100001", quality: "lossless" }));
    expect(r.body.code).toBe(0);
    expect(r.body.data).toMatchObject({ id: "9100001", quality: "standard", bitrate: 128, size: null, expireAt: 1893456000, preview: true });
  });

  it("an unknown id is HTTP 404 with 3001; a track without preview has no address (3001)", async () => {
    const missing = await app.json(v1("song", { source: "source_a", id: "8888888" }));
    expect([missing.status, missing.body.code, missing.body.data]).toEqual([404, 3001, null]);
    const silent = await app.json(v1("song/url", { source: "source_a", id: "9300001" }));
    expect([silent.status, silent.body.code]).toEqual([404, 3001]);
  });

  it("album: every track, the paged ones included", async () => {
    const r = await app.json(v1("album", { source: "source_a", id: "7002" }));
    expect(r.body.data.song.map((s: { id: string }) => s.id)).toEqual(["9200001", "9200002", "9200003", "9200004", "9200005", "9200006", "9200007"]);
  });

  it("playlist with_url=1: every listed preview, flagged as a clip (readable or not); null for a track without one", async () => {
    const r = await app.json(v1("playlist", { source: "source_a", id: "5550001", page: 2, size: 3, with_url: 1 }));
    expect(r.body.data).toMatchObject({ count: 7, total: 7, page: 2, size: 3, hasMore: true, creator: "deckhand_ro" });
    expect(r.body.data.song.map((s: { id: string; url: string | null; preview?: boolean }) => [s.id, s.url, s.preview])).toEqual([
      ["9200001", "https://cdns-preview-d.dzcdn.net/stream/c-d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f-4.mp3", true],
      ["9200002", "https://cdns-preview-d.dzcdn.net/stream/c-d1e1f2a3b4c5d6e7f8091a2b3c4d5e6f-4.mp3", true],
      ["9200005", null, undefined],
    ]);
  });

  it("a readable:false track with a preview: song, song/url and with_url agree that its preview plays", async () => {
    const song = await app.json(v1("song", { source: "source_a", id: "9100003" }));
    expect(song.body.data).toMatchObject({ available: true, vip: false, quality: ["standard"] });
    const url = await app.json(v1("song/url", { source: "source_a", id: "9100003" }));
    expect(url.body.data).toMatchObject({ url: "https://cdns-preview-c.dzcdn.net/stream/c-c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4-4.mp3", preview: true });
    const listed = await app.json(v1("playlist", { source: "source_a", id: "5550001", page: 1, size: 3, with_url: 1 }));
    expect(listed.body.data.song[2]).toMatchObject({ id: "9100003", available: true, url: url.body.data.url, preview: true });
  });

  it("an HTTP 404 (a wrong path) is 2002 and is not remembered as a missing song", async () => {
    sim.fault({ kind: "status", status: 404, body: '{"error":"Not Found"}' }, "GET /track/:id");
    try {
      const r = await app.json(v1("song", { source: "source_a", id: "9400001" })); // asked nowhere else: not cached
      expect([r.status, r.body.code]).toEqual([502, 2002]);
    } finally {
      sim.fault(undefined, "GET /track/:id");
    }
    const again = await app.json(v1("song", { source: "source_a", id: "9200006" }));
    expect([again.body.code, again.body.data.name]).toEqual([0, "Slipway"]);
  });

  it("playlist with_url=1 of 100 tracks: every address from the playlist answer itself, 2 upstream calls in all", async () => {
    sim.reset();
    const r = await app.json(v1("playlist", { source: "source_a", id: "5550100", page: 1, size: 100, with_url: 1, quality: "lossless" }));
    expect(r.body).toMatchObject({ code: 0, data: { count: 100, total: 100, hasMore: false } });
    expect(r.body.data.song).toHaveLength(100);
    expect(r.body.data.song.every((s: { url: string | null }) => typeof s.url === "string" && s.url.startsWith("https://cdns-preview-d.dzcdn.net/"))).toBe(true);
    // The header and one page of tracks: no /track/{id} per track.
    expect(sim.totalCalls()).toBe(2);
    expect(sim.calls.get("GET /track/:id") ?? 0).toBe(0);
    // Without with_url the same page is another answer, with no url field.
    const plain = await app.json(v1("playlist", { source: "source_a", id: "5550100", page: 1, size: 100 }));
    expect(plain.body.data.song.some((s: object) => "url" in s)).toBe(false);
  });

  it("rank: the chart list, then chart 0", async () => {
    const list = await app.json(v1("rank", { source: "source_a" }));
    expect(list.body.data.list.map((c: { id: string; name: string }) => [c.id, c.name])).toEqual([["0", "All"], ["85", "Alternative"], ["152", "Rock"]]);
    const chart = await app.json(v1("rank", { source: "source_a", id: "0" }));
    expect(chart.body.data).toMatchObject({ id: "0", name: "All", updateAt: null });
    expect(chart.body.data.song).toHaveLength(3);
  });

  it("search with source=all merges the one source, totals included", async () => {
    const r = await app.json(v1("search", { source: "all", q: "harbour", size: 2 }));
    expect(r.body).toMatchObject({ code: 0, source: "all" });
    expect(r.body.data).toMatchObject({ page: 1, size: 2, total: 8, failed: [] });
    // Every song is the artist's (equally good matches): Deezer's own rank orders them, most popular first.
    expect(r.body.data.list.map((s: { id: string }) => s.id)).toEqual(["9200007", "9200006"]);
  });

  it("a lasting quota answer is HTTP 502 with 2002, after 3 attempts", async () => {
    // One upstream call per request (a song), so that no sibling's failure ends its retries early.
    const before = sim.calls.get("GET /track/:id") ?? 0;
    sim.quota(1000);
    try {
      const r = await app.json(v1("song", { source: "source_a", id: "9400001" })); // asked nowhere else: not cached
      expect([r.status, r.body.code]).toEqual([502, 2002]);
      // Tried 1 + quotaRetries (2) times.
      expect((sim.calls.get("GET /track/:id") ?? 0) - before).toBe(3);
    } finally {
      sim.quota(0);
    }
  });

  it("an HTML page from Deezer is HTTP 502 with 2003", async () => {
    sim.fault({ kind: "html" }, "GET /track/:id");
    try {
      const r = await app.json(v1("song", { source: "source_a", id: "9200007" }));
      expect([r.status, r.body.code]).toEqual([502, 2003]);
    } finally {
      sim.fault(undefined, "GET /track/:id");
    }
  });

  it("lyrics are not Deezer's: without a lyrics provider, /v1/lyric is 1003", async () => {
    const r = await app.json(v1("lyric", { source: "source_a", id: "9100001" }));
    expect([r.status, r.body.code]).toEqual([400, 1003]);
  });
});

describe("the default binding", () => {
  it("serves source_a with the deezer plugin and its capabilities, without a sources config", async () => {
    const bare = await startTestApp({ plugins: [deezer], config: { lyrics: false } });
    try {
      const r = await bare.json(v1("source", {}));
      expect(r.body.data.capability.source_a).toEqual({
        search: true, song: true, url: true, lyric: false, album: true, artist: true, playlist: true, rank: true,
        // alone: no other source to match its songs or playlists against
        match: false,
        transfer: false,
      });
    } finally {
      await bare.close();
    }
  });
});

/**
 * End to end: the real service (config, DI, registry, cache, h3 routes) over HTTP, with the
 * Audius plugin bound to source_c and the Audius simulator behind it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import audius from "../../../plugins/source-audius/index.ts";
import { ROUTES, startAudiusSimulator, type AudiusSimulator } from "../../../plugins/source-audius/test/simulator.ts";

const v1 = (path: string, params: Record<string, string | number>) =>
  `/v1/${path}?${new URLSearchParams({ origin: "audius-e2e", ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) })}`;
const NODE = "https://node-7.tidewater-content.net";

let sim: AudiusSimulator;
let app: TestApp;
beforeAll(async () => {
  sim = await startAudiusSimulator();
  app = await startTestApp({
    plugins: [audius],
    config: { sources: { source_c: { plugin: "audius", options: { baseURL: sim.url } } }, lyrics: false, upstream: { retries: 0 } },
  });
});
afterAll(async () => {
  await app.close();
  await sim.close();
});
const calls = (route: string) => sim.calls.get(route) ?? 0;

describe("/v1 through the audius plugin", () => {
  it("song: the envelope carries the mapped SongDetail", async () => {
    const r = await app.json(v1("song", { source: "source_c", id: "fT6hJ" }));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 0, message: "ok", source: "source_c" });
    expect(r.body.data).toEqual({
      source: "source_c",
      id: "fT6hJ",
      name: "Salt Circuit",
      artist: ["Harbor Static"],
      album: "Low Tide Signals",
      albumId: "pL7Qa",
      duration: 188,
      cover: "https://media-3.tidewater-content.net/content/01HZQ4BBB1B2C3D4E5F6G7H8J9/480x480.jpg",
      available: true,
      vip: false,
      artistId: ["Wq3nE"],
      explicit: null,
      popularity: 90422,
      quality: ["high"],
      publishAt: "2023-04-14",
      link: "https://audius.co/harborstatic/salt-circuit",
    });
  });

  it("a song's albumId and artistId open its album and its artist, an album named by its internal number included", async () => {
    const song = await app.json(v1("song", { source: "source_c", id: "aT1sD" }));
    expect([song.body.data.albumId, song.body.data.artistId]).toEqual(["DN1ZQ", ["Jm2xL"]]);
    const album = await app.json(v1("album", { source: "source_c", id: song.body.data.albumId }));
    expect([album.body.code, album.body.data.name]).toEqual([0, "Paper Atlas"]);
    const artist = await app.json(v1("artist", { source: "source_c", id: song.body.data.artistId[0] }));
    expect([artist.body.code, artist.body.data.name]).toEqual([0, "Orchid Tapes Collective"]);
  });

  it("song/url: lossless falls back to the full 320 kbps stream, which is no preview", async () => {
    const r = await app.json(v1("song/url", { source: "source_c", id: "aZ4kP", quality: "lossless" }));
    expect(r.body.code).toBe(0);
    expect(r.body.data).toEqual({ source: "source_c", id: "aZ4kP", url: expect.stringMatching(`^${NODE}/tracks/cidstream/`), quality: "high", bitrate: 320, size: null, expireAt: null, preview: false });
  });

  it("song/url of a gated track is HTTP 403 with 3002, and the stream endpoint is never asked", async () => {
    const before = calls(ROUTES.stream);
    const r = await app.json(v1("song/url", { source: "source_c", id: "dW5pS" }));
    expect([r.status, r.body.code, r.body.data]).toEqual([403, 3002, null]);
    expect(calls(ROUTES.stream) - before).toBe(0);
  });

  it("playlist with_url=1: addresses for playable tracks, null for the gated one, one stream call each", async () => {
    const before = calls(ROUTES.stream);
    const r = await app.json(v1("playlist", { source: "source_c", id: "mN3bV", page: 1, size: 3, with_url: 1 }));
    expect(r.body.data).toMatchObject({ name: "Night Drive Sessions", creator: "Lumen Vale", count: 8, total: 8, page: 1, size: 3, hasMore: true });
    expect(r.body.data.song.map((s: { id: string; url: string | null }) => [s.id, s.url === null ? null : s.url.startsWith(`${NODE}/tracks/cidstream/`)])).toEqual([
      ["aZ4kP", true],
      ["sM1oX", true],
      ["dW5pS", null],
    ]);
    expect(calls(ROUTES.stream) - before).toBe(2);
  });

  it("playlist page 2 of 3 tracks", async () => {
    const r = await app.json(v1("playlist", { source: "source_c", id: "mN3bV", page: 2, size: 3 }));
    expect(r.body.data.song.map((s: { id: string }) => s.id)).toEqual(["tL6uE", "cX9nR", "vK2iO"]);
    expect(r.body.data).toMatchObject({ page: 2, total: 8, hasMore: true });
  });

  it("album and artist", async () => {
    const album = await app.json(v1("album", { source: "source_c", id: "pL7Qa" }));
    expect(album.body.data.song.map((s: { id: string; vip: boolean }) => [s.id, s.vip])).toEqual([["aZ4kP", false], ["fT6hJ", false], ["bY2mQ", true]]);
    const artist = await app.json(v1("artist", { source: "source_c", id: "Wq3nE" }));
    expect([artist.body.data.name, artist.body.data.song.map((s: { id: string }) => s.id)]).toEqual(["Harbor Static", ["fT6hJ", "aZ4kP", "bY2mQ"]]);
  });

  it("rank: the chart list, then the weekly chart", async () => {
    const list = await app.json(v1("rank", { source: "source_c" }));
    expect(list.body.data.list.map((c: { id: string }) => c.id)).toEqual(["week", "month", "year", "allTime", "underground"]);
    const chart = await app.json(v1("rank", { source: "source_c", id: "week" }));
    expect(chart.body.data).toMatchObject({ id: "week", name: "Trending this week", cover: null, updateAt: null });
    expect(chart.body.data.song).toHaveLength(4);
  });

  it("search with source=all: one call for the window of 100; the total is the window's", async () => {
    const r = await app.json(v1("search", { source: "all", q: "lumen", size: 2 }));
    expect(r.body).toMatchObject({ code: 0, source: "all" });
    expect(r.body.data).toMatchObject({ page: 1, size: 2, total: 6, failed: [] });
    expect(sim.log.filter((line) => line.startsWith("GET /v1/tracks/search"))).toEqual([expect.stringMatching(/^GET \/v1\/tracks\/search\?query=lumen&offset=0&limit=100&/)]);
    // Every song is the artist's (equally good matches): the most played first.
    expect(r.body.data.list.map((s: { id: string }) => s.id)).toEqual(["sM1oX", "tL6uE"]);
  });

  it("unknown ids, ids that are no hashids and unknown charts are HTTP 404 with 3001", async () => {
    for (const [path, params] of [
      ["song", { id: "zZz9Q" }],
      ["song", { id: "../users/Wq3nE" }],
      ["album", { id: "mN3bV" }],
      ["playlist", { id: "zZz9Q" }],
      ["rank", { id: "daily" }],
    ] as const) {
      const r = await app.json(v1(path, { source: "source_c", ...params }));
      expect([r.status, r.body.code], `${path} ${params.id}`).toEqual([404, 3001]);
    }
  });

  it("an HTML page from Audius is HTTP 502 with 2003", async () => {
    sim.fault({ kind: "html" }, ROUTES.track);
    try {
      const r = await app.json(v1("song", { source: "source_c", id: "wJ8yA" }));
      expect([r.status, r.body.code]).toEqual([502, 2003]);
    } finally {
      sim.fault(undefined, ROUTES.track);
    }
  });

  it("lyrics are not Audius's: without a lyrics provider, /v1/lyric is 1003", async () => {
    const r = await app.json(v1("lyric", { source: "source_c", id: "aZ4kP" }));
    expect([r.status, r.body.code]).toEqual([400, 1003]);
  });
});

describe("the default binding", () => {
  it("serves source_c with the audius plugin and its capabilities, without a sources config", async () => {
    const bare = await startTestApp({ plugins: [audius], config: { lyrics: false } });
    try {
      const r = await bare.json(v1("source", {}));
      expect(r.body.data.capability.source_c).toEqual({
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

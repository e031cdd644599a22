/**
 * End to end: the real service (config, DI, registry, cache, h3 routes) over HTTP, with the
 * iTunes plugin bound to source_b and the iTunes simulator behind both its base URLs; then
 * the request budget running out, with and without a cached answer to stand in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import itunes from "../../../plugins/source-itunes/index.ts";
import { FEED_ROUTE, LOOKUP_ROUTE, startItunesSimulator, type ItunesSimulator } from "../../../plugins/source-itunes/test/simulator.ts";

const v1 = (path: string, params: Record<string, string | number>) =>
  `/v1/${path}?${new URLSearchParams({ origin: "itunes-e2e", ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) })}`;
const COVER = "https://is1-ssl.mzstatic.com/image/thumb/Music211/v4/3a/7c/e1/3a7ce1d0-5b2f-4c11-9e0a-8f6b2d4c1a77/5021732149.jpg/600x600bb.jpg";

let sim: ItunesSimulator;
beforeAll(async () => {
  sim = await startItunesSimulator();
});
afterAll(() => sim.close());

const binding = (options: Record<string, unknown>) => ({ source_b: { plugin: "itunes", options: { baseURL: sim.url, chartsBaseURL: sim.url, ...options } } });

describe("/v1 through the itunes plugin", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ plugins: [itunes], config: { sources: binding({ requestsPerMinute: 1000 }), lyrics: false } });
  });
  afterAll(() => app.close());

  it("song: the envelope carries the mapped SongDetail", async () => {
    const r = await app.json(v1("song", { source: "source_b", id: "1600000012" }));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 0, message: "ok", source: "source_b" });
    expect(r.body.data).toEqual({
      source: "source_b",
      id: "1600000012",
      name: "Paper Kites",
      artist: ["Juniper Lane"],
      album: "Glasshouse Weather",
      albumId: "1600000010",
      duration: 188,
      cover: COVER,
      available: true,
      vip: false,
      artistId: ["1500000101"],
      explicit: false,
      quality: ["standard"],
      publishAt: "2021-04-09",
      link: "https://music.apple.com/us/album/paper-kites/1600000010?i=1600000012&uo=4",
    });
  });

  it("song/url: lossless falls back to the standard preview, flagged as one", async () => {
    const r = await app.json(v1("song/url", { source: "source_b", id: "1600000012", quality: "lossless" }));
    expect(r.body.code).toBe(0);
    expect(r.body.data).toMatchObject({ id: "1600000012", quality: "standard", bitrate: 256, size: null, expireAt: null, preview: true });
    expect(r.body.data.url).toMatch(/^https:\/\/audio-ssl\.itunes\.apple\.com\/.+\.plus\.aac\.p\.m4a$/);
  });

  it("an unknown id is HTTP 404 with 3001, and so is an id that is not digits (without a request)", async () => {
    const before = sim.calls.get(LOOKUP_ROUTE) ?? 0;
    const missing = await app.json(v1("song", { source: "source_b", id: "1600000077" }));
    expect([missing.status, missing.body.code, missing.body.data]).toEqual([404, 3001, null]);
    const strange = await app.json(v1("album", { source: "source_b", id: "1600000010,1600000020" }));
    expect([strange.status, strange.body.code]).toEqual([404, 3001]);
    expect((sim.calls.get(LOOKUP_ROUTE) ?? 0) - before).toBe(1);
  });

  it("album: the songs in disc and track order", async () => {
    const r = await app.json(v1("album", { source: "source_b", id: "1600000010" }));
    expect(r.body.data.song.map((s: { id: string }) => s.id)).toEqual(["1600000011", "1600000012", "1600000013", "1600000014", "1600000015"]);
  });

  it("rank: the chart list, then the US chart of 100, answered from cache the second time", async () => {
    const list = await app.json(v1("rank", { source: "source_b" }));
    expect(list.body.data.list.map((c: { id: string; name: string }) => [c.id, c.name])).toEqual([
      ["us", "Top Songs (US)"], ["gb", "Top Songs (GB)"], ["jp", "Top Songs (JP)"], ["de", "Top Songs (DE)"], ["fr", "Top Songs (FR)"],
    ]);
    const feedsBefore = sim.calls.get(FEED_ROUTE) ?? 0;
    const chart = await app.json(v1("rank", { source: "source_b", id: "us" }));
    expect([chart.headers.get("x-cache"), chart.body.data.id, chart.body.data.updateAt, chart.body.data.song.length]).toEqual(["MISS", "us", "2025-03-14T09:05:07.000Z", 100]);
    const again = await app.json(v1("rank", { source: "source_b", id: "us" }));
    expect([again.headers.get("x-cache"), again.body.cost]).toEqual(["HIT", 0]);
    expect((sim.calls.get(FEED_ROUTE) ?? 0) - feedsBefore).toBe(1);
  });

  it("playlist is not offered: HTTP 400 with 1003", async () => {
    const r = await app.json(v1("playlist", { source: "source_b", id: "1600000010" }));
    expect([r.status, r.body.code]).toEqual([400, 1003]);
  });

  it("search with source=all: one call for Apple's window of 200, no offset; the total is the window's", async () => {
    sim.reset();
    const r = await app.json(v1("search", { source: "all", q: "glasshouse", size: 2 }));
    expect(r.body.data).toMatchObject({ page: 1, size: 2, total: 5, failed: [] });
    // Ranked by relevance: the one title that is the query comes first (its version costs half a tier).
    expect(r.body.data.list.map((s: { id: string }) => s.id)).toEqual(["1600000014", "1600000011"]);
    expect(sim.log).toEqual(["GET /search?term=glasshouse&media=music&entity=song&limit=200&country=us"]);
    // The source's own pages are cut from the same window: no further call.
    const own = await app.json(v1("search", { source: "source_b", q: "glasshouse", size: 2, page: 3 }));
    expect(own.body.data).toMatchObject({ page: 3, size: 2, total: 5, failed: [] });
    expect(own.body.data.list.map((s: { id: string }) => s.id)).toEqual(["1600000015"]);
    expect(sim.log).toHaveLength(1);
  });

  it("an HTML page from Apple is HTTP 502 with 2003", async () => {
    sim.fault({ kind: "html" }, LOOKUP_ROUTE);
    try {
      const r = await app.json(v1("artist", { source: "source_b", id: "1500000202" }));
      expect([r.status, r.body.code]).toEqual([502, 2003]);
    } finally {
      sim.fault(undefined, LOOKUP_ROUTE);
    }
  });

  it("lyrics are not Apple's: without a lyrics provider, /v1/lyric is 1003", async () => {
    const r = await app.json(v1("lyric", { source: "source_b", id: "1600000011" }));
    expect([r.status, r.body.code]).toEqual([400, 1003]);
  });
});

describe("the request budget", () => {
  let app: TestApp;
  beforeAll(async () => {
    // One request a minute, and songs that expire from the cache after 1 s.
    app = await startTestApp({ plugins: [itunes], config: { sources: binding({ requestsPerMinute: 1 }), cache: { ttl: { song: 1 } }, lyrics: false } });
  });
  afterAll(() => app.close());

  it("spent: 2002 when nothing is cached, the stale answer when an expired one is", async () => {
    const before = sim.calls.get(LOOKUP_ROUTE) ?? 0;
    const first = await app.json(v1("song", { source: "source_b", id: "1600000013" }));
    expect([first.status, first.headers.get("x-cache"), first.body.data.name]).toEqual([200, "MISS", "Lowlight"]);

    const other = await app.json(v1("song", { source: "source_b", id: "1600000021" }));
    expect([other.status, other.body.code, other.body.data]).toEqual([502, 2002, null]);
    expect(other.body.message).toBe("iTunes request budget of 1 per 60 s is used up");

    await new Promise((resolve) => setTimeout(resolve, 1100));
    const stale = await app.json(v1("song", { source: "source_b", id: "1600000013" }));
    expect([stale.status, stale.headers.get("x-cache"), stale.body.code, stale.body.cost]).toEqual([200, "STALE", 0, 0]);
    expect(stale.body.data).toEqual(first.body.data);
    // Only the first request reached Apple.
    expect((sim.calls.get(LOOKUP_ROUTE) ?? 0) - before).toBe(1);
  });
});

describe("the default binding", () => {
  it("serves source_b with the itunes plugin and its capabilities, without a sources config", async () => {
    const bare = await startTestApp({ plugins: [itunes], config: { lyrics: false } });
    try {
      const r = await bare.json(v1("source", {}));
      expect(r.body.data.capability.source_b).toEqual({
        search: true, song: true, url: true, lyric: false, album: true, artist: true, playlist: false, rank: true,
        // alone: no other source to match its songs or playlists against
        match: false,
        transfer: false,
      });
    } finally {
      await bare.close();
    }
  });
});

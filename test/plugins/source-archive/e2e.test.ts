/**
 * End to end: the real service (config, DI, registry, cache, h3 routes) over HTTP, with the
 * archive plugin bound to source_d and the Internet Archive simulator behind it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import archive from "../../../plugins/source-archive/index.ts";
import { LIVE, NETLABEL, OLD_SHOW } from "../../../plugins/source-archive/test/fixtures/catalog.ts";
import { type ArchiveSimulator, startArchiveSimulator } from "../../../plugins/source-archive/test/simulator.ts";

const v1 = (path: string, params: Record<string, string | number>) =>
  `/v1/${path}?${new URLSearchParams({ origin: "archive-e2e", ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) })}`;

let sim: ArchiveSimulator;
let app: TestApp;
beforeAll(async () => {
  sim = await startArchiveSimulator();
  app = await startTestApp({
    plugins: [archive],
    config: { sources: { source_d: { plugin: "archive", options: { baseURL: sim.url } } }, lyrics: false, upstream: { retries: 0 } },
  });
});
afterAll(async () => {
  await app.close();
  await sim.close();
});

describe("/v1 through the archive plugin", () => {
  it("song: the envelope carries the mapped SongDetail", async () => {
    const r = await app.json(v1("song", { source: "source_d", id: `${NETLABEL}/qh045_03_salt_and_iron.mp3` }));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 0, message: "ok", source: "source_d" });
    expect(r.body.data).toEqual({
      source: "source_d",
      id: "qh045_harbour_static/qh045_03_salt_and_iron.mp3",
      name: "Salt & Iron",
      artist: ["Quiet Harbour Collective"],
      album: "Harbour Static",
      albumId: "qh045_harbour_static",
      duration: 255,
      cover: `${sim.url}/services/img/qh045_harbour_static`,
      available: true,
      vip: false,
      artistId: ["Quiet Harbour Collective"],
      explicit: null,
      quality: ["standard", "high"],
      publishAt: "2007",
      link: `${sim.url}/details/qh045_harbour_static`,
    });
  });

  it("song/url: lossless is the original FLAC, full length, without expiry; then it comes from the cache", async () => {
    const id = `${LIVE}/mh81-06-12d1t02.flac`;
    const r = await app.json(v1("song/url", { source: "source_d", id, quality: "lossless" }));
    expect(r.body.code).toBe(0);
    // 35029761 bytes over 312.9 s
    expect(r.body.data).toEqual({ source: "source_d", id, url: `${sim.url}/download/${id}`, quality: "lossless", bitrate: 896, size: 35029761, expireAt: null, preview: false });
    const again = await app.json(v1("song/url", { source: "source_d", id, quality: "lossless" }));
    expect(again.body).toMatchObject({ code: 0, cost: 0 });
  });

  it("an unknown item is HTTP 404 with 3001; a never-derived track has no address (3001)", async () => {
    const missing = await app.json(v1("album", { source: "source_d", id: "mh1999-01-01.never.recorded" }));
    expect([missing.status, missing.body.code, missing.body.data]).toEqual([404, 3001, null]);
    const silent = await app.json(v1("song/url", { source: "source_d", id: `${OLD_SHOW}/mh79-10-03t02.shn` }));
    expect([silent.status, silent.body.code]).toEqual([404, 3001]);
  });

  it("album: the originals in track order", async () => {
    const r = await app.json(v1("album", { source: "source_d", id: LIVE }));
    expect(r.body.data.song.map((s: { name: string }) => s.name)).toEqual(["Cedar Smoke", "Paper Boats", "Lantern Drill", "The Long Field ->"]);
  });

  it("search with source=all: the one source's page and numFound as the total", async () => {
    const r = await app.json(v1("search", { source: "all", q: "cedar smoke", size: 1 }));
    expect(r.body).toMatchObject({ code: 0, source: "all" });
    expect(r.body.data).toMatchObject({ page: 1, size: 1, total: 2, failed: [] });
    expect(r.body.data.list.map((s: { id: string }) => s.id)).toEqual([`${LIVE}/mh81-06-12d1t01.flac`]);
  });

  it("artist and rank: popular songs by first tracks, three charts", async () => {
    const artist = await app.json(v1("artist", { source: "source_d", id: "Quiet Harbour Collective" }));
    expect(artist.body.data).toMatchObject({ id: "Quiet Harbour Collective", avatar: null, song: [{ name: "First Static" }] });
    const list = await app.json(v1("rank", { source: "source_d" }));
    expect(list.body.data.list.map((c: { id: string }) => c.id)).toEqual(["week", "month", "all-time"]);
    const chart = await app.json(v1("rank", { source: "source_d", id: "week" }));
    expect(chart.body.data).toMatchObject({ id: "week", updateAt: null });
    expect(chart.body.data.song).toHaveLength(6);
  });

  it("an HTML page from the archive is HTTP 502 with 2003", async () => {
    sim.fault({ kind: "html" }, "GET /metadata/:identifier");
    try {
      const r = await app.json(v1("song", { source: "source_d", id: `${OLD_SHOW}/mh79-10-03t01.shn` }));
      expect([r.status, r.body.code]).toEqual([502, 2003]);
    } finally {
      sim.fault(undefined, "GET /metadata/:identifier");
    }
  });

  it("playlists and lyrics are not the archive's: 1003", async () => {
    const playlist = await app.json(v1("playlist", { source: "source_d", id: "anything" }));
    expect([playlist.status, playlist.body.code]).toEqual([400, 1003]);
    const lyric = await app.json(v1("lyric", { source: "source_d", id: `${LIVE}/mh81-06-12d1t01.flac` }));
    expect([lyric.status, lyric.body.code]).toEqual([400, 1003]);
  });
});

describe("the default binding", () => {
  it("serves source_d with the archive plugin and its capabilities, without a sources config", async () => {
    const bare = await startTestApp({ plugins: [archive], config: { lyrics: false } });
    try {
      const r = await bare.json(v1("source", {}));
      expect(r.body.data.capability.source_d).toEqual({
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

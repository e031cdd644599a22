/**
 * End to end: the real service (config, DI, registry, cache, h3 routes) over HTTP, with the
 * Jamendo plugin bound through config to `source_e`, as the README's worked example does, and
 * the Jamendo simulator behind it. Also: what binding it without a clientId, or with a wrong
 * one, does to the service.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import jamendo from "../../../plugins/source-jamendo/index.ts";
import { CLIENT_ID } from "../../../plugins/source-jamendo/test/fixtures/catalog.ts";
import { API_PREFIX, startJamendoSimulator, type JamendoSimulator } from "../../../plugins/source-jamendo/test/simulator.ts";

const v1 = (path: string, params: Record<string, string | number>) =>
  `/v1/${path}?${new URLSearchParams({ origin: "jamendo-e2e", ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) })}`;
const STORAGE = "https://prod-1.storage.jamendo.com";

let sim: JamendoSimulator;
let app: TestApp;
const bind = (options: Record<string, unknown>) => ({ sources: { source_e: { plugin: "jamendo", options } }, lyrics: false as const });
beforeAll(async () => {
  sim = await startJamendoSimulator();
  app = await startTestApp({ plugins: [jamendo], config: bind({ clientId: CLIENT_ID, baseURL: `${sim.url}${API_PREFIX}` }) });
});
afterAll(async () => {
  await app.close();
  await sim.close();
});

describe("/v1 through the jamendo plugin bound as source_e", () => {
  it("song: the envelope carries the mapped SongDetail with its licence", async () => {
    const r = await app.json(v1("song", { source: "source_e", id: "1630002" }));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 0, message: "ok", source: "source_e" });
    expect(r.body.data).toEqual({
      source: "source_e",
      id: "1630002",
      name: "Lantern Season",
      artist: ["Lumen Drift"],
      album: "Northern Glass",
      albumId: "201455",
      duration: 187,
      cover: "https://usercontent.jamendo.com?type=album&id=201455&width=600",
      available: true,
      vip: false,
      artistId: ["480211"],
      explicit: null,
      license: "http://creativecommons.org/licenses/by-nc-sa/3.0/",
      quality: ["standard", "high", "lossless"],
      publishAt: "2016-03-11",
      link: "https://www.jamendo.com/track/1630002",
    });
  });

  it("song/url: lossless is the FLAC download, and falls back to high where downloads are not allowed", async () => {
    const flac = await app.json(v1("song/url", { source: "source_e", id: "1630001", quality: "lossless" }));
    expect(flac.body.data).toEqual({ source: "source_e", id: "1630001", url: `${STORAGE}/download/track/1630001/flac/`, quality: "lossless", bitrate: 1411, size: null, expireAt: null, preview: false });
    const kelvin = await app.json(v1("song/url", { source: "source_e", id: "1630004", quality: "lossless" }));
    expect(kelvin.body.data).toMatchObject({ quality: "high", url: `${STORAGE}/?trackid=1630004&format=mp32&from=app-harbourside` });
  });

  it("an unknown id is HTTP 404 with 3001; so is the address of a track without a stream", async () => {
    const missing = await app.json(v1("song", { source: "source_e", id: "8888888" }));
    expect([missing.status, missing.body.code, missing.body.data]).toEqual([404, 3001, null]);
    const silent = await app.json(v1("song/url", { source: "source_e", id: "1708802" }));
    expect([silent.status, silent.body.code]).toEqual([404, 3001]);
  });

  it("album: every track, in track order", async () => {
    const r = await app.json(v1("album", { source: "source_e", id: "201455" }));
    expect(r.body.data.song.map((s: { name: string }) => s.name)).toEqual(["Frost on the Wire", "Lantern Season", "Harbour Static", "Kelvin"]);
  });

  it("playlist with_url=1: an address for every streamed track, null for the one without", async () => {
    const r = await app.json(v1("playlist", { source: "source_e", id: "500612", page: 1, size: 3, with_url: 1 }));
    expect(r.body.data).toMatchObject({ name: "Rainy Commute", creator: "ferrywatcher", count: 7, total: 7, page: 1, size: 3, hasMore: true });
    expect(r.body.data.song.map((s: { id: string; url: string | null }) => [s.id, s.url])).toEqual([
      ["1712040", `${STORAGE}/?trackid=1712040&format=mp31&from=app-harbourside`],
      ["1630001", `${STORAGE}/?trackid=1630001&format=mp31&from=app-harbourside`],
      ["1708802", null],
    ]);
  });

  it("rank: the chart list, then the weekly chart", async () => {
    const list = await app.json(v1("rank", { source: "source_e" }));
    expect(list.body.data.list.map((c: { id: string }) => c.id)).toEqual(["popularity_week", "popularity_month", "popularity_total"]);
    const week = await app.json(v1("rank", { source: "source_e", id: "popularity_week" }));
    expect(week.body.data).toMatchObject({ id: "popularity_week", updateAt: null });
    expect(week.body.data.song[0]).toMatchObject({ id: "1712040", name: "Paper Boat", license: "http://creativecommons.org/licenses/by/4.0/" });
  });

  it("search with source=all: the one source's page and Jamendo's full count", async () => {
    const r = await app.json(v1("search", { source: "all", q: "drift", size: 2 }));
    expect(r.body).toMatchObject({ code: 0, source: "all" });
    expect(r.body.data).toMatchObject({ page: 1, size: 2, total: 5, failed: [] });
    expect(r.body.data.list.map((s: { id: string }) => s.id)).toEqual(["1630001", "1630002"]);
  });

  it("an HTML page from Jamendo is HTTP 502 with 2003", async () => {
    sim.fault({ kind: "html" }, `GET ${API_PREFIX}/tracks/`);
    try {
      const r = await app.json(v1("song", { source: "source_e", id: "1712077" }));
      expect([r.status, r.body.code]).toEqual([502, 2003]);
    } finally {
      sim.fault(undefined, `GET ${API_PREFIX}/tracks/`);
    }
  });

  it("lyrics are not Jamendo's: without a lyrics provider, /v1/lyric is 1003", async () => {
    const r = await app.json(v1("lyric", { source: "source_e", id: "1630001" }));
    expect([r.status, r.body.code]).toEqual([400, 1003]);
  });
});

describe("binding", () => {
  it("is bound to no public id by default", async () => {
    const bare = await startTestApp({ plugins: [jamendo], config: { lyrics: false } });
    try {
      expect((await bare.json(v1("source", {}))).body.data.capability).toEqual({});
    } finally {
      await bare.close();
    }
  });

  it("without a clientId, the service does not start, and says which option is missing", async () => {
    await expect(startTestApp({ plugins: [jamendo], config: bind({ baseURL: `${sim.url}${API_PREFIX}` }) })).rejects.toThrow(
      /config sources\.source_e\.options\.clientId: required: the client id of your Jamendo application .* \(plugin "jamendo"\)/,
    );
  });

  it("with a client id Jamendo refuses, every call is HTTP 502 with 2002 saying the key is wrong, never showing it", async () => {
    const wrong = await startTestApp({ plugins: [jamendo], config: bind({ clientId: "wrongkey42", baseURL: `${sim.url}${API_PREFIX}` }) });
    try {
      const r = await wrong.json(v1("song", { source: "source_e", id: "1630001" }));
      expect([r.status, r.body.code]).toEqual([502, 2002]);
      expect(r.body.message).toContain("the clientId option of this source is wrong");
      expect(r.body.message).not.toContain("wrongkey42");
    } finally {
      await wrong.close();
    }
  });
});

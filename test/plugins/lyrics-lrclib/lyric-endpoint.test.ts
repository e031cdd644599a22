/**
 * End to end through `/v1/lyric` over real HTTP: FakeFM (a source without lyrics of its own)
 * gives the song detail, the LRCLIB simulator gives hand-written answers.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_USER_AGENT } from "@music-aggregator/core";
import { makeFakeSource } from "../../fixtures/source-fake/index.ts";
import { startFakeUpstream } from "../../fixtures/source-fake/upstream.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import type { Simulator } from "@music-aggregator/core/testing";
import lrclib from "../../../plugins/lyrics-lrclib/index.ts";
import {
  CAFE_SYNCED,
  HARBOUR_SYNCED,
  NORTHERN_NEAR_SYNCED,
  SUITE_SYNCED,
  TIDEWATER_SYNCED,
  UNKNOWN_LENGTH_SYNCED,
  startLrclibSimulator,
  type LrclibSimulator,
} from "../../../plugins/lyrics-lrclib/test/lrclib-upstream.ts";
import { startFakeSongs } from "./fake-songs.ts";

const fakeWithoutLyrics = makeFakeSource("fake", { search: true, song: true, url: true });
const fakeWithLyrics = makeFakeSource("fake-full");

let lrclibSim: LrclibSimulator;
let songsSim: Simulator;
let ownLyricsSim: Simulator;

beforeAll(async () => {
  [lrclibSim, songsSim, ownLyricsSim] = await Promise.all([startLrclibSimulator(), startFakeSongs(), startFakeUpstream()]);
});
afterAll(async () => {
  await Promise.all([lrclibSim.close(), songsSim.close(), ownLyricsSim.close()]);
});

function start(lyrics: false | Record<string, unknown> = {}, upstream?: { timeoutMs: number; retries: number }): Promise<TestApp> {
  return startTestApp({
    plugins: [fakeWithoutLyrics, fakeWithLyrics, lrclib],
    config: {
      sources: {
        source_a: { plugin: "fake", options: { baseURL: songsSim.url } },
        source_b: { plugin: "fake-full", options: { baseURL: ownLyricsSim.url } },
      },
      lyrics: lyrics === false ? false : { plugin: "lrclib", options: { baseURL: lrclibSim.url, ...lyrics } },
      ...(upstream ? { upstream } : {}),
    },
  });
}

const lyricPath = (id: string | number, source = "source_a") => `/v1/lyric?origin=test&source=${source}&id=${id}`;
const paths = () => lrclibSim.requests.map((r) => r.path);

describe("lrclib: /v1/lyric for a source without lyrics of its own", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await start();
  });
  afterAll(() => app.close());
  beforeEach(() => {
    lrclibSim.reset();
    songsSim.reset();
  });

  it("answers LRCLIB's syncedLyrics for an /api/get hit, asked by title, first artist, album and duration", async () => {
    const { status, body } = await app.json(lyricPath(11));
    expect(status).toBe(200);
    expect(body).toEqual({
      code: 0,
      message: "ok",
      data: { source: "source_a", id: "11", lyric: HARBOUR_SYNCED, translation: null },
      source: "source_a",
      cost: expect.any(Number),
    });
    expect(body.cost).toBeGreaterThan(0);
    expect(lrclibSim.requests).toEqual([
      {
        path: "/api/get",
        query: { track_name: "Harbour Lights", artist_name: "Mara Quill", album_name: "Low Tide", duration: "215" },
        userAgent: DEFAULT_USER_AGENT,
      },
    ]);
    expect(songsSim.calls.get("GET /tracks/:id")).toBe(1);
    // The default names the service and its version.
    expect(DEFAULT_USER_AGENT).toMatch(/^music-aggregator\/0\.1\.0 \(.*\+https:\/\/\S+\)$/);
  });

  it("answers plain-only lyrics as LRC lines without time tags", async () => {
    const { status, body } = await app.json(lyricPath(12));
    expect(status).toBe(200);
    expect(body.data).toEqual({
      source: "source_a",
      id: "12",
      lyric: "Paper kites above the field\nstrings run through my hand\n\nWind, don't let go",
      translation: null,
    });
    expect(paths()).toEqual(["/api/get"]);
  });

  it("answers 3001 saying so for an instrumental track, without searching further", async () => {
    const { status, body } = await app.json(lyricPath(13));
    expect(status).toBe(404);
    // (the envelope's `source` on errors is the server's business, not pinned here)
    expect(body).toMatchObject({
      code: 3001,
      message: 'no lyrics: "Interlude (Tides)" by Mara Quill is an instrumental track',
      data: null,
    });
    expect(body.cost, "LRCLIB was asked").toBeGreaterThan(0);
    expect(paths()).toEqual(["/api/get"]);
  });

  it("on TrackNotFound searches by title and first artist and takes the same song within 2 s, not a namesake or a far duration", async () => {
    const { status, body } = await app.json(lyricPath(14));
    expect(status).toBe(200);
    expect(body.data).toEqual({ source: "source_a", id: "14", lyric: NORTHERN_NEAR_SYNCED, translation: null });
    expect(lrclibSim.requests.map(({ path, query }) => ({ path, query }))).toEqual([
      {
        path: "/api/get",
        query: {
          track_name: "Northern Line (Remastered 2011)",
          artist_name: "The Wayfarers",
          album_name: "Northern Line (Deluxe)",
          duration: "241",
        },
      },
      { path: "/api/search", query: { track_name: "Northern Line (Remastered 2011)", artist_name: "The Wayfarers" } },
    ]);
  });

  it("a song over an hour: no duration sent (LRCLIB refuses more than 3600 s with 400), and its lyrics found", async () => {
    const { status, body } = await app.json(lyricPath(20));
    expect([status, body.code, body.data?.lyric]).toEqual([200, 0, SUITE_SYNCED]);
    expect(lrclibSim.requests.map(({ path, query }) => ({ path, query }))).toEqual([
      { path: "/api/get", query: { track_name: "Slow Tide Suite", artist_name: "Mara Quill", album_name: "Low Tide" } },
    ]);
  });

  it("a 4xx of /api/get (a query LRCLIB refuses) is a miss that search makes good, not a failure", async () => {
    const fresh = await start();
    lrclibSim.fault({ kind: "status", status: 400, body: JSON.stringify({ code: 400, name: "ValidationError", message: "bad" }) }, "GET /api/get");
    const { status, body } = await fresh.json(lyricPath(14)).finally(() => fresh.close());
    lrclibSim.fault(undefined, "GET /api/get");
    expect([status, body.data?.lyric]).toEqual([200, NORTHERN_NEAR_SYNCED]);
    expect(lrclibSim.log.map((line) => line.split("?")[0])).toEqual(["GET /api/get", "GET /api/search"]);
  });

  it("a featuring credit in the title: as given first, then without it; three calls, and the answer cached", async () => {
    const { status, body } = await app.json(lyricPath(21));
    expect([status, body.data?.lyric]).toEqual([200, TIDEWATER_SYNCED]);
    expect(lrclibSim.requests.map(({ path, query }) => [path, query.track_name])).toEqual([
      ["/api/get", "Tidewater (feat. Ines Okafor)"],
      ["/api/search", "Tidewater (feat. Ines Okafor)"],
      ["/api/search", "Tidewater"],
    ]);
    const again = await app.json(lyricPath(21));
    expect([again.body.data.lyric, again.body.cost, lrclibSim.requests.length]).toEqual([TIDEWATER_SYNCED, 0, 3]);
  });

  it("tags stripped and still nothing: 3001 after three calls at most", async () => {
    const { status, body } = await app.json(lyricPath(22));
    expect([status, body.code]).toEqual([404, 3001]);
    expect(lrclibSim.requests.map(({ path, query }) => [path, query.track_name])).toEqual([
      ["/api/get", "Ghost Signal (feat. Nobody) [Remastered]"],
      ["/api/search", "Ghost Signal (feat. Nobody) [Remastered]"],
      ["/api/search", "Ghost Signal"],
    ]);
  });

  it("answers 3001 when the search holds only a same-named song by another artist and a far duration", async () => {
    const { status, body } = await app.json(lyricPath(15));
    expect(status).toBe(404);
    // (the envelope's `source` on errors is the server's business, not pinned here)
    expect(body).toMatchObject({
      code: 3001,
      message: 'no lyrics found for "Ghost Signal" by Mara Quill',
      data: null,
    });
    expect(body.cost, "LRCLIB was asked").toBeGreaterThan(0);
    expect(paths()).toEqual(["/api/get", "/api/search"]);
  });

  it("matches names across diacritics, case and a bracketed suffix", async () => {
    const { status, body } = await app.json(lyricPath(16));
    expect(status).toBe(200);
    expect(body.data.lyric).toBe(CAFE_SYNCED);
    expect(paths()).toEqual(["/api/get", "/api/search"]);
  });

  it("does not trust an /api/get hit whose duration is far from the song's", async () => {
    const { status, body } = await app.json(lyricPath(17));
    expect(status).toBe(404);
    expect(body.code).toBe(3001);
    expect(body.message).toBe('no lyrics found for "Tin Roof" by Mara Quill');
    expect(paths()).toEqual(["/api/get", "/api/search"]);
  });

  it("leaves out album and duration the source does not know, and then takes the title and artist match", async () => {
    const { status, body } = await app.json(lyricPath(18));
    expect(status).toBe(200);
    expect(body.data.lyric).toBe(UNKNOWN_LENGTH_SYNCED);
    expect(lrclibSim.requests.map((r) => r.query)).toEqual([{ track_name: "Unknown Length", artist_name: "Mara Quill" }]);
  });

  it("answers 3001 saying so when the only match of the search is instrumental", async () => {
    const { status, body } = await app.json(lyricPath(19));
    expect(status).toBe(404);
    expect(body.message).toBe('no lyrics: "Static Hum" by Mara Quill is an instrumental track');
    expect(paths()).toEqual(["/api/get", "/api/search"]);
  });

  it("answers 3001 for a song the source does not know, without asking LRCLIB", async () => {
    const { status, body } = await app.json(lyricPath(999));
    expect(status).toBe(404);
    expect(body.code).toBe(3001);
    expect(lrclibSim.requests).toEqual([]);
  });

  it("leaves a source with lyrics of its own to that source", async () => {
    const { status, body } = await app.json(lyricPath(1, "source_b"));
    expect(status).toBe(200);
    expect(body.data).toEqual({ source: "source_b", id: "1", lyric: "[00:01.00]one more time", translation: null });
    expect(lrclibSim.requests).toEqual([]);
  });

  it("reports lyric true in the capability matrix for the source it serves", async () => {
    const { status, body } = await app.json("/v1/source?origin=test");
    expect(status).toBe(200);
    expect(body.data.capability).toEqual({
      // match: the service's, each source's songs against the other's search
      source_a: { search: true, song: true, url: true, lyric: true, album: false, artist: false, playlist: false, rank: false, match: true, transfer: false },
      source_b: { search: true, song: true, url: true, lyric: true, album: true, artist: true, playlist: true, rank: true, match: true, transfer: true },
    });
  });

  it("serves a second identical request from cache: cost 0, no upstream call", async () => {
    const first = await app.json(lyricPath(14));
    const callsAfterFirst = { lrclib: lrclibSim.requests.length, songs: songsSim.totalCalls() };
    const second = await app.json(lyricPath(14));
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    expect(second.body.cost).toBe(0);
    expect({ lrclib: lrclibSim.requests.length, songs: songsSim.totalCalls() }).toEqual(callsAfterFirst);
  });

  it("caches a miss too: the repeated request asks nobody", async () => {
    const first = await app.json(lyricPath(15));
    const calls = lrclibSim.requests.length;
    const second = await app.json(lyricPath(15));
    expect(second.status).toBe(404);
    expect(second.body).toEqual(first.body);
    expect(lrclibSim.requests.length).toBe(calls);
  });
});

describe("lrclib: switched off", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await start(false);
  });
  afterAll(() => app.close());

  it("turns lyric false for sources without lyrics of their own and answers 1003 for them", async () => {
    lrclibSim.reset();
    const matrix = await app.json("/v1/source?origin=test");
    expect(matrix.body.data.capability.source_a).toEqual({
      search: true, song: true, url: true, lyric: false, album: false, artist: false, playlist: false, rank: false, match: true, transfer: false,
    });
    expect(matrix.body.data.capability.source_b.lyric).toBe(true);
    const { status, body } = await app.json(lyricPath(11));
    expect(status).toBe(400);
    expect(body.code).toBe(1003);
    expect(lrclibSim.requests).toEqual([]);
  });
});

describe("lrclib: options", () => {
  it("sends the configured userAgent instead of the service's default", async () => {
    const app = await start({ userAgent: "my-site-lyrics/2.0 (+https://example.org/contact)" });
    try {
      lrclibSim.reset();
      await app.json(lyricPath(11));
      expect(lrclibSim.requests.map((r) => r.userAgent)).toEqual(["my-site-lyrics/2.0 (+https://example.org/contact)"]);
    } finally {
      await app.close();
    }
  });

  it("takes durationToleranceSeconds: 0 strictly (a match 1.4 s off is a miss)", async () => {
    const app = await start({ durationToleranceSeconds: 0 });
    try {
      const { status, body } = await app.json(lyricPath(14));
      expect(status).toBe(404);
      expect(body.code).toBe(3001);
    } finally {
      await app.close();
    }
  });

  it("refuses bad options at startup, naming the field", async () => {
    await expect(start({ durationToleranceSeconds: -1 })).rejects.toThrow(/config lyrics\.options\.durationToleranceSeconds: .*\(plugin "lrclib"\)/);
  });
});

describe("lrclib: upstream failures", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await start({}, { timeoutMs: 300, retries: 0 });
  });
  afterAll(() => app.close());
  beforeEach(() => lrclibSim.reset());

  it("answers 2002 when LRCLIB fails with a 5xx, and does not cache the failure", async () => {
    lrclibSim.fault({ kind: "status", status: 503, body: "Service Unavailable" }, "GET /api/get");
    const failed = await app.json(lyricPath(11));
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ code: 2002, data: null, message: "LRCLIB answered HTTP 503" });
    lrclibSim.fault(undefined, "GET /api/get");
    const retried = await app.json(lyricPath(11));
    expect(retried.status).toBe(200);
    expect(retried.body.data.lyric).toBe(HARBOUR_SYNCED);
  });

  it("answers 2002 when the search fails", async () => {
    lrclibSim.fault({ kind: "status", status: 500 }, "GET /api/search");
    const { status, body } = await app.json(lyricPath(14));
    lrclibSim.fault(undefined, "GET /api/search");
    expect(status).toBe(502);
    expect(body.code).toBe(2002);
  });

  it("answers 2001 when LRCLIB does not answer in time", async () => {
    lrclibSim.fault({ kind: "hang" }, "GET /api/get");
    const { status, body } = await app.json(lyricPath(12));
    lrclibSim.fault(undefined, "GET /api/get");
    expect(status).toBe(504);
    expect(body.code).toBe(2001);
  });

  it("answers 2003 when LRCLIB answers something that is not JSON", async () => {
    lrclibSim.fault({ kind: "html" }, "GET /api/get");
    const { status, body } = await app.json(lyricPath(13));
    lrclibSim.fault(undefined, "GET /api/get");
    expect(status).toBe(502);
    expect(body.code).toBe(2003);
  });

  it("answers 2002, not a cached miss, when every path answers 404 (a wrong baseURL): search tells", async () => {
    lrclibSim.fault({ kind: "status", status: 404, body: "<html>Not Found</html>" });
    const failed = await app.json(lyricPath(16));
    lrclibSim.fault(undefined);
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ code: 2002, message: "LRCLIB answered HTTP 404 to /api/search" });
    const retried = await app.json(lyricPath(16));
    expect(retried.status).toBe(200);
    expect(retried.body.data.lyric).toBe(CAFE_SYNCED);
  });
});

/**
 * The plugin against real recorded Deezer answers (run when `../shared/recordings` sits beside
 * the project): the mapped values of known records, and the recorded error answers.
 *
 * Deezer's paging defaults make two requests the same: `index=0` is no index at all, and at
 * index 0 a recording made without `limit` stands for any `limit` (it is the page Deezer gave
 * by default; the plugin has to cope with a page shorter than it asked for anyway). When a URL
 * was recorded several times (2019 to 2024), the first file in name order wins.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RankDetail, RankList, SourceLookups, SourceMethods } from "@music-aggregator/core";
import { createMemoryLogger, startReplaySimulator, type Answer, type Interaction, type ReplaySimulator, testClientFactory } from "@music-aggregator/core/testing";
import { hasRecordings, sharedRecordings } from "../../support/recordings.ts";
import { DeezerApi } from "../../../plugins/source-deezer/api.ts";
import { WRONG_PARAMETER } from "../../../plugins/source-deezer/errors.ts";
import { DeezerEditorial, DeezerTrack } from "../../../plugins/source-deezer/wire.ts";
import { IMG, SOURCE, codeOf, createDeezer, ctx, deezerSong } from "../../../plugins/source-deezer/test/instance.ts";

const DISCOVERY_COVER = `${IMG}/cover/2e018122cb56986277102d2041a592c8/1000x1000-000000-80-0-0.jpg`;
/** Track 3135556 as both its own record and the album's list give it; only the title's commas differ. */
const HARDER_BETTER = { id: "3135556", artist: ["Daft Punk"], artistId: ["27"], album: "Discovery", albumId: "302127", duration: 224, cover: DISCOVERY_COVER };

describe.skipIf(!hasRecordings("deezer"))("replay of recorded Deezer answers", () => {
  let sim: ReplaySimulator;
  let deezerSource: SourceMethods;
  beforeAll(async () => {
    const recordings = sharedRecordings("deezer");
    const byIdentifier = identifierAnswers(recordings);
    sim = await startReplaySimulator(recordings, {
      normalise: withoutFirstIndex,
      fallback: (request, recorded) => byIdentifier(request.url.pathname) ?? recorded(withoutLimitAtStart(request.url.searchParams)),
    });
    deezerSource = createDeezer({ baseURL: sim.url }).methods;
  });
  afterAll(async () => {
    // Every request the plugin made was one Deezer really answered.
    expect(sim.misses).toEqual([]);
    await sim.close();
  });

  it("track 3135556", async () => {
    expect(await deezerSource.song("3135556", ctx())).toEqual({
      // Deezer's rank of the track as `/track` answered it (the album's list answered another day's).
      ...deezerSong({ ...HARDER_BETTER, name: "Harder Better Faster Stronger", popularity: 760033 }),
      isrc: "GBDUW0000059",
      quality: ["standard"],
      publishAt: "2001-03-07",
      link: "https://www.deezer.com/track/3135556",
    });
    expect(await deezerSource.url("3135556", "high", ctx())).toEqual({
      source: SOURCE,
      id: "3135556",
      url: "https://cdns-preview-d.dzcdn.net/stream/c-deda7fa9316d9e9e880d2c6207e92260-5.mp3",
      quality: "standard",
      bitrate: 128,
      size: null,
      expireAt: null,
      preview: true,
    });
  });

  it("album 302127, whole from its embedded list", async () => {
    const album = await deezerSource.album("302127", ctx());
    expect(album).toMatchObject({ id: "302127", name: "Discovery", artist: ["Daft Punk"], cover: DISCOVERY_COVER, publishAt: "2001-03-07", upc: "724384960650" });
    expect(album.song).toHaveLength(14);
    expect(album.song[3]).toEqual(deezerSong({ ...HARDER_BETTER, name: "Harder, Better, Faster, Stronger", popularity: 751478 }));
    expect(album.song.at(-1)).toMatchObject({ id: "3135566", name: "Too Long", duration: 600 });
  });

  it("the look-ups: ISRC GBDUW0000059 is track 3135556, barcode 724384960650 (asked as 12 digits first) album 302127, each from its recorded answer", async () => {
    const methods = deezerSource as SourceMethods & SourceLookups;
    expect(await methods.isrc("GBDUW0000059", ctx())).toEqual([expect.objectContaining({ id: "3135556", name: "Harder Better Faster Stronger", isrc: "GBDUW0000059" })]);
    const [album] = await methods.upc("724384960650", ctx());
    expect(album).toMatchObject({ id: "302127", name: "Discovery", artist: ["Daft Punk"], upc: "724384960650" });
    expect(album.song).toHaveLength(14);
    expect(sim.served.slice(-2).map((s) => s.key)).toEqual(["GET /track/isrc:GBDUW0000059?", "GET /album/upc:724384960650?"]);
  });

  it("artist 27 and its top tracks, credited as every other answer credits them (the title's guests; contributors only give ids)", async () => {
    const artist = await deezerSource.artist("27", ctx());
    expect(artist).toMatchObject({ id: "27", name: "Daft Punk", avatar: `${IMG}/artist/f2bc007e9133c946ac3c3907ddc5d2ea/1000x1000-000000-80-0-0.jpg` });
    expect(artist.song.map((s) => s.name)).toEqual(["Instant Crush", "Get Lucky (Radio Edit)", "One More Time", "Veridis Quo", "Get Lucky"]);
    expect(artist.song[1]).toMatchObject({ id: "66609426", artist: ["Daft Punk"], artistId: ["27"], album: "Get Lucky (Radio Edit)", albumId: "6516139", duration: 248 });
  });

  it("playlist 9200461, first page of 25", async () => {
    const playlist = await deezerSource.playlist("9200461", { page: 1, size: 25 }, ctx());
    expect(playlist).toMatchObject({ id: "9200461", name: "Lounge Soirée", creator: "artusamak", count: 102, total: 102, page: 1, size: 25, hasMore: true });
    expect(playlist.cover).toMatch(/^https:\/\/e-cdns-images\.dzcdn\.net\/images\/cover\/bdabbfcfb9533c3f03cdaa8ff963917b-.+\/1000x1000-000000-80-0-0\.jpg$/);
    expect(playlist.song).toHaveLength(25);
    expect(playlist.song[0]).toEqual(
      deezerSong({ id: "685405", name: "Otherwise", artist: ["Morcheeba"], artistId: ["901"], album: "Charango", albumId: "82698", duration: 222, cover: `${IMG}/cover/bdabbfcfb9533c3f03cdaa8ff963917b/1000x1000-000000-80-0-0.jpg`, popularity: 592325 }),
    );
    // Four of these tracks are not readable; Deezer still hands out a preview of the first, which
    // is therefore playable here (as a preview); the other three have none.
    expect(playlist.song.filter((s) => !s.available).map((s) => s.id)).toEqual(["6650", "3761158", "3125867"]);
    const withUrls = await deezerSource.playlist("9200461", { page: 1, size: 25, urls: "standard" }, ctx());
    const unreadable = withUrls.song.find((s) => s.id === "812209")!;
    expect(unreadable).toMatchObject({ available: true, preview: true, url: expect.stringMatching(/^https:\/\/cdns?-preview/) });
    expect(withUrls.song.filter((s) => s.url === null).map((s) => s.id)).toEqual(["6650", "3761158", "3125867"]);
    expect(withUrls.song.filter((s) => s.url !== null).every((s) => s.preview === true)).toBe(true);
  });

  it("chart 0 and the chart list", async () => {
    const chart = (await deezerSource.rank("0", ctx())) as RankDetail;
    expect(chart).toMatchObject({ source: SOURCE, id: "0", name: "All", cover: `${IMG}/misc//1000x1000-000000-80-0-0.jpg`, updateAt: null });
    expect(chart.song).toHaveLength(10);
    expect(chart.song[0]).toMatchObject({ id: "1549325122", name: "LA FAMA", artist: ["Rosalía"], duration: 188, albumId: "271856742", available: true });
    const list = (await deezerSource.rank(undefined, ctx())) as RankList;
    expect(list.list.slice(0, 3).map((c) => [c.id, c.name])).toEqual([["0", "Tous"], ["132", "Pop"], ["457", "Livres audio"]]);
    expect(list.list).toHaveLength(25);
  });

  it('search "Billy Jean", 2 a page', async () => {
    const result = await deezerSource.search({ q: "Billy Jean", page: 1, size: 2 }, ctx());
    expect(result.total).toBe(298);
    expect(result.list).toEqual([
      deezerSong({
        id: "4603408",
        name: "Billie Jean",
        artist: ["Michael Jackson"],
        artistId: ["259"],
        album: "Michael Jackson's This Is It",
        albumId: "423368",
        duration: 293,
        cover: `${IMG}/cover/ebeac32e9207c60877228ddc5bb37233/1000x1000-000000-80-0-0.jpg`,
        popularity: 966417,
      }),
      expect.objectContaining({ id: "1516986202", name: "Billie Jean", artist: ["Anthony Touma"], duration: 168 }),
    ]);
  });

  it("recorded errors: no data (800) and an unknown editorial are 3001, an unknown path (HTTP 404) 2002", async () => {
    const http = testClientFactory({ timeoutMs: 2000, retries: 0, maxBodyBytes: 1 << 20, userAgent: "deezer-replay/1.0" });
    const api = new DeezerApi(http.create({ name: "Deezer", baseURL: sim.url }), { retries: 0, backoffMs: 0 }, createMemoryLogger());
    // The plugin never sends `-1` (not digits), so the recorded answers are asked for directly.
    expect(await codeOf(() => api.get("/track/-1", DeezerTrack))).toBe(3001);
    expect(await codeOf(() => api.get("/playlist/-1", DeezerTrack))).toBe(3001);
    expect(await codeOf(() => api.get("/editorial/-1", DeezerEditorial, { missing: [WRONG_PARAMETER] }))).toBe(3001);
    expect(await codeOf(() => api.get("/genre/-1", DeezerEditorial))).toBe(2002);
    // A path Deezer does not serve is a failure of the upstream (a wrong baseURL), never "no such song".
    expect(await codeOf(() => api.get("/does-not-exists", DeezerTrack))).toBe(2002);
  });
});

/**
 * Deezer answers `/track/isrc:{isrc}` and `/album/upc:{upc}` with the same body as the track's
 * (the album's) own `/track/{id}` (`/album/{id}`): the recorded one carrying that ISRC (barcode).
 */
function identifierAnswers(recordings: Interaction[]): (path: string) => Answer | undefined {
  const own = recordings.filter((r) => /^\/(?:track|album)\/\d+$/.test(new URL(r.url).pathname) && r.status === 200);
  return (path) => {
    const asked = /^\/(track\/isrc|album\/upc):(.+)$/.exec(path);
    if (!asked) return undefined;
    const field = asked[1] === "track/isrc" ? "isrc" : "upc";
    const found = own.find((r) => r.url.includes(field === "isrc" ? "/track/" : "/album/") && (JSON.parse(r.body) as Record<string, unknown>)[field] === asked[2]);
    return found ? { status: 200, contentType: found.contentType, body: found.body } : { status: 200, contentType: "application/json", body: JSON.stringify({ error: { type: "DataException", message: "no data", code: 800 } }) };
  };
}

/** `index=0` is Deezer's default: the same request as no index. */
function withoutFirstIndex(params: URLSearchParams): URLSearchParams {
  return new URLSearchParams([...params].filter(([name, value]) => !(name === "index" && value === "0")));
}

/** The same query without `limit`, when it asks for the first page. */
function withoutLimitAtStart(params: URLSearchParams): URLSearchParams {
  const copy = new URLSearchParams(params);
  if ((copy.get("index") ?? "0") === "0") copy.delete("limit");
  return copy;
}

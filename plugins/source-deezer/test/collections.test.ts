/**
 * Albums, artists, playlists and charts against the simulator: mapped values, and exactly
 * which upstream calls each makes (album paging, playlist page, chart header).
 */
import { describe, expect, it } from "vitest";
import type { RankDetail, SourceLookups, SourceMethods } from "@music-aggregator/core";
import { IMG, SOURCE, TIDAL_COVER, codeOf, ctx, useDeezerSimulator } from "./instance.ts";
import type { DeezerSimulator } from "./simulator.ts";

let sim: DeezerSimulator;
let deezerSource: SourceMethods;
useDeezerSimulator((started) => ({ sim, deezerSource } = started));

describe("album", () => {
  it("maps a whole album from one call, filling each track's album from the album", async () => {
    const album = await deezerSource.album("7001", ctx());
    expect(album).toMatchObject({ source: SOURCE, id: "7001", name: "Tidal Lines", artist: ["Marlow Vane"], cover: TIDAL_COVER, publishAt: "2019-05-17" });
    expect(album.link).toBe("https://www.deezer.com/album/7001");
    expect(album.upc).toBe("506000070017");
    const track = { source: SOURCE, artist: ["Marlow Vane"], album: "Tidal Lines", albumId: "7001", cover: TIDAL_COVER, available: true, vip: false, artistId: ["4001"], explicit: false };
    expect(album.song).toEqual([
      { ...track, id: "9100001", name: "Paper Lanterns", duration: 241, isrc: "QZFAK9100001", popularity: 400001 },
      // The guest the title credits; an album's tracks do not give her id.
      { ...track, id: "9100002", name: "Salt Air (feat. Ines Okafor)", duration: 198, isrc: "QZFAK9100002", popularity: 400002, artist: ["Marlow Vane", "Ines Okafor"], artistId: ["4001", ""] },
      { ...track, id: "9100003", name: "Undertow", duration: 305, isrc: "QZFAK9100003", popularity: 400003 },
    ]);
    expect(sim.calls.get("GET /album/:id")).toBe(1);
    expect(sim.calls.get("GET /album/:id/tracks")).toBeUndefined();
  });

  it("follows /album/{id}/tracks paging when the embedded list is shorter than nb_tracks", async () => {
    const album = await deezerSource.album("7002", ctx());
    expect(album.song.map((s) => s.name)).toEqual(["First Light", "Crossing", "Ballast", "Tern", "Low Water", "Slipway", "Home Reach"]);
    expect(album.song.map((s) => s.duration)).toEqual([180, 191, 202, 213, 224, 235, 246]);
    expect(new Set(album.song.map((s) => s.albumId))).toEqual(new Set(["7002"]));
    // The simulator serves at most 3 a page: 3 pages, each asked at the index `next` named.
    expect(sim.calls.get("GET /album/:id/tracks")).toBe(3);
    expect(sim.log).toEqual([
      "GET /album/7002",
      "GET /album/7002/tracks?index=0&limit=100",
      "GET /album/7002/tracks?index=3&limit=100",
      "GET /album/7002/tracks?index=6&limit=100",
    ]);
  });

  it("keeps a 0000-00-00 release date as null and falls back to cover_big", async () => {
    const album = await deezerSource.album("7003", ctx());
    expect(album.publishAt).toBeNull();
    expect(album.upc).toBeUndefined();
    expect(album.cover).toBe(`${IMG}/cover/1a2b3c4d5e6f708192a3b4c5d6e7f809/500x500-000000-80-0-0.jpg`);
    expect(album.song[0].cover).toBe(album.cover);
  });
});

describe("the upc look-up", () => {
  it("asks /album/upc: with the 12-digit UPC-A, then its 13-digit EAN when that finds nothing, and maps the album whole", async () => {
    const methods = deezerSource as SourceMethods & SourceLookups;
    const [tidal] = await methods.upc("506000070017", ctx());
    expect(tidal).toMatchObject({ source: SOURCE, id: "7001", name: "Tidal Lines", upc: "506000070017" });
    expect(tidal.song.map((s) => s.id)).toEqual(["9100001", "9100002", "9100003"]);
    expect(sim.log).toEqual(["GET /album/upc:506000070017"]);
    sim.reset();
    // Delivered as an EAN-13: its plain form drops the leading 0, the second spelling finds it.
    const [longWay] = await methods.upc("506000070024", ctx());
    expect(longWay).toMatchObject({ id: "7002", upc: "506000070024" });
    expect(longWay.song).toHaveLength(7);
    expect(sim.log.slice(0, 2)).toEqual(["GET /album/upc:506000070024", "GET /album/upc:0506000070024"]);
    sim.reset();
    expect(await methods.upc("5099749534728", ctx())).toEqual([]);
    expect(sim.log).toEqual(["GET /album/upc:5099749534728"]);
  });
});

describe("artist", () => {
  it("maps /artist/{id} and up to 50 of /artist/{id}/top", async () => {
    const artist = await deezerSource.artist("4001", ctx());
    expect(artist).toMatchObject({
      source: SOURCE,
      id: "4001",
      name: "Marlow Vane",
      avatar: `${IMG}/artist/3c1f0e7a9b2d4c6e8f0a1b2c3d4e5f60/1000x1000-000000-80-0-0.jpg`,
      link: "https://www.deezer.com/artist/4001",
    });
    expect(artist.song.map((s) => s.id)).toEqual(["9100002", "9100001", "9100003"]);
    expect(artist.song[0]).toMatchObject({ album: "Tidal Lines", albumId: "7001", cover: TIDAL_COVER });
    expect(sim.log.sort()).toEqual(["GET /artist/4001", "GET /artist/4001/top?limit=50"]);
  });
});

describe("playlist", () => {
  it("takes the header from /playlist/{id} and the requested page from /tracks", async () => {
    const playlist = await deezerSource.playlist("5550001", { page: 2, size: 3 }, ctx());
    expect(playlist).toMatchObject({
      source: SOURCE,
      id: "5550001",
      name: "Harbour Lights",
      cover: `${IMG}/playlist/e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5-6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f-0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d/1000x1000-000000-80-0-0.jpg`,
      creator: "deckhand_ro",
      count: 7,
      page: 2,
      size: 3,
      total: 7,
      hasMore: true,
    });
    expect(playlist.song.map((s) => [s.id, s.available])).toEqual([["9200001", true], ["9200002", true], ["9200005", false]]);
    expect(sim.log.sort()).toEqual(["GET /playlist/5550001", "GET /playlist/5550001/tracks?index=3&limit=3"]);
  });

  it("counts every track (nb_tracks), not the shorter embedded list, and ends on the last page", async () => {
    const last = await deezerSource.playlist("5550001", { page: 3, size: 3 }, ctx());
    expect(last.song.map((s) => s.name)).toEqual(["Ghost Signal"]);
    expect(last).toMatchObject({ count: 7, total: 7, hasMore: false });
  });
});

describe("rank", () => {
  it("lists the editorials as charts, without an update time", async () => {
    expect(await deezerSource.rank(undefined, ctx())).toEqual({
      source: SOURCE,
      list: [
        { source: SOURCE, id: "0", name: "All", cover: `${IMG}/misc//1000x1000-000000-80-0-0.jpg`, updateAt: null },
        { source: SOURCE, id: "85", name: "Alternative", cover: `${IMG}/misc//1000x1000-000000-80-0-0.jpg`, updateAt: null },
        { source: SOURCE, id: "152", name: "Rock", cover: `${IMG}/misc//1000x1000-000000-80-0-0.jpg`, updateAt: null },
      ],
    });
    expect(sim.log).toEqual(["GET /editorial?limit=100"]);
  });

  it("maps a chart: its editorial's name and the chart's tracks (which carry no `readable`)", async () => {
    const chart = (await deezerSource.rank("0", ctx())) as RankDetail;
    expect(chart).toMatchObject({ source: SOURCE, id: "0", name: "All", updateAt: null });
    expect(chart.song.map((s) => [s.id, s.name, s.available, s.artistId])).toEqual([
      ["9200002", "Crossing", true, ["4002"]],
      ["9100001", "Paper Lanterns", true, ["4001"]],
      ["9100002", "Salt Air (feat. Ines Okafor)", true, ["4001", ""]],
    ]);
    expect(sim.log.sort()).toEqual(["GET /chart/0/tracks?limit=100", "GET /editorial/0"]);
  });

  it("is 3001 for an editorial id Deezer answers with \"Wrong parameter\"", async () => {
    expect(await codeOf(() => deezerSource.rank("777", ctx()))).toBe(3001);
  });
});

/**
 * Albums, artists, playlists and charts against the simulator: mapped values (numeric strings
 * read as integers, tracks put in order of their position), and exactly which requests each
 * one sends.
 */
import { describe, expect, it } from "vitest";
import type { PlaylistSong, RankDetail } from "@music-aggregator/core";
import type { SourceMethods } from "@music-aggregator/core";
import { BY, BY_NC_SA, COVERS, SOURCE, STORAGE, asked, codeOf, ctx, jamendoSong, useJamendoSimulator } from "./instance.ts";
import type { JamendoSimulator } from "./simulator.ts";

const GLASS_COVER = `${COVERS}?type=album&id=201455&width=600`;
const glassSong = (id: string, name: string, duration: number) =>
  jamendoSong({ id, name, artist: ["Lumen Drift"], artistId: "480211", album: "Northern Glass", albumId: "201455", duration, cover: GLASS_COVER, license: BY_NC_SA });

let sim: JamendoSimulator;
let jamendoSource: SourceMethods;
useJamendoSimulator((started) => ({ sim, jamendoSource } = started));

describe("album", () => {
  it("maps /albums/tracks in track order, numeric strings read as integers, artist and cover from the album", async () => {
    expect(await jamendoSource.album("201455", ctx())).toEqual({
      source: SOURCE,
      id: "201455",
      name: "Northern Glass",
      artist: ["Lumen Drift"],
      cover: GLASS_COVER,
      publishAt: "2016-03-11",
      song: [glassSong("1630001", "Frost on the Wire", 214), glassSong("1630002", "Lantern Season", 187), glassSong("1630003", "Harbour Static", 241), glassSong("1630004", "Kelvin", 302)],
      link: "https://www.jamendo.com/list/a201455",
    });
    expect(sim.log).toEqual([asked("/albums/tracks/", "id=201455&imagesize=600")]);
  });

  it("keeps a track Jamendo no longer streams, as unavailable", async () => {
    const album = await jamendoSource.album("203980", ctx());
    expect(album.song.map((s) => [s.name, s.duration, s.available])).toEqual([["Shingle", 176, true], ["Weathervane Hymn", 265, false], ["Longshore Drift", 198, true]]);
    expect(album.artist).toEqual(["Saltmarsh Choir"]);
  });
});

describe("artist", () => {
  it("maps /artists and its 50 most popular tracks from /tracks, asked together", async () => {
    expect(await jamendoSource.artist("480211", ctx())).toEqual({
      source: SOURCE,
      id: "480211",
      name: "Lumen Drift",
      avatar: `${COVERS}?type=artist&id=480211&width=300`,
      song: ["1630001", "1630002", "1630004", "1630003"].map((id) => expect.objectContaining({ id, album: "Northern Glass", cover: GLASS_COVER, artistId: ["480211"] })),
      link: "https://www.jamendo.com/artist/480211",
    });
    expect(sim.log.sort()).toEqual([
      asked("/artists/", "id=480211"),
      asked("/tracks/", "artist_id=480211&order=popularity_total&limit=50&type=single+albumtrack&imagesize=600"),
    ]);
  });

  it("lists an artist's singles; an artist without a picture has a null avatar", async () => {
    expect((await jamendoSource.artist("481902", ctx())).song.map((s) => s.name)).toEqual(["Paper Boat", "Tin Roof Rain"]);
    expect(await jamendoSource.artist("480377", ctx())).toMatchObject({ name: "Saltmarsh Choir", avatar: null });
  });
});

describe("playlist", () => {
  it("cuts the requested page from /playlists/tracks, in playlist order, singles included", async () => {
    expect(await jamendoSource.playlist("500612", { page: 2, size: 3 }, ctx())).toEqual({
      source: SOURCE,
      id: "500612",
      name: "Rainy Commute",
      cover: null,
      creator: "ferrywatcher",
      count: 7,
      song: [
        jamendoSong({ id: "1708801", name: "Shingle", artist: ["Saltmarsh Choir"], artistId: "480377", album: "Low Tide Radio", albumId: "203980", duration: 176, cover: `${COVERS}?type=album&id=203980&width=600`, license: BY }),
        jamendoSong({ id: "1630004", name: "Kelvin", artist: ["Lumen Drift"], artistId: "480211", album: "Northern Glass", albumId: "201455", duration: 302, cover: GLASS_COVER, license: BY_NC_SA }),
        jamendoSong({ id: "1630002", name: "Lantern Season", artist: ["Lumen Drift"], artistId: "480211", album: "Northern Glass", albumId: "201455", duration: 187, cover: GLASS_COVER, license: BY_NC_SA }),
      ],
      page: 2,
      size: 3,
      total: 7,
      hasMore: true,
    });
    expect(sim.log).toEqual([asked("/playlists/tracks/", "id=500612&track_type=single+albumtrack&imagesize=600")]);
  });

  it("ends on the last page; a page past the end is empty", async () => {
    expect(await jamendoSource.playlist("500612", { page: 3, size: 3 }, ctx())).toMatchObject({ song: [{ name: "Tin Roof Rain" }], total: 7, hasMore: false });
    expect(await jamendoSource.playlist("500612", { page: 4, size: 3 }, ctx())).toMatchObject({ song: [], total: 7, hasMore: false });
  });

  it("with `urls`, hands over every track's address at that quality in the same request (null without a stream)", async () => {
    const lossless = await jamendoSource.playlist("500612", { page: 1, size: 5, urls: "lossless" }, ctx());
    expect(lossless.song.map((s: PlaylistSong) => [s.id, s.url])).toEqual([
      ["1712040", `${STORAGE}/download/track/1712040/flac/`],
      ["1630001", `${STORAGE}/download/track/1630001/flac/`],
      ["1708802", null],
      ["1708801", `${STORAGE}/download/track/1708801/flac/`],
      // Kelvin's artist allows no downloads: lossless falls back to the high stream.
      ["1630004", `${STORAGE}/?trackid=1630004&format=mp32&from=app-harbourside`],
    ]);
    const standard = await jamendoSource.playlist("500612", { page: 2, size: 3, urls: "standard" }, ctx());
    expect(standard.song.map((s: PlaylistSong) => s.url)).toEqual(
      ["1708801", "1630004", "1630002"].map((id) => `${STORAGE}/?trackid=${id}&format=mp31&from=app-harbourside`),
    );
    expect(sim.log).toEqual([
      asked("/playlists/tracks/", "id=500612&track_type=single+albumtrack&imagesize=600&audioformat=mp32&audiodlformat=flac"),
      asked("/playlists/tracks/", "id=500612&track_type=single+albumtrack&imagesize=600&audioformat=mp31"),
    ]);
  });

  it("without `urls`, tracks carry no url field", async () => {
    const playlist = await jamendoSource.playlist("500612", { page: 1, size: 2 }, ctx());
    expect(playlist.song.map((s) => "url" in s)).toEqual([false, false]);
  });
});

describe("rank", () => {
  it("lists the three popularity charts without asking Jamendo", async () => {
    expect(await jamendoSource.rank(undefined, ctx())).toEqual({
      source: SOURCE,
      list: [
        { source: SOURCE, id: "popularity_week", name: "Most popular this week", cover: null, updateAt: null },
        { source: SOURCE, id: "popularity_month", name: "Most popular this month", cover: null, updateAt: null },
        { source: SOURCE, id: "popularity_total", name: "Most popular of all time", cover: null, updateAt: null },
      ],
    });
    expect(sim.totalCalls()).toBe(0);
  });

  it("a chart is /tracks in that popularity order, singles included", async () => {
    const week = (await jamendoSource.rank("popularity_week", ctx())) as RankDetail;
    expect(week).toMatchObject({ source: SOURCE, id: "popularity_week", name: "Most popular this week", cover: null, updateAt: null });
    expect(week.song.map((s) => s.name)).toEqual(["Paper Boat", "Lantern Season", "Shingle", "Frost on the Wire", "Tin Roof Rain", "Longshore Drift", "Harbour Static", "Kelvin", "Paper Satellites", "Weathervane Hymn"]);
    const month = (await jamendoSource.rank("popularity_month", ctx())) as RankDetail;
    expect(month.song.slice(0, 3).map((s) => s.id)).toEqual(["1712040", "1630001", "1708801"]);
    expect(sim.log).toEqual([
      asked("/tracks/", "order=popularity_week&limit=100&type=single+albumtrack&imagesize=600"),
      asked("/tracks/", "order=popularity_month&limit=100&type=single+albumtrack&imagesize=600"),
    ]);
  });

  it("is 3001 for any other chart id, without asking Jamendo", async () => {
    for (const id of ["popularity_year", "releasedate_desc", "popularity_week_asc", ""]) {
      expect(await codeOf(() => jamendoSource.rank(id, ctx()))).toBe(3001);
    }
    expect(sim.totalCalls()).toBe(0);
  });
});

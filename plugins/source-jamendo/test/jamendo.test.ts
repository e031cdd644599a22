/**
 * The Jamendo plugin against its simulator: the shared source contract, then songs, addresses
 * and search checked value by value, with the exact requests each one sends.
 */
import { describe, expect, it } from "vitest";
import type { SourceMethods } from "@music-aggregator/core";
import { testSourcePlugin } from "@music-aggregator/core/testing";
import jamendo from "../index.ts";
import { BY, BY_NC_SA, COVERS, SOURCE, STORAGE, asked, codeOf, ctx, jamendoSong, simOptions, useJamendoSimulator } from "./instance.ts";
import { FROST } from "./fixtures/catalog.ts";
import { formatsOf, okAnswer, trackBody } from "./fixtures/shapes.ts";
import { startJamendoSimulator, type JamendoSimulator } from "./simulator.ts";

testSourcePlugin({
  plugin: jamendo,
  async setup() {
    const simulator = await startJamendoSimulator();
    return {
      simulator,
      options: simOptions(simulator),
      fixtures: {
        search: "drift",
        song: "1630001",
        album: "201455",
        artist: "480211",
        playlist: "500612",
        rank: "popularity_week",
        links: {
          "https://www.jamendo.com/track/1630001/frost-on-the-wire": { kind: "song", id: "1630001" },
          "https://www.jamendo.com/en/album/201455/northern-glass": { kind: "album", id: "201455" },
          "https://www.jamendo.com/list/a201455": { kind: "album", id: "201455" },
          "https://www.jamendo.com/artist/480211/lumen-drift": { kind: "artist", id: "480211" },
          "https://jamendo.com/fr/playlist/500612": { kind: "playlist", id: "500612" },
          "https://www.jamendo.com/list/p500612": { kind: "playlist", id: "500612" },
        },
        missing: { song: "9999999", album: "9999999", artist: "9999999", playlist: "9999999", rank: "popularity_year" },
      },
    };
  },
});

const TRACK = "/tracks/";
/** Jamendo marks each album track's copy of the cover with `trackid=`; the song's cover is the album's own. */
const GLASS_COVER = `${COVERS}?type=album&id=201455&width=600`;

let sim: JamendoSimulator;
let jamendoSource: SourceMethods;
useJamendoSimulator((started) => ({ sim, jamendoSource } = started));

describe("song", () => {
  it("maps /tracks?id=: string ids, the album's cover, the licence, every quality, the release date", async () => {
    expect(await jamendoSource.song("1630001", ctx())).toEqual({
      source: SOURCE,
      id: "1630001",
      name: "Frost on the Wire",
      artist: ["Lumen Drift"],
      album: "Northern Glass",
      albumId: "201455",
      duration: 214,
      cover: GLASS_COVER,
      available: true,
      vip: false,
      artistId: ["480211"],
      explicit: null,
      license: BY_NC_SA,
      quality: ["standard", "high", "lossless"],
      publishAt: "2016-03-11",
      link: "https://www.jamendo.com/track/1630001",
    });
    // Singles too: Jamendo lists album tracks only unless `type` names both.
    expect(sim.log).toEqual([asked(TRACK, "id=1630001&type=single+albumtrack&imagesize=600")]);
  });

  it("a single has no album: empty album fields, its own picture", async () => {
    expect(await jamendoSource.song("1712040", ctx())).toEqual({
      ...jamendoSong({ id: "1712040", name: "Paper Boat", artist: ["Orla Fenwick"], artistId: "481902", album: "", albumId: "", duration: 233, cover: `${COVERS}?type=track&id=1712040&width=600`, license: BY }),
      quality: ["standard", "high", "lossless"],
      publishAt: "2021-05-05",
      link: "https://www.jamendo.com/track/1712040",
    });
  });

  it("has no lossless where the artist does not allow downloads", async () => {
    expect(await jamendoSource.song("1630004", ctx())).toMatchObject({ name: "Kelvin", available: true, quality: ["standard", "high"] });
  });

  it("a track Jamendo no longer streams is unavailable, with no quality", async () => {
    expect(await jamendoSource.song("1708802", ctx())).toMatchObject({
      name: "Weathervane Hymn",
      available: false,
      vip: false,
      quality: [],
      license: "http://creativecommons.org/licenses/by-nd/4.0/",
    });
  });
});

describe("url", () => {
  it("standard is the mp31 stream, 96 kbps, asked for with audioformat=mp31", async () => {
    expect(await jamendoSource.url("1630001", "standard", ctx())).toEqual({
      source: SOURCE,
      id: "1630001",
      url: `${STORAGE}/?trackid=1630001&format=mp31&from=app-harbourside`,
      quality: "standard",
      bitrate: 96,
      size: null,
      expireAt: null,
      preview: false,
    });
    expect(sim.log).toEqual([asked(TRACK, "id=1630001&type=single+albumtrack&imagesize=600&audioformat=mp31")]);
  });

  it("high is the mp32 (VBR) stream", async () => {
    const url = await jamendoSource.url("1630002", "high", ctx());
    expect(url).toMatchObject({ url: `${STORAGE}/?trackid=1630002&format=mp32&from=app-harbourside`, quality: "high", bitrate: 192 });
    expect(url.preview).toBe(false);
    expect(sim.log).toEqual([asked(TRACK, "id=1630002&type=single+albumtrack&imagesize=600&audioformat=mp32")]);
  });

  it("lossless is the FLAC download, in one request", async () => {
    expect(await jamendoSource.url("1630001", "lossless", ctx())).toMatchObject({
      url: `${STORAGE}/download/track/1630001/flac/`,
      quality: "lossless",
      bitrate: 1411,
      size: null,
      expireAt: null,
    });
    expect(sim.log).toEqual([asked(TRACK, "id=1630001&type=single+albumtrack&imagesize=600&audioformat=mp32&audiodlformat=flac")]);
  });

  it("lossless falls back to the high stream where downloads are not allowed (docs/decisions.md (Sources))", async () => {
    expect(await jamendoSource.url("1630004", "lossless", ctx())).toMatchObject({
      url: `${STORAGE}/?trackid=1630004&format=mp32&from=app-harbourside`,
      quality: "high",
      bitrate: 192,
    });
  });

  it("offers no download the artist does not allow, even where Jamendo still lists its address", async () => {
    const listed = trackBody(FROST, formatsOf({ audioformat: "mp32", audiodlformat: "flac" }));
    for (const allowed of [{ audiodownload_allowed: false }, { audiodownload_allowed: undefined }]) {
      sim.fault({ kind: "status", status: 200, body: JSON.stringify(okAnswer([{ ...listed, ...allowed }])) }, "GET /v3.0/tracks/");
      expect(await jamendoSource.url("1630001", "lossless", ctx())).toMatchObject({ quality: "high", url: `${STORAGE}/?trackid=1630001&format=mp32&from=app-harbourside` });
      expect((await jamendoSource.song("1630001", ctx())).quality).toEqual(["standard", "high"]);
    }
  });

  it("is 3001 for a track without a stream, whatever the quality, one request each", async () => {
    for (const quality of ["standard", "high", "lossless"] as const) {
      expect(await codeOf(() => jamendoSource.url("1708802", quality, ctx()))).toBe(3001);
    }
    expect(sim.calls.get("GET /v3.0/tracks/")).toBe(3);
  });
});

describe("search", () => {
  it("turns page/size into offset/limit and takes the total from results_fullcount", async () => {
    const result = await jamendoSource.search({ q: "drift", page: 2, size: 2 }, ctx());
    expect(result.total).toBe(5);
    expect(result.list).toEqual([
      jamendoSong({ id: "1630003", name: "Harbour Static", artist: ["Lumen Drift"], artistId: "480211", album: "Northern Glass", albumId: "201455", duration: 241, cover: GLASS_COVER, license: BY_NC_SA }),
      jamendoSong({ id: "1630004", name: "Kelvin", artist: ["Lumen Drift"], artistId: "480211", album: "Northern Glass", albumId: "201455", duration: 302, cover: GLASS_COVER, license: BY_NC_SA }),
    ]);
    expect(sim.log).toEqual([asked(TRACK, "search=drift&offset=2&limit=2&fullcount=true&type=single+albumtrack&imagesize=600")]);
  });

  it("finds singles", async () => {
    const result = await jamendoSource.search({ q: "rain", page: 1, size: 5 }, ctx());
    expect(result).toMatchObject({ total: 1, list: [{ id: "1712077", name: "Tin Roof Rain", album: "", albumId: "", license: "http://creativecommons.org/licenses/by-sa/4.0/" }] });
  });

  it("answers an empty page past the end with the total", async () => {
    expect(await jamendoSource.search({ q: "drift", page: 3, size: 5 }, ctx())).toEqual({ total: 5, list: [] });
  });
});

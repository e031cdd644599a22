/**
 * The iTunes plugin against its simulator: the shared source contract, then the mapping of
 * songs, addresses and search checked value by value, with the upstream calls each one makes.
 */
import type { SourceMethods } from "@music-aggregator/core";
import { testSourcePlugin } from "@music-aggregator/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import itunes from "../index.ts";
import { GLASSHOUSE_COVER, JUNIPER_ID, OKORO_ID, SALTWATER_COVER, SOURCE, codeOf, createItunes, ctx, itunesSong, useItunesSimulator } from "./instance.ts";
import { LOOKUP_ROUTE, startItunesSimulator, type ItunesSimulator } from "./simulator.ts";
import { PAPER_KITES } from "./fixtures/catalog.ts";

testSourcePlugin({
  plugin: itunes,
  async setup() {
    const simulator = await startItunesSimulator();
    return {
      simulator,
      options: { baseURL: simulator.url, chartsBaseURL: simulator.url, requestsPerMinute: 1000 },
      fixtures: {
        search: "glasshouse",
        song: "1600000011",
        album: "1600000010",
        artist: "1500000101",
        rank: "us",
        upc: "192026010016",
        links: {
          "https://music.apple.com/us/album/glasshouse-weather/1600000010": { kind: "album", id: "1600000010" },
          "https://music.apple.com/us/album/glasshouse-weather/1600000010?i=1600000011": { kind: "song", id: "1600000011" },
          "https://itunes.apple.com/gb/album/glasshouse-weather/id1600000010?uo=4": { kind: "album", id: "1600000010" },
          "https://music.apple.com/us/song/morning-static/1600000011": { kind: "song", id: "1600000011" },
          "https://music.apple.com/album/1600000010": { kind: "album", id: "1600000010" },
          "https://embed.music.apple.com/us/album/glasshouse-weather/1600000010?i=1600000011&app=music": { kind: "song", id: "1600000011" },
          "https://geo.music.apple.com/us/album/_/1600000010?i=1600000012&mt=1&app=music": { kind: "song", id: "1600000012" },
          "https://music.apple.com/us/artist/juniper-lane/1500000101": { kind: "artist", id: "1500000101" },
          "https://itunes.apple.com/us/artist/juniper-lane/id1500000101": { kind: "artist", id: "1500000101" },
          // Apple Music playlists are read, but the iTunes API has none: the source does not serve them.
          "https://music.apple.com/us/playlist/todays-hits/pl.f4d106fed2bd41149aaacabb233eb5eb": { kind: "playlist", id: "pl.f4d106fed2bd41149aaacabb233eb5eb" },
        },
        missing: { song: "1600000099", album: "1600000098", artist: "1500000999", rank: "zz" },
      },
    };
  },
});

const PREVIEW = "https://audio-ssl.itunes.apple.com/itunes-assets/AudioPreview221/v4/0c/1d/2e/0c1d2e3f-4a5b-6c7d-8e9f-a0b1c2d3e4f5/mzaf_1184466220013579246.plus.aac.p.m4a";

let sim: ItunesSimulator;
let itunesSource: SourceMethods;
useItunesSimulator((started) => ({ sim, itunesSource } = started));

describe("song", () => {
  it("maps /lookup?id=: string ids, 600x600 artwork, whole seconds, release date, standard quality", async () => {
    expect(await itunesSource.song("1600000011", ctx())).toEqual({
      source: SOURCE,
      id: "1600000011",
      name: "Morning Static",
      artist: ["Juniper Lane"],
      album: "Glasshouse Weather",
      albumId: "1600000010",
      duration: 204,
      cover: GLASSHOUSE_COVER,
      available: true,
      vip: false,
      artistId: [JUNIPER_ID],
      explicit: false,
      quality: ["standard"],
      publishAt: "2020-11-13",
      // Apple's terms: the preview is shown with a link to the song in its store.
      link: "https://music.apple.com/us/album/morning-static/1600000010?i=1600000011&uo=4",
    });
    expect(sim.log).toEqual(["GET /lookup?id=1600000011&country=us"]);
  });

  it("rounds milliseconds to the nearest second", async () => {
    expect((await itunesSource.song("1600000012", ctx())).duration).toBe(188);
    expect((await itunesSource.song("1600000013", ctx())).duration).toBe(241);
  });

  it("a song without preview is not available and has no quality; it is still not VIP", async () => {
    const song = await itunesSource.song("1600000014", ctx());
    expect(song).toMatchObject({ name: "Glasshouse (Live)", available: false, vip: false, quality: [], duration: 318, publishAt: "2021-04-09" });
  });

  it("a song listed without trackTimeMillis lasts 0 s", async () => {
    expect(await itunesSource.song("1600000015", ctx())).toMatchObject({ name: "Afterimage (Demo)", duration: 0, available: true });
  });

  it("keeps an artist name with an ampersand whole", async () => {
    const song = await itunesSource.song("1600000021", ctx());
    expect(song).toMatchObject({ artist: ["Okoro & The Tide"], artistId: [OKORO_ID], album: "Saltwater Radio - Single", cover: SALTWATER_COVER, publishAt: "2023-11-17" });
  });

  it("an album's or artist's id is not a song (3001), nor an id Apple does not know", async () => {
    expect(await codeOf(() => itunesSource.song("1600000010", ctx()))).toBe(3001);
    expect(await codeOf(() => itunesSource.song("1500000101", ctx()))).toBe(3001);
    await expect(itunesSource.song("1600000099", ctx())).rejects.toMatchObject({ code: 3001, message: "iTunes has no song 1600000099" });
    expect(sim.calls.get(LOOKUP_ROUTE)).toBe(3);
  });
});

describe("url", () => {
  it("gives the 30 s preview at standard quality, flagged as one", async () => {
    expect(await itunesSource.url("1600000011", "standard", ctx())).toEqual({
      source: SOURCE,
      id: "1600000011",
      url: PREVIEW,
      quality: "standard",
      bitrate: 256,
      size: null,
      expireAt: null,
      preview: true,
    });
  });

  it("falls back from high and lossless to standard (docs/decisions.md (Sources))", async () => {
    for (const wanted of ["high", "lossless"] as const) {
      expect(await itunesSource.url("1600000011", wanted, ctx())).toMatchObject({ quality: "standard", url: PREVIEW, preview: true });
    }
  });

  it("is 3001 for a song without preview", async () => {
    await expect(itunesSource.url("1600000014", "standard", ctx())).rejects.toMatchObject({ code: 3001, message: "iTunes has no preview of song 1600000014" });
  });
});

describe("search", () => {
  it("turns page/size into limit (and offset past the first page) in the configured storefront, and reports a lower bound for the total", async () => {
    const result = await itunesSource.search({ q: "glasshouse", page: 1, size: 2 }, ctx());
    // A full page of 2: at least 3 exist (the two, and maybe more).
    expect(result.total).toBe(3);
    expect(result.list).toEqual([
      itunesSong({ id: "1600000011", name: "Morning Static", artist: ["Juniper Lane"], artistId: JUNIPER_ID, album: "Glasshouse Weather", albumId: "1600000010", duration: 204, cover: GLASSHOUSE_COVER }),
      itunesSong({ id: "1600000012", name: "Paper Kites", artist: ["Juniper Lane"], artistId: JUNIPER_ID, album: "Glasshouse Weather", albumId: "1600000010", duration: 188, cover: GLASSHOUSE_COVER }),
    ]);
    // Apple documents no offset: the first page goes without one.
    expect(sim.log).toEqual(["GET /search?term=glasshouse&media=music&entity=song&limit=2&country=us"]);
  });

  it("the last, short page gives the exact count; a page past the end says 0", async () => {
    const last = await itunesSource.search({ q: "glasshouse", page: 3, size: 2 }, ctx());
    expect([last.total, last.list.map((s) => s.id)]).toEqual([5, ["1600000015"]]);
    expect(await itunesSource.search({ q: "glasshouse", page: 4, size: 2 }, ctx())).toEqual({ total: 0, list: [] });
    expect(sim.log.at(-1)).toBe("GET /search?term=glasshouse&media=music&entity=song&limit=2&offset=6&country=us");
  });

  it("sends the term encoded, and searches the configured storefront", async () => {
    const gb = createItunes({ baseURL: sim.url, country: "gb" }).methods;
    const result = await gb.search({ q: "okoro & the", page: 1, size: 5 }, ctx());
    expect(result).toEqual({ total: 1, list: [itunesSong({ id: "1600000021", name: "Saltwater Radio", artist: ["Okoro & The Tide"], artistId: OKORO_ID, album: "Saltwater Radio - Single", albumId: "1600000020", duration: 200, cover: SALTWATER_COVER })] });
    expect(sim.log).toEqual(["GET /search?term=okoro+%26+the&media=music&entity=song&limit=5&country=gb"]);
  });
});

describe("what a song says of its version and its lyrics", () => {
  let own: ItunesSimulator;
  let methods: SourceMethods;
  beforeAll(async () => {
    own = await startItunesSimulator([
      // The version only in trackCensoredName, as Apple lists some remixes.
      { ...PAPER_KITES, id: 1600000091, censoredName: "Paper Kites (Rockwell Remix)", explicitness: "explicit" },
      // Asterisks in the censored name: the uncensored trackName stands.
      { ...PAPER_KITES, id: 1600000092, name: "Paper Kites (Damn Right)", censoredName: "Paper Kites (D**n Right)", explicitness: "cleaned" },
      { ...PAPER_KITES, id: 1600000093 },
    ]);
    methods = createItunes({ baseURL: own.url, chartsBaseURL: own.url, requestsPerMinute: 1000 }).methods;
  });
  afterAll(() => own.close());

  it("takes trackCensoredName when it is the longer, uncensored form, and trackExplicitness as explicit", async () => {
    expect(await methods.song("1600000091", ctx())).toMatchObject({ name: "Paper Kites (Rockwell Remix)", explicit: true });
    expect(await methods.song("1600000092", ctx())).toMatchObject({ name: "Paper Kites (Damn Right)", explicit: false });
    expect(await methods.song("1600000093", ctx())).toMatchObject({ name: "Paper Kites", explicit: false });
  });
});

/**
 * The Deezer plugin against its simulator: the shared source contract, then the mapping of
 * each capability checked value by value, with the upstream calls each one makes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SourceLookups, SourceMethods } from "@music-aggregator/core";
import { testSourcePlugin } from "@music-aggregator/core/testing";
import deezer from "../index.ts";
import { songCredits } from "../mapping.ts";
import type { DeezerTrack } from "../wire.ts";
import { IMG, SOURCE, TIDAL_COVER, codeOf, createDeezer, ctx, useDeezerSimulator } from "./instance.ts";
import { PAPER_LANTERNS } from "./fixtures/catalog.ts";
import { startDeezerSimulator, type DeezerSimulator } from "./simulator.ts";

testSourcePlugin({
  plugin: deezer,
  async setup() {
    const simulator = await startDeezerSimulator();
    return {
      simulator,
      options: { baseURL: simulator.url },
      fixtures: {
        search: "harbour",
        song: "9100001",
        album: "7002",
        artist: "4002",
        playlist: "5550001",
        rank: "0",
        isrc: "QZFAK9100001",
        upc: "506000070017",
        links: {
          "https://www.deezer.com/track/9100001": { kind: "song", id: "9100001" },
          "https://www.deezer.com/en/album/7002?utm_source=deezer": { kind: "album", id: "7002" },
          "https://deezer.com/fr/artist/4002": { kind: "artist", id: "4002" },
          "https://www.deezer.com/pt-br/playlist/5550001/": { kind: "playlist", id: "5550001" },
        },
        missing: { song: "9999999", album: "9999999", artist: "9999999", playlist: "9999999", rank: "9999" },
      },
    };
  },
});

const LONG_WAY_COVER = `${IMG}/cover/9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b/1000x1000-000000-80-0-0.jpg`;

let sim: DeezerSimulator;
let deezerSource: SourceMethods;
useDeezerSimulator((started) => ({ sim, deezerSource } = started));

describe("song", () => {
  it("maps /track/{id}: string ids, album's largest cover, release date, standard quality", async () => {
    expect(await deezerSource.song("9100001", ctx())).toEqual({
      source: SOURCE,
      id: "9100001",
      name: "Paper Lanterns",
      artist: ["Marlow Vane"],
      album: "Tidal Lines",
      albumId: "7001",
      duration: 241,
      cover: TIDAL_COVER,
      available: true,
      vip: false,
      artistId: ["4001"],
      isrc: "QZFAK9100001",
      explicit: false,
      popularity: 400001,
      quality: ["standard"],
      publishAt: "2019-05-17",
      link: "https://www.deezer.com/track/9100001",
    });
    expect(sim.calls.get("GET /track/:id")).toBe(1);
  });

  it("credits the main artist and the title's guests, each with its id from the contributors", async () => {
    const song = await deezerSource.song("9100002", ctx());
    expect(song.artist).toEqual(["Marlow Vane", "Ines Okafor"]);
    expect(song.artistId).toEqual(["4001", "4003"]);
    expect(song.name).toBe("Salt Air (feat. Ines Okafor)");
    // A search lists no contributors: the same names, the guest's id unknown there.
    const listed = (await deezerSource.search({ q: "salt air", page: 1, size: 5 }, ctx())).list[0];
    expect([listed.artist, listed.artistId]).toEqual([["Marlow Vane", "Ines Okafor"], ["4001", ""]]);
    // Her own page knows her id.
    const hers = (await deezerSource.artist("4003", ctx())).song[0];
    expect([hers.artist, hers.artistId]).toEqual([["Marlow Vane", "Ines Okafor"], ["4001", "4003"]]);
  });

  it("reads guests from the title's credit, in brackets of either kind, several at once", async () => {
    const credited = (title: string) => songCredits({ id: "9100002", title, duration: 198, artist: { id: "4001", name: "Marlow Vane" } } as DeezerTrack).artist;
    expect(credited("Salt Air [ft. Ines Okafor, Juniper Lane & Kestrel]")).toEqual(["Marlow Vane", "Ines Okafor", "Juniper Lane", "Kestrel"]);
    expect(credited("Salt Air (Featuring Marlow Vane) (Live)")).toEqual(["Marlow Vane"]);
    expect(credited("Salt Air (feat. Ines Okafor")).toEqual(["Marlow Vane", "Ines Okafor"]);
    expect(credited("Feathered (Live)")).toEqual(["Marlow Vane"]);
  });

  it("a readable:false track with a preview is available as that preview: song, url and with_url agree", async () => {
    const song = await deezerSource.song("9100003", ctx());
    expect(song).toMatchObject({ available: true, vip: false, quality: ["standard"], publishAt: "2019-05-20" });
    const listed = await deezerSource.playlist("5550001", { page: 1, size: 3, urls: "standard" }, ctx());
    expect(listed.song[2]).toMatchObject({ id: "9100003", available: true, url: "https://cdns-preview-c.dzcdn.net/stream/c-c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4-4.mp3", preview: true });
  });

  it("a track without preview has no quality; 0000-00-00 is no date; a missing cover_xl falls back to cover_big", async () => {
    const song = await deezerSource.song("9300001", ctx());
    expect(song).toMatchObject({ available: false, quality: [], publishAt: null, album: "Night Ferry", albumId: "7003" });
    expect(song.cover).toBe(`${IMG}/cover/1a2b3c4d5e6f708192a3b4c5d6e7f809/500x500-000000-80-0-0.jpg`);
  });
});

describe("url", () => {
  it("gives the preview at standard quality with its token's expiry", async () => {
    expect(await deezerSource.url("9100001", "standard", ctx())).toEqual({
      source: SOURCE,
      id: "9100001",
      url: "https://cdnt-preview.dzcdn.net/api/1/1/5/f/1/0/5f1e2d3c4b5a6978.mp3?hdnea=exp=1893456000~acl=/api/1/1/5/f/1/0/5f1e2d3c4b5a6978.mp3*~data=user_id=0,application_id=42~hmac=4be1c0ffee",
      quality: "standard",
      bitrate: 128,
      size: null,
      expireAt: 1893456000,
      preview: true,
    });
  });

  it("falls back from high and lossless to standard (docs/decisions.md (Sources))", async () => {
    for (const wanted of ["high", "lossless"] as const) {
      const url = await deezerSource.url("9100002", wanted, ctx());
      expect(url.quality).toBe("standard");
      expect(url.url).toBe("https://cdns-preview-b.dzcdn.net/stream/c-b41c07d2e3f4a5b6c7d8e9f0a1b2c3d4-4.mp3");
      expect(url.expireAt).toBeNull();
    }
  });

  it("gives the listed preview of a readable:false track (the clip itself is public)", async () => {
    const url = await deezerSource.url("9100003", "standard", ctx());
    expect(url.url).toBe("https://cdns-preview-c.dzcdn.net/stream/c-c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4-4.mp3");
  });

  it("is 3001 for a track without a preview, readable or not", async () => {
    expect(await codeOf(() => deezerSource.url("9300001", "standard", ctx()))).toBe(3001);
    expect(await codeOf(() => deezerSource.url("9200005", "standard", ctx()))).toBe(3001);
  });
});

describe("search", () => {
  it("turns page/size into index/limit and keeps Deezer's total", async () => {
    const result = await deezerSource.search({ q: "harbour", page: 2, size: 3 }, ctx());
    expect(result.total).toBe(8);
    expect(result.list.map((s) => s.id)).toEqual(["9200004", "9200005", "9200006"]);
    expect(result.list[1]).toEqual({
      source: SOURCE,
      id: "9200005",
      name: "Low Water",
      artist: ["The Quiet Harbour"],
      album: "Long Way Round",
      albumId: "7002",
      duration: 224,
      cover: LONG_WAY_COVER,
      available: false,
      vip: false,
      artistId: ["4002"],
      explicit: false,
      popularity: 400005,
    });
    expect(sim.log).toEqual(["GET /search?q=harbour&index=3&limit=3"]);
  });

  it("answers an empty page past the end with the total", async () => {
    expect(await deezerSource.search({ q: "harbour", page: 3, size: 5 }, ctx())).toEqual({ total: 8, list: [] });
  });
});

describe("what a track says of its version, its lyrics and its popularity", () => {
  const seed = { ...PAPER_LANTERNS, id: 9500001, preview: "" };
  let own: DeezerSimulator;
  let methods: SourceMethods & SourceLookups;
  beforeAll(async () => {
    own = await startDeezerSimulator([
      // Deezer's usual shape: the version written into the title and kept apart too.
      { ...seed, title: "Paper Lanterns", version: "(Radio Edit)", explicit: true, rank: 812345 },
      // A title that leaves its version out: title_version alone says it is a remix.
      { ...seed, id: 9500002, title: "Paper Lanterns", version: "(Kestrel Remix)", versionApart: true },
    ]);
    methods = createDeezer({ baseURL: own.url }).methods as SourceMethods & SourceLookups;
  });
  afterAll(() => own.close());

  it("keeps title_version in the name, reads explicit_lyrics as explicit and rank as popularity", async () => {
    expect(await methods.song("9500001", ctx())).toMatchObject({ name: "Paper Lanterns (Radio Edit)", explicit: true, popularity: 812345 });
    expect(await methods.song("9500002", ctx())).toMatchObject({ name: "Paper Lanterns (Kestrel Remix)", explicit: false });
  });

  it("the isrc look-up asks /track/isrc:{isrc} once; Deezer's no data (800) is no copy", async () => {
    own.reset();
    expect(await methods.isrc("QZFAK9500002", ctx())).toEqual([expect.objectContaining({ id: "9500002", isrc: "QZFAK9500002", name: "Paper Lanterns (Kestrel Remix)" })]);
    expect(await methods.isrc("QZFAK0000000", ctx())).toEqual([]);
    expect(own.log).toEqual(["GET /track/isrc:QZFAK9500002", "GET /track/isrc:QZFAK0000000"]);
  });
});

/**
 * Albums and artists against the simulator: mapped values, the order of an album's songs,
 * ids of the wrong kind, and exactly which lookup each one makes. Playlists are not offered.
 */
import type { SourceLookups, SourceMethods } from "@music-aggregator/core";
import { describe, expect, it } from "vitest";
import itunes from "../index.ts";
import { GLASSHOUSE_COVER, JUNIPER_ID, SOURCE, codeOf, ctx, itunesSong, useItunesSimulator } from "./instance.ts";
import { LOOKUP_ROUTE, type ItunesSimulator } from "./simulator.ts";

let sim: ItunesSimulator;
let itunesSource: SourceMethods;
useItunesSimulator((started) => ({ sim, itunesSource } = started));

const glasshouse = (id: string, name: string, duration: number, available = true) =>
  itunesSong({ id, name, artist: ["Juniper Lane"], artistId: JUNIPER_ID, album: "Glasshouse Weather", albumId: "1600000010", duration, cover: GLASSHOUSE_COVER, available });

describe("album", () => {
  it("maps the collection and its songs from one lookup, in disc and track order", async () => {
    expect(await itunesSource.album("1600000010", ctx())).toEqual({
      source: SOURCE,
      id: "1600000010",
      name: "Glasshouse Weather",
      artist: ["Juniper Lane"],
      cover: GLASSHOUSE_COVER,
      publishAt: "2021-04-09",
      // The simulator lists them backwards: disc 2 first.
      song: [
        glasshouse("1600000011", "Morning Static", 204),
        glasshouse("1600000012", "Paper Kites", 188),
        glasshouse("1600000013", "Lowlight", 241),
        glasshouse("1600000014", "Glasshouse (Live)", 318, false),
        glasshouse("1600000015", "Afterimage (Demo)", 0),
      ],
      link: "https://music.apple.com/us/album/glasshouse-weather/1600000010?uo=4",
    });
    expect(sim.log).toEqual(["GET /lookup?id=1600000010&entity=song&limit=200&country=us"]);
  });

  it("a song's or artist's id is not an album (3001), nor an unknown id", async () => {
    await expect(itunesSource.album("1600000011", ctx())).rejects.toMatchObject({ code: 3001, message: "iTunes has no album 1600000011" });
    expect(await codeOf(() => itunesSource.album("1500000101", ctx()))).toBe(3001);
    expect(await codeOf(() => itunesSource.album("1600000098", ctx()))).toBe(3001);
    expect(sim.calls.get(LOOKUP_ROUTE)).toBe(3);
  });
});

describe("the upc look-up", () => {
  it("is one lookup?upc= with entity=song, the barcode as 12 digits; the album carries the barcode asked", async () => {
    const methods = itunesSource as SourceMethods & SourceLookups;
    const album = await itunesSource.album("1600000010", ctx());
    sim.reset();
    expect(await methods.upc("192026010016", ctx())).toEqual([{ ...album, upc: "192026010016" }]);
    expect(sim.log).toEqual(["GET /lookup?upc=192026010016&entity=song&limit=200&country=us"]);
    expect(await methods.upc("5099749534728", ctx())).toEqual([]);
    expect(sim.log[1]).toBe("GET /lookup?upc=5099749534728&entity=song&limit=200&country=us");
  });
});

describe("artist", () => {
  it("maps the artist and up to 50 of its songs from one lookup; Apple has no artist picture", async () => {
    const artist = await itunesSource.artist("1500000101", ctx());
    expect(artist).toMatchObject({ source: SOURCE, id: "1500000101", name: "Juniper Lane", avatar: null, link: "https://music.apple.com/us/artist/juniper-lane/1500000101?uo=4" });
    expect(artist.song.map((s) => s.id)).toEqual(["1600000011", "1600000012", "1600000013", "1600000014", "1600000015"]);
    expect(artist.song[2]).toEqual(glasshouse("1600000013", "Lowlight", 241));
    expect(sim.log).toEqual(["GET /lookup?id=1500000101&entity=song&limit=50&country=us"]);
  });

  it("an album's id is not an artist (3001)", async () => {
    await expect(itunesSource.artist("1600000010", ctx())).rejects.toMatchObject({ code: 3001, message: "iTunes has no artist 1600000010" });
  });
});

describe("playlist", () => {
  it("is not offered: not declared, and no method", () => {
    expect(itunes.capabilities.playlist).toBe(false);
    expect(itunes.capabilities.lyric).toBe(false);
    expect("playlist" in itunesSource).toBe(false);
  });
});

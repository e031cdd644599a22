/**
 * The MusicBrainz plugin against its simulator: the shared source contract, then songs,
 * albums, artists, search and the look-ups checked value by value, with the exact requests
 * each one sends (and none for an id that is no MBID).
 */
import { describe, expect, it } from "vitest";
import { testSourcePlugin } from "@music-aggregator/core/testing";
import musicbrainz from "../index.ts";
import { AERODYNAMIC, DAFT_PUNK, DEMO, DISCOVERY, DISCOVERY_FR, DISCOVERY_UPC, HARDER_BETTER, ONE_MORE_TIME, RADIO_EDIT, ROMANTHONY, SINGLE, SINGLE_UPC } from "./fixtures/catalog.ts";
import { CAA, SOURCE, USER_AGENT, asked, codeOf, ctx, simOptions, useMusicBrainzSimulator, type MusicBrainzSource } from "./instance.ts";
import { startMusicBrainzSimulator, type MusicBrainzSimulator } from "./simulator.ts";

testSourcePlugin({
  plugin: musicbrainz,
  async setup() {
    const simulator = await startMusicBrainzSimulator();
    return {
      simulator,
      options: simOptions(simulator),
      fixtures: {
        search: "harder better",
        song: HARDER_BETTER,
        album: DISCOVERY,
        artist: DAFT_PUNK.id,
        isrc: "GBDUW0000059",
        upc: DISCOVERY_UPC,
        links: {
          [`https://musicbrainz.org/recording/${HARDER_BETTER}`]: { kind: "song", id: HARDER_BETTER },
          [`https://beta.musicbrainz.org/release/${DISCOVERY.toUpperCase()}`]: { kind: "album", id: DISCOVERY },
          [`https://musicbrainz.org/artist/${DAFT_PUNK.id}/recordings`]: { kind: "artist", id: DAFT_PUNK.id },
        },
        missing: { song: "00000000-0000-4000-8000-000000000000", album: "00000000-0000-4000-8000-000000000000", artist: "00000000-0000-4000-8000-000000000000" },
      },
    };
  },
});

let sim: MusicBrainzSimulator;
let mb: MusicBrainzSource;
useMusicBrainzSimulator((started) => ({ sim, mb } = started));

const cover = (release: string) => `${CAA}/${release}/front-250`;
const daftPunk = { artist: ["Daft Punk"], artistId: [DAFT_PUNK.id] };
const song = (id: string, fields: Record<string, unknown>) => ({ source: SOURCE, id, mbid: id, available: false, vip: false, explicit: null, ...daftPunk, ...fields });

describe("song", () => {
  it("is the recording's lookup with its credits, releases and ISRCs, shown on its earliest official release", async () => {
    expect(await mb.song(HARDER_BETTER, ctx())).toEqual(
      song(HARDER_BETTER, {
        name: "Harder, Better, Faster, Stronger",
        // The bootleg is older; the French edition is the first official one.
        album: "Discovery",
        albumId: DISCOVERY_FR,
        duration: 225,
        cover: cover(DISCOVERY_FR),
        isrc: "GBDUW0000059",
        quality: [],
        publishAt: "2001-03-07",
        link: `https://musicbrainz.org/recording/${HARDER_BETTER}`,
      }),
    );
    expect(sim.log).toEqual([asked(`/recording/${HARDER_BETTER}`, "inc=artist-credits%2Breleases%2Bisrcs&fmt=json")]);
    expect(sim.userAgents).toEqual([USER_AGENT]);
  });

  it("credits every artist of the credit, in order", async () => {
    expect(await mb.song(RADIO_EDIT, ctx())).toMatchObject({ name: "One More Time (radio edit)", artist: ["Daft Punk", "Romanthony"], artistId: [DAFT_PUNK.id, ROMANTHONY.id], album: "One More Time", albumId: SINGLE });
  });

  it("a recording nobody timed nor released: no album, no cover, 0 s, no date, no ISRC", async () => {
    expect(await mb.song(DEMO, ctx())).toEqual(
      song(DEMO, { name: "Teachers (demo)", album: "", albumId: "", duration: 0, cover: null, quality: [], publishAt: null, link: `https://musicbrainz.org/recording/${DEMO}` }),
    );
  });

  it("takes an MBID in capitals, and answers it as MusicBrainz writes it", async () => {
    expect((await mb.song(HARDER_BETTER.toUpperCase(), ctx())).id).toBe(HARDER_BETTER);
  });

  it.each(["1234", "not-a-uuid", `${HARDER_BETTER}x`, `${HARDER_BETTER.slice(0, -1)}g`, "../release/x", `{${HARDER_BETTER}}`])("%s is no MBID: 3001 without a call", async (id) => {
    expect(await codeOf(() => mb.song(id, ctx()))).toBe(3001);
    expect(await codeOf(() => mb.album(id, ctx()))).toBe(3001);
    expect(await codeOf(() => mb.artist(id, ctx()))).toBe(3001);
    expect(sim.totalCalls()).toBe(0);
  });
});

describe("search", () => {
  it("is the recording search: MusicBrainz' count as the total, limit and offset from the page", async () => {
    const result = await mb.search({ q: "one more time", page: 1, size: 1 }, ctx());
    expect(result.total).toBe(2);
    expect(result.list).toEqual([song(ONE_MORE_TIME, { name: "One More Time", album: "One More Time", albumId: SINGLE, duration: 320, cover: cover(SINGLE), isrc: "GBDUW0000053" })]);
    await mb.search({ q: "one more time", page: 2, size: 1 }, ctx());
    expect(sim.log).toEqual([asked("/recording", "query=one+more+time&limit=1&offset=0&fmt=json"), asked("/recording", "query=one+more+time&limit=1&offset=1&fmt=json")]);
  });

  it("sends the words as words: Lucene's syntax characters escaped", async () => {
    const result = await mb.search({ q: "one more time (radio edit)", page: 1, size: 10 }, ctx());
    expect(result.list.map((s) => s.id)).toEqual([RADIO_EDIT]);
    await mb.search({ q: 'title:"x" AND arid:* -y', page: 1, size: 10 }, ctx());
    const sent = sim.log.map((line) => new URL(line.slice(4), "http://x").searchParams.get("query"));
    expect(sent).toEqual(["one more time \\(radio edit\\)", 'title\\:\\"x\\" AND arid\\:\\* \\-y']);
  });
});

describe("album", () => {
  it("is the release's lookup with its recordings: every track a song of its recording, the barcode as upc", async () => {
    expect(await mb.album(DISCOVERY, ctx())).toEqual({
      source: SOURCE,
      id: DISCOVERY,
      mbid: DISCOVERY,
      name: "Discovery",
      artist: ["Daft Punk"],
      cover: cover(DISCOVERY),
      publishAt: "2001-03-12",
      upc: DISCOVERY_UPC,
      link: `https://musicbrainz.org/release/${DISCOVERY}`,
      song: [
        song(ONE_MORE_TIME, { name: "One More Time", album: "Discovery", albumId: DISCOVERY, duration: 320, cover: cover(DISCOVERY), isrc: "GBDUW0000053" }),
        song(AERODYNAMIC, { name: "Aerodynamic", album: "Discovery", albumId: DISCOVERY, duration: 213, cover: cover(DISCOVERY), isrc: "GBDUW0000054" }),
        song(HARDER_BETTER, { name: "Harder, Better, Faster, Stronger", album: "Discovery", albumId: DISCOVERY, duration: 225, cover: cover(DISCOVERY), isrc: "GBDUW0000059" }),
      ],
    });
    expect(sim.log).toEqual([asked(`/release/${DISCOVERY}`, "inc=recordings%2Bartist-credits%2Bisrcs&fmt=json")]);
  });

  it("every medium's tracks in order, each credited as its track is; no cover where the archive has none; an EAN-13's leading zero dropped", async () => {
    const single = await mb.album(SINGLE, ctx());
    expect(single.cover).toBeNull();
    expect(single.song.map((s) => [s.id, s.name, s.artist, s.cover])).toEqual([
      [RADIO_EDIT, "One More Time (radio edit)", ["Daft Punk", "Romanthony"], null],
      [ONE_MORE_TIME, "One More Time", ["Daft Punk"], null],
    ]);
    expect(single.upc).toBe(SINGLE_UPC);
    expect((await mb.album(DISCOVERY_FR, ctx())).upc).toBe(DISCOVERY_UPC);
  });
});

describe("artist", () => {
  it("is the artist's lookup and a page of its recordings (two requests); no picture", async () => {
    const artist = await mb.artist(DAFT_PUNK.id, ctx());
    expect(artist).toMatchObject({ source: SOURCE, id: DAFT_PUNK.id, mbid: DAFT_PUNK.id, name: "Daft Punk", avatar: null, link: `https://musicbrainz.org/artist/${DAFT_PUNK.id}` });
    expect(artist.song.map((s) => s.id)).toEqual([ONE_MORE_TIME, AERODYNAMIC, HARDER_BETTER, RADIO_EDIT, DEMO]);
    expect(artist.song[2]).toMatchObject({ album: "Discovery", albumId: DISCOVERY_FR, isrc: "GBDUW0000059" });
    expect([...sim.log].sort()).toEqual([asked(`/artist/${DAFT_PUNK.id}`, "fmt=json"), asked("/recording", `query=arid:${DAFT_PUNK.id}&limit=25&fmt=json`)].sort());
  });
});

describe("look-ups", () => {
  it("isrc: the recordings of an ISRC, each carrying the one asked for (one request); [] for an unknown one (404)", async () => {
    expect(await mb.isrc("FRZ010100059", ctx())).toEqual([song(HARDER_BETTER, { name: "Harder, Better, Faster, Stronger", album: "Discovery", albumId: DISCOVERY_FR, duration: 225, cover: cover(DISCOVERY_FR), isrc: "FRZ010100059" })]);
    expect(await mb.isrc("USRC17607839", ctx())).toEqual([]);
    expect(sim.log).toEqual([asked("/isrc/FRZ010100059", "inc=artist-credits%2Breleases%2Bisrcs&fmt=json"), asked("/isrc/USRC17607839", "inc=artist-credits%2Breleases%2Bisrcs&fmt=json")]);
  });

  it("isrc: what is no ISRC is asked nothing", async () => {
    for (const bad of ["gbduw0000059", "GB-DUW-00-00059", "GBDUW000005", "../artist"]) expect(await mb.isrc(bad, ctx())).toEqual([]);
    expect(sim.totalCalls()).toBe(0);
  });

  it("upc: the release search in both spellings, then the best release's lookup: two requests", async () => {
    const albums = await mb.upc(DISCOVERY_UPC, ctx());
    expect(albums.map((a) => [a.id, a.upc, a.song.length])).toEqual([[DISCOVERY, DISCOVERY_UPC, 3]]);
    expect(sim.log).toEqual([
      asked("/release", `query=barcode:(${DISCOVERY_UPC}+OR+0${DISCOVERY_UPC})&limit=5&fmt=json`),
      asked(`/release/${DISCOVERY}`, "inc=recordings%2Bartist-credits%2Bisrcs&fmt=json"),
    ]);
  });

  it("upc: a barcode no release carries is one request and []; what is no barcode none", async () => {
    expect(await mb.upc("400000000008", ctx())).toEqual([]);
    expect(sim.totalCalls()).toBe(1);
    expect(await mb.upc("12AB OR barcode:1", ctx())).toEqual([]);
    expect(sim.totalCalls()).toBe(1);
  });
});

describe("covers", () => {
  it("coverAt picks the archive's size of at least the pixels asked for; other addresses are left alone", () => {
    const url = cover(DISCOVERY);
    expect(musicbrainz.coverAt!(url, 100)).toBe(`${CAA}/${DISCOVERY}/front-250`);
    expect(musicbrainz.coverAt!(url, 300)).toBe(`${CAA}/${DISCOVERY}/front-500`);
    expect(musicbrainz.coverAt!(url, 5000)).toBe(`${CAA}/${DISCOVERY}/front-1200`);
    expect(musicbrainz.coverAt!("https://example.org/front-250", 500)).toBeUndefined();
  });
});

describe("bounds on what MusicBrainz sends", () => {
  const credit = { name: "Daft Punk", joinphrase: "", artist: { id: DAFT_PUNK.id, name: "Daft Punk" } };
  const track = (n: number) => ({ title: `Track ${n}`, length: 1000, "artist-credit": [credit], recording: { id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`, length: 1000 } });

  it("a name of 100,000 characters is cut to the kit's 500; lists of thousands to 500 entries", async () => {
    const releases = Array.from({ length: 3000 }, (_, n) => ({ id: `10000000-0000-4000-8000-${String(n).padStart(12, "0")}`, title: "Discovery", status: "Official", date: "2001" }));
    sim.fault({ kind: "json", body: { id: HARDER_BETTER, title: "x".repeat(100_000), length: 1000, "artist-credit": Array(2000).fill(credit), releases, isrcs: [] } });
    try {
      const started = performance.now();
      const detail = await mb.song(HARDER_BETTER, ctx());
      expect(performance.now() - started).toBeLessThan(1000);
      expect(detail.name).toHaveLength(500);
      expect(detail.artist).toHaveLength(500);
    } finally {
      sim.fault(undefined);
    }
  });

  it("a release of 1,200 tracks over two media answers its first 500 in order", async () => {
    const media = [{ tracks: Array.from({ length: 600 }, (_, n) => track(n)) }, { tracks: Array.from({ length: 600 }, (_, n) => track(600 + n)) }];
    sim.fault({ kind: "json", body: { id: DISCOVERY, title: "Box", status: "Official", date: "2001", barcode: null, "artist-credit": [credit], media } });
    try {
      const album = await mb.album(DISCOVERY, ctx());
      expect(album.song).toHaveLength(500);
      expect([album.song[0].name, album.song[499].name]).toEqual(["Track 0", "Track 499"]);
    } finally {
      sim.fault(undefined);
    }
  });
});

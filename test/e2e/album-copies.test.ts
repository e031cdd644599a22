/**
 * An album link's copies by metadata (issue 41): on a source that cannot look the barcode up,
 * the album of the same title, a primary artist in common, the same kind and as many songs
 * (0.95 when their lengths agree, 0.9 when only their number does); a live album, another
 * artist's album of the same title or one of another length never. Deezer and iTunes, each on
 * its simulator, with catalogues written here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDeezerSimulator, type DeezerSimulator } from "../../plugins/source-deezer/test/simulator.ts";
import type { TrackSeed as DeezerTrack } from "../../plugins/source-deezer/test/fixtures/shapes.ts";
import { startItunesSimulator } from "../../plugins/source-itunes/test/simulator.ts";
import type { AlbumSeed as ItunesAlbum, TrackSeed as ItunesTrack } from "../../plugins/source-itunes/test/fixtures/shapes.ts";
import type { Simulator } from "@music-aggregator/core/testing";
import { v1 } from "../support/fake-app.ts";
import { startTestApp, type TestApp } from "../support/app.ts";

const MARLOW = { id: 4301, name: "Marlow Vane", md5: "0".repeat(32) };
const deezerAlbum = (id: number, title: string, seconds: number[]): DeezerTrack[] => {
  const album = { id, title, md5: "1".repeat(32), releaseDate: "2022-02-02", artist: MARLOW };
  return seconds.map((s, i) => ({ id: id * 10 + i, title: `${title} ${i + 1}`, seconds: s, album, artist: MARLOW, readable: true, preview: "", releaseDate: "2022-02-02", position: i + 1 }));
};
const itunesAlbum = (id: number, name: string, artist: string, seconds: number[]): ItunesTrack[] => {
  const album: ItunesAlbum = { id, name, artist: { id: 1500000900 + (id % 50), name: artist, genre: "Pop" }, art: `Music/${id}.jpg`, releaseDate: "2022-02-02T08:00:00Z", trackCount: seconds.length, discCount: 1 };
  return seconds.map((s, i) => ({ id: id + 1 + i, name: `Song ${i + 1}`, album, ms: s * 1000, disc: 1, track: i + 1, preview: null, releaseDate: "2022-02-02T12:00:00Z" }));
};

let t: TestApp & { sims: { deezer: DeezerSimulator; itunes: Simulator } };
beforeAll(async () => {
  const deezer = await startDeezerSimulator([
    ...deezerAlbum(8801, "Harbour Nights", [201, 187, 240]),
    ...deezerAlbum(8802, "Tern Songs", [200, 210]),
    ...deezerAlbum(8803, "Shoal Lines", [190, 191]),
    ...deezerAlbum(8804, "Shell Road", [200, 210]),
  ]);
  const itunes = await startItunesSimulator([
    // the same release: three songs of the same lengths (within 3 s)
    ...itunesAlbum(1610000000, "Harbour Nights", "Marlow Vane", [202, 186, 242]),
    // not it: a live album, another artist's album of the same title, a longer edition
    ...itunesAlbum(1610000100, "Harbour Nights (Live)", "Marlow Vane", [230, 200, 260]),
    ...itunesAlbum(1610000200, "Harbour Nights", "Okoro & The Tide", [201, 187, 240]),
    // the same songs, their lengths not agreeing: by number only
    ...itunesAlbum(1610000300, "Tern Songs", "Marlow Vane", [200, 250]),
    // the single and the deluxe edition of the same title found first, the album itself last
    ...itunesAlbum(1610000400, "Shell Road - Single", "Marlow Vane", [200]),
    ...itunesAlbum(1610000500, "Shell Road (Deluxe Edition)", "Marlow Vane", [200, 210, 190, 230]),
    ...itunesAlbum(1610000600, "Shell Road", "Marlow Vane", [201, 209]),
  ]);
  const app = await startTestApp({
    config: {
      lyrics: false,
      rateLimit: { points: 1_000_000, duration: 60 },
      // One test client asks for everything: the whole of each budget is its.
      upstream: { clientShare: 1 },
      sources: {
        source_a: { plugin: "deezer", options: { baseURL: deezer.url } },
        source_b: { plugin: "itunes", options: { baseURL: itunes.url, chartsBaseURL: itunes.url } },
        source_c: false,
        source_d: false,
      },
    },
  });
  t = { ...app, sims: { deezer, itunes }, close: async () => (await app.close(), await Promise.all([deezer.close(), itunes.close()]), undefined) };
});
afterAll(() => t?.close());

const copiesOf = async (url: string) => (await t.json(v1("resolve", { url }))).body.data;

describe("an album's copies by metadata", () => {
  it("finds the album of the same title, artist and songs, lengths agreeing: 0.95; never the live one, another artist's, or one of another length", async () => {
    const data = await copiesOf("https://www.deezer.com/album/8801");
    expect(data.item).toMatchObject({ source: "source_a", id: "8801", name: "Harbour Nights" });
    expect(data.item.upc).toBeUndefined();
    expect(data.copies).toEqual([{ source: "source_b", id: "1610000000", link: "https://music.apple.com/us/album/harbour-nights/1610000000?uo=4", confidence: 0.95, reason: "metadata" }]);
    expect(data.failed).toEqual([]);
  });

  it("the other way round: the iTunes album's copy on Deezer", async () => {
    const data = await copiesOf("https://music.apple.com/us/album/harbour-nights/1610000000");
    expect(data.copies).toEqual([{ source: "source_a", id: "8801", link: "https://www.deezer.com/album/8801", confidence: 0.95, reason: "metadata" }]);
  });

  it("as many songs whose lengths do not agree: 0.9", async () => {
    const data = await copiesOf("https://www.deezer.com/album/8802");
    expect(data.copies).toEqual([expect.objectContaining({ source: "source_b", id: "1610000300", confidence: 0.9, reason: "metadata" })]);
  });

  it("the album of the very title is looked at before its single and its deluxe edition, whatever order the search lists them in", async () => {
    const data = await copiesOf("https://www.deezer.com/album/8804");
    expect(data.copies).toEqual([expect.objectContaining({ source: "source_b", id: "1610000600", confidence: 0.95, reason: "metadata" })]);
  });

  it("a live album has no studio copy", async () => {
    expect((await copiesOf("https://music.apple.com/us/album/harbour-nights-live/1610000100")).copies).toEqual([]);
  });

  it("asked again, nothing is asked upstream", async () => {
    const before = [t.sims.deezer.log.length, t.sims.itunes.log.length];
    const r = await t.json(v1("resolve", { url: "https://www.deezer.com/album/8801" }));
    expect(r.body.cost).toBe(0);
    expect([t.sims.deezer.log.length, t.sims.itunes.log.length]).toEqual(before);
  });

  it("a source whose search fails is named in failed; that answer is not kept, and the source is asked again next time", async () => {
    t.sims.itunes.fault({ kind: "status", status: 500 });
    try {
      const data = await copiesOf("https://www.deezer.com/album/8803");
      expect([data.copies, data.failed]).toEqual([[], ["source_b"]]);
    } finally {
      t.sims.itunes.fault(undefined);
    }
    const before = t.sims.itunes.log.length;
    const data = await copiesOf("https://www.deezer.com/album/8803");
    expect([data.copies, data.failed]).toEqual([[], []]);
    expect(t.sims.itunes.log.length).toBeGreaterThan(before);
  });
});

/**
 * Songs and song addresses against the simulator, value by value: tags, lengths, qualities and
 * the file of each quality that belongs to the same original, with the one metadata read each
 * makes.
 */
import type { SourceMethods } from "@music-aggregator/core";
import { describe, expect, it } from "vitest";
import { LIVE, NETLABEL, OLD_SHOW, RECORD, STREAM_ONLY, TEST_PRESSING, TRANSFER } from "./fixtures/catalog.ts";
import { SOURCE, codeOf, ctx, useArchiveSimulator } from "./instance.ts";
import type { ArchiveSimulator } from "./simulator.ts";

let sim: ArchiveSimulator;
let archiveSource: SourceMethods;
useArchiveSimulator((started) => ({ sim, archiveSource } = started));

const img = (identifier: string) => `${sim.url}/services/img/${identifier}`;
const download = (path: string) => `${sim.url}/download/${path}`;

describe("song", () => {
  it("maps an original of /metadata/{identifier}: tags, item title, measured length, qualities of its files", async () => {
    expect(await archiveSource.song(`${LIVE}/mh81-06-12d1t01.flac`, ctx())).toEqual({
      source: SOURCE,
      id: "mh1981-06-12.sbd.tolliver.4411.flac16/mh81-06-12d1t01.flac",
      name: "Cedar Smoke",
      artist: ["Marrow Hill"],
      album: "Marrow Hill Live at Cedar Street Ballroom on 1981-06-12",
      albumId: "mh1981-06-12.sbd.tolliver.4411.flac16",
      duration: 245,
      cover: img("mh1981-06-12.sbd.tolliver.4411.flac16"),
      available: true,
      vip: false,
      artistId: ["Marrow Hill"],
      explicit: null,
      quality: ["high", "lossless"],
      publishAt: "1981-06-12",
      link: `${sim.url}/details/mh1981-06-12.sbd.tolliver.4411.flac16`,
    });
    expect(sim.log).toEqual(["GET /metadata/mh1981-06-12.sbd.tolliver.4411.flac16"]);
  });

  it("decodes the XML entities the archive leaves in tags", async () => {
    expect((await archiveSource.song(`${LIVE}/mh81-06-12d2t01.flac`, ctx())).name).toBe("The Long Field ->");
    expect((await archiveSource.song(`${NETLABEL}/qh045_03_salt_and_iron.mp3`, ctx())).name).toBe("Salt & Iron");
  });

  it("takes the length from a derivative when the original was never measured (Shorten, length 0)", async () => {
    const song = await archiveSource.song(`${OLD_SHOW}/mh79-10-03t01.shn`, ctx());
    expect(song).toMatchObject({ name: "Cedar Smoke", duration: 261, available: true, quality: ["standard", "high"], publishAt: "1979-10-03" });
  });

  it("an original nothing playable was derived from is unavailable, with no quality and no length", async () => {
    const song = await archiveSource.song(`${OLD_SHOW}/mh79-10-03t02.shn`, ctx());
    expect(song).toMatchObject({ name: "Whistle Stop", duration: 0, available: false, vip: false, quality: [] });
  });

  it("a 78 rpm transfer: a 181-character id, the file name for a missing title, `;`-separated artists", async () => {
    const id = `${RECORD}/${TRANSFER}`;
    expect(id).toHaveLength(181);
    expect(await archiveSource.song(id, ctx())).toEqual({
      source: SOURCE,
      id,
      name: "_78_paper-moon-waltz-from-the-revue-lanterns-on-the-quay_ada-korrigan-orchestra-pell_gbia0099917a_01_3.5_CT_EQ",
      artist: ["Ada Korrigan Orchestra", "Pell"],
      album: "Paper Moon Waltz; Harbour Lights Two-Step",
      albumId: RECORD,
      duration: 179,
      cover: img(RECORD),
      available: true,
      vip: false,
      artistId: ["Ada Korrigan Orchestra", "Pell"],
      explicit: null,
      quality: ["high", "lossless"],
      publishAt: "1938-11-02",
      link: `${sim.url}/details/${RECORD}`,
    });
  });

  it("a file in a sub-folder, with spaces and a comma: the id splits at its first `/` only", async () => {
    const song = await archiveSource.song(`${RECORD}/${TEST_PRESSING}`, ctx());
    expect(song).toMatchObject({ id: `${RECORD}/extras/Paper Moon Waltz (test pressing, 1938).flac`, name: "Paper Moon Waltz (test pressing)", duration: 177, artist: ["Ada Korrigan Orchestra"] });
    expect(sim.log).toEqual([`GET /metadata/${RECORD}`]);
  });

  it("a year alone is the publish date; an MP3 upload is high and its 64 kbps derivative standard", async () => {
    const song = await archiveSource.song(`${NETLABEL}/qh045_01_first_static.mp3`, ctx());
    expect(song).toMatchObject({ name: "First Static", artist: ["Quiet Harbour Collective"], album: "Harbour Static", duration: 201, publishAt: "2007", quality: ["standard", "high"] });
  });

  it("empty titles count as missing: the file name and the identifier stand in", async () => {
    const file = { name: "tapes/side one.flac", source: "original", format: "Flac", title: " ", length: "61.2", size: "6000000" };
    sim.fault({ kind: "json", body: { metadata: { identifier: LIVE, title: "" }, files: [file] } }, "GET /metadata/:identifier");
    expect(await archiveSource.song(`${LIVE}/tapes/side one.flac`, ctx())).toMatchObject({ name: "side one", album: LIVE, artist: [], duration: 61, quality: ["lossless"] });
  });

  it("a stream-only item's songs are unavailable and have no quality, yet are not VIP", async () => {
    const song = await archiveSource.song(`${STREAM_ONLY}/mh83-02-19t01.flac`, ctx());
    expect(song).toMatchObject({ name: "Gravel Road", duration: 403, available: false, vip: false, quality: [], publishAt: "1983-02-19" });
  });
});

describe("url", () => {
  it("gives the original FLAC for lossless: full length (no preview), bitrate from size and length, no expiry", async () => {
    const url = await archiveSource.url(`${LIVE}/mh81-06-12d1t01.flac`, "lossless", ctx());
    expect(url).toEqual({
      source: SOURCE,
      id: `${LIVE}/mh81-06-12d1t01.flac`,
      url: download("mh1981-06-12.sbd.tolliver.4411.flac16/mh81-06-12d1t01.flac"),
      quality: "lossless",
      // 27512044 bytes over 245.31 s
      bitrate: 897,
      size: 27512044,
      expireAt: null,
      preview: false,
    });
    expect(sim.log).toEqual([`GET /metadata/${LIVE}`]);
  });

  it("gives the VBR MP3 made from the same original for high, with its stated bitrate", async () => {
    expect(await archiveSource.url(`${LIVE}/mh81-06-12d1t03.flac`, "high", ctx())).toMatchObject({
      url: download("mh1981-06-12.sbd.tolliver.4411.flac16/mh81-06-12d1t03.mp3"),
      quality: "high",
      bitrate: 190,
      size: 4472832,
    });
  });

  it("falls back as docs/decisions.md (Sources) says: lossless to the best lower, standard to the lowest there is", async () => {
    const old = `${OLD_SHOW}/mh79-10-03t01.shn`;
    expect(await archiveSource.url(old, "lossless", ctx())).toMatchObject({ url: download(`${OLD_SHOW}/mh79-10-03t01_vbr.mp3`), quality: "high", bitrate: 187, size: 6102000 });
    expect(await archiveSource.url(old, "standard", ctx())).toMatchObject({ url: download(`${OLD_SHOW}/mh79-10-03t01_64kb.mp3`), quality: "standard", bitrate: 64, size: 2088000 });
    expect(await archiveSource.url(`${LIVE}/mh81-06-12d1t01.flac`, "standard", ctx())).toMatchObject({ quality: "high", bitrate: 201 });
  });

  it("an MP3 upload is its own high-quality file; its 64 kbps derivative is the standard one", async () => {
    const id = `${NETLABEL}/qh045_01_first_static.mp3`;
    expect(await archiveSource.url(id, "lossless", ctx())).toMatchObject({ url: download(`${NETLABEL}/qh045_01_first_static.mp3`), quality: "high", bitrate: 128, size: 3221440 });
    expect(await archiveSource.url(id, "standard", ctx())).toMatchObject({ url: download(`${NETLABEL}/qh045_01_first_static_64kb.mp3`), bitrate: 64, size: 1610720 });
  });

  it("encodes each path segment, keeps the sub-folder's `/`, and derives a missing bitrate from size and length", async () => {
    expect(await archiveSource.url(`${RECORD}/${TEST_PRESSING}`, "high", ctx())).toMatchObject({
      url: download(`${RECORD}/extras/Paper%20Moon%20Waltz%20(test%20pressing%2C%201938).mp3`),
      quality: "high",
      // 4248000 bytes over 02:57
      bitrate: 192,
      size: 4248000,
    });
  });

  it("is 3001 for an original nothing playable was derived from", async () => {
    await expect(archiveSource.url(`${OLD_SHOW}/mh79-10-03t02.shn`, "high", ctx())).rejects.toMatchObject({ code: 3001, message: expect.stringContaining("no playable file") });
  });

  it("is 3001 for a stream-only or dark item, without any address, after one metadata read", async () => {
    await expect(archiveSource.url(`${STREAM_ONLY}/mh83-02-19t01.flac`, "high", ctx())).rejects.toMatchObject({ code: 3001, message: expect.stringContaining("stream-only") });
    expect(await codeOf(() => archiveSource.url("ada-korrigan-radio-transcriptions-1940/disc1.flac", "standard", ctx()))).toBe(3001);
    expect(sim.log).toEqual([`GET /metadata/${STREAM_ONLY}`, "GET /metadata/ada-korrigan-radio-transcriptions-1940"]);
  });
});

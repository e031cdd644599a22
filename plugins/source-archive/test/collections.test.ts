/**
 * Albums, artists and charts against the simulator: mapped values in track order, the exact
 * searches artists and charts send, and the file-list reads each one makes.
 */
import type { RankDetail, SourceMethods } from "@music-aggregator/core";
import { describe, expect, it } from "vitest";
import { BOOK, HARBOUR_HALL, LIVE, NETLABEL, OLD_SHOW, RECORD, SCANS, SIDE_A, SIDE_B, STREAM_ONLY, TEST_PRESSING, TRANSFER } from "./fixtures/catalog.ts";
import { SOURCE, bindArchive, codeOf, ctx, useArchiveSimulator } from "./instance.ts";
import type { ArchiveSimulator } from "./simulator.ts";

let sim: ArchiveSimulator;
let archiveSource: SourceMethods;
useArchiveSimulator((started) => ({ sim, archiveSource } = started));

const img = (identifier: string) => `${sim.url}/services/img/${identifier}`;
const search = (query: string) => `GET /advancedsearch.php?${query}`;

describe("album", () => {
  it("is the item with its original audio files in track order, whatever order the archive lists them in", async () => {
    const album = await archiveSource.album(LIVE, ctx());
    expect(album).toMatchObject({
      source: SOURCE,
      id: LIVE,
      name: "Marrow Hill Live at Cedar Street Ballroom on 1981-06-12",
      artist: ["Marrow Hill"],
      cover: img(LIVE),
      publishAt: "1981-06-12",
    });
    expect(album.song.map((s) => [s.id, s.name, s.duration])).toEqual([
      [`${LIVE}/mh81-06-12d1t01.flac`, "Cedar Smoke", 245],
      [`${LIVE}/mh81-06-12d1t02.flac`, "Paper Boats", 313],
      [`${LIVE}/mh81-06-12d1t03.flac`, "Lantern Drill", 188],
      [`${LIVE}/mh81-06-12d2t01.flac`, "The Long Field ->", 601],
    ]);
    expect(album.song[0]).toEqual({
      source: SOURCE,
      id: `${LIVE}/mh81-06-12d1t01.flac`,
      name: "Cedar Smoke",
      artist: ["Marrow Hill"],
      album: "Marrow Hill Live at Cedar Street Ballroom on 1981-06-12",
      albumId: LIVE,
      duration: 245,
      cover: img(LIVE),
      available: true,
      vip: false,
      artistId: ["Marrow Hill"],
      explicit: null,
    });
    expect(album.link).toBe(`${sim.url}/details/${LIVE}`);
    expect(sim.log).toEqual([`GET /metadata/${LIVE}`]);
  });

  it("a 78: every creator once; equal track numbers keep the archive's order, untracked files come last", async () => {
    const album = await archiveSource.album(RECORD, ctx());
    expect(album).toMatchObject({ name: "Paper Moon Waltz; Harbour Lights Two-Step", artist: ["Ada Korrigan Orchestra", "Pell", "Orrin"], publishAt: "1938-11-02" });
    expect(album.song.map((s) => s.id)).toEqual([`${RECORD}/${SIDE_A}`, `${RECORD}/${SIDE_B}`, `${RECORD}/${TRANSFER}`, `${RECORD}/${TEST_PRESSING}`]);
    expect(album.song.map((s) => s.artist)).toEqual([
      ["Ada Korrigan Orchestra", "Pell"],
      ["Ada Korrigan Orchestra", "Orrin", "Tamsin Vale"],
      ["Ada Korrigan Orchestra", "Pell"],
      ["Ada Korrigan Orchestra"],
    ]);
    // An artist's id is a creator's name (what /v1/artist searches by); a name no item credits has none.
    expect(album.song[1].artistId).toEqual(["Ada Korrigan Orchestra", "Orrin", ""]);
  });

  it("orders `n/total` track numbers and keeps only originals (not their 64 kbps and Ogg derivatives)", async () => {
    const album = await archiveSource.album(NETLABEL, ctx());
    expect(album.song.map((s) => s.name)).toEqual(["First Static", "Night Ferry", "Salt & Iron"]);
    expect(album.publishAt).toBe("2007");
  });

  it("lists an older show's never-derived track as unavailable", async () => {
    const album = await archiveSource.album(OLD_SHOW, ctx());
    expect(album.song.map((s) => [s.name, s.duration, s.available])).toEqual([
      ["Cedar Smoke", 261, true],
      ["Whistle Stop", 0, false],
    ]);
  });

  it("is 3001 for an item without audio files (scans, a book)", async () => {
    await expect(archiveSource.album(SCANS, ctx())).rejects.toMatchObject({ code: 3001, message: `Internet Archive item ${SCANS} has no audio files` });
    expect(await codeOf(() => archiveSource.album(BOOK, ctx()))).toBe(3001);
  });
});

describe("artist", () => {
  it("is the creator's most downloaded audio items, by their first tracks", async () => {
    const artist = await archiveSource.artist("Marrow Hill", ctx());
    expect(artist).toMatchObject({ source: SOURCE, id: "Marrow Hill", name: "Marrow Hill", avatar: null });
    // The scans have no audio; the book is no audio item.
    expect(artist.song.map((s) => [s.id, s.name, s.available])).toEqual([
      [`${STREAM_ONLY}/mh83-02-19t01.flac`, "Gravel Road", false],
      [`${LIVE}/mh81-06-12d1t01.flac`, "Cedar Smoke", true],
      [`${OLD_SHOW}/mh79-10-03t01.shn`, "Cedar Smoke", true],
    ]);
    expect(sim.queries).toEqual(['creator:"Marrow Hill" AND mediatype:(audio OR etree)']);
    expect(sim.log[0]).toBe(
      search("q=creator%3A%22Marrow+Hill%22+AND+mediatype%3A%28audio+OR+etree%29&fl%5B%5D=identifier&sort%5B%5D=downloads+desc&rows=20&page=1&output=json"),
    );
    expect(sim.calls.get("GET /metadata/:identifier")).toBe(4);
  });

  it("reads at most `artistSize` items", async () => {
    const bound = await bindArchive({ baseURL: sim.url, artistSize: 2 });
    try {
      const artist = await bound.methods.artist!("Marrow Hill", ctx());
      expect(artist.song.map((s) => s.albumId)).toEqual([STREAM_ONLY, LIVE]);
      expect(sim.log[0]).toContain("&rows=2&");
    } finally {
      await bound.close();
    }
  });

  it("is 3001 for a name no audio item credits, after one search", async () => {
    await expect(archiveSource.artist("Nobody Ever Recorded This", ctx())).rejects.toMatchObject({ code: 3001 });
    expect(sim.calls.get("GET /advancedsearch.php")).toBe(1);
    expect(sim.calls.get("GET /metadata/:identifier")).toBeUndefined();
  });

  it('escapes quotes and backslashes inside the phrase', async () => {
    expect(await codeOf(() => archiveSource.artist('Marrow" OR creator:"Hill \\', ctx()))).toBe(3001);
    expect(sim.queries).toEqual(['creator:"Marrow\\" OR creator:\\"Hill \\\\" AND mediatype:(audio OR etree)']);
  });
});

describe("rank", () => {
  it("lists three charts of its own, without a request", async () => {
    expect(await archiveSource.rank(undefined, ctx())).toEqual({
      source: SOURCE,
      list: [
        { source: SOURCE, id: "week", name: "Most downloaded audio this week", cover: null, updateAt: null },
        { source: SOURCE, id: "month", name: "Most downloaded audio this month", cover: null, updateAt: null },
        { source: SOURCE, id: "all-time", name: "Most downloaded audio of all time", cover: null, updateAt: null },
      ],
    });
    expect(sim.totalCalls()).toBe(0);
  });

  it("this week: audio items sorted by `week`, each by its first track", async () => {
    const chart = (await archiveSource.rank("week", ctx())) as RankDetail;
    expect(chart).toMatchObject({ source: SOURCE, id: "week", name: "Most downloaded audio this week", cover: null, updateAt: null });
    expect(chart.song.map((s) => [s.albumId, s.name])).toEqual([
      [OLD_SHOW, "Cedar Smoke"],
      [LIVE, "Cedar Smoke"],
      [NETLABEL, "First Static"],
      [RECORD, "Paper Moon Waltz"],
      [STREAM_ONLY, "Gravel Road"],
      [HARBOUR_HALL, "Paper Lanterns"],
    ]);
    expect(sim.log[0]).toBe(search("q=mediatype%3A%28audio+OR+etree%29&fl%5B%5D=identifier&sort%5B%5D=week+desc&rows=20&page=1&output=json"));
    expect(sim.calls.get("GET /metadata/:identifier")).toBe(7);
  });

  it("this month and all time sort by `month` and `downloads`", async () => {
    const month = (await archiveSource.rank("month", ctx())) as RankDetail;
    expect(month.song.map((s) => s.albumId)).toEqual([RECORD, LIVE, OLD_SHOW, STREAM_ONLY, NETLABEL, HARBOUR_HALL]);
    const allTime = (await archiveSource.rank("all-time", ctx())) as RankDetail;
    expect(allTime.song.map((s) => s.albumId)).toEqual([STREAM_ONLY, RECORD, LIVE, OLD_SHOW, NETLABEL, HARBOUR_HALL]);
    expect(sim.queries).toEqual(["mediatype:(audio OR etree)", "mediatype:(audio OR etree)"]);
    // The second chart reads the same items: the cache answers them.
    expect(sim.calls.get("GET /metadata/:identifier")).toBe(7);
  });

  it("asks for `chartSize` items", async () => {
    const bound = await bindArchive({ baseURL: sim.url, chartSize: 3 });
    try {
      const chart = (await bound.methods.rank!("all-time", ctx())) as RankDetail;
      expect(chart.song.map((s) => s.albumId)).toEqual([STREAM_ONLY, RECORD, LIVE]);
      expect(sim.calls.get("GET /metadata/:identifier")).toBe(3);
    } finally {
      await bound.close();
    }
  });

  it("is 3001 for a chart it does not have, without a request", async () => {
    await expect(archiveSource.rank("yesterday", ctx())).rejects.toMatchObject({ code: 3001, message: expect.stringContaining("week, month, all-time") });
    expect(sim.totalCalls()).toBe(0);
  });
});

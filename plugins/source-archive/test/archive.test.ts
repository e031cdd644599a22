/**
 * The archive plugin against its simulator: the shared source contract, then search checked
 * value by value, with the upstream calls it makes (songs and addresses: songs.test.ts).
 */
import type { SourceMethods } from "@music-aggregator/core";
import { testSourcePlugin } from "@music-aggregator/core/testing";
import { describe, expect, it } from "vitest";
import archive from "../index.ts";
import { LIVE, OLD_SHOW, STREAM_ONLY } from "./fixtures/catalog.ts";
import { SOURCE, ctx, useArchiveSimulator } from "./instance.ts";
import { type ArchiveSimulator, startArchiveSimulator } from "./simulator.ts";

testSourcePlugin({
  plugin: archive,
  async setup() {
    const simulator = await startArchiveSimulator();
    return {
      simulator,
      options: { baseURL: simulator.url },
      fixtures: {
        search: "cedar smoke",
        song: `${LIVE}/mh81-06-12d1t01.flac`,
        album: LIVE,
        artist: "Marrow Hill",
        rank: "week",
        links: {
          [`https://archive.org/details/${LIVE}`]: { kind: "album", id: LIVE },
          [`https://archive.org/details/${LIVE}/mh81-06-12d1t01.flac`]: { kind: "song", id: `${LIVE}/mh81-06-12d1t01.flac` },
          [`https://archive.org/download/${LIVE}/mh81-06-12d1t01.flac`]: { kind: "song", id: `${LIVE}/mh81-06-12d1t01.flac` },
          [`https://archive.org/embed/${LIVE}`]: { kind: "album", id: LIVE },
        },
        missing: { song: `${LIVE}/mh81-06-12d9t99.flac`, album: "mh1999-01-01.never.recorded", artist: "Nobody Ever Recorded This", rank: "yesterday" },
      },
    };
  },
});

let sim: ArchiveSimulator;
let archiveSource: SourceMethods;
useArchiveSimulator((started) => ({ sim, archiveSource } = started));

const img = (identifier: string) => `${sim.url}/services/img/${identifier}`;

describe("search", () => {
  it("asks advancedsearch.php for identifiers among audio items, then each hit's file list", async () => {
    const result = await archiveSource.search({ q: "Cedar Smoke", page: 1, size: 5 }, ctx());
    expect(result).toEqual({
      total: 2,
      list: [
        { source: SOURCE, id: `${LIVE}/mh81-06-12d1t01.flac`, name: "Cedar Smoke", artist: ["Marrow Hill"], album: "Marrow Hill Live at Cedar Street Ballroom on 1981-06-12", albumId: LIVE, duration: 245, cover: img(LIVE), available: true, vip: false, artistId: ["Marrow Hill"], explicit: null },
        { source: SOURCE, id: `${OLD_SHOW}/mh79-10-03t01.shn`, name: "Cedar Smoke", artist: ["Marrow Hill"], album: "Marrow Hill Live at Fenwick Grange Hall on 1979-10-03", albumId: OLD_SHOW, duration: 261, cover: img(OLD_SHOW), available: true, vip: false, artistId: ["Marrow Hill"], explicit: null },
      ],
    });
    expect(sim.queries).toEqual(["(Cedar AND Smoke) AND mediatype:(audio OR etree)"]);
    expect(sim.log).toEqual([
      "GET /advancedsearch.php?q=%28Cedar+AND+Smoke%29+AND+mediatype%3A%28audio+OR+etree%29&fl%5B%5D=identifier&rows=5&page=1&output=json",
      `GET /metadata/${LIVE}`,
      `GET /metadata/${OLD_SHOW}`,
    ]);
  });

  it("reports each item by its best-matching original, not its first", async () => {
    const result = await archiveSource.search({ q: "paper boats", page: 1, size: 10 }, ctx());
    // Three audio items match (the book does not count); the scans have no audio: left out, and counted out.
    expect(result.total).toBe(2);
    expect(result.list.map((s) => [s.id, s.name, s.available])).toEqual([
      [`${LIVE}/mh81-06-12d1t02.flac`, "Paper Boats", true],
      [`${STREAM_ONLY}/mh83-02-19t02.flac`, "Paper Boats", false],
    ]);
  });

  it("turns page and size into page and rows; the total is numFound less the page's items without a song", async () => {
    const result = await archiveSource.search({ q: "marrow hill", page: 2, size: 2 }, ctx());
    // Four items match; the scans, on this page, have no audio.
    expect(result.total).toBe(3);
    expect(result.list.map((s) => s.id)).toEqual([`${STREAM_ONLY}/mh83-02-19t01.flac`]);
    expect(sim.log[0]).toContain("&rows=2&page=2&");
  });

  it("reads file lists through the response cache: the same hits cost no second read", async () => {
    await archiveSource.search({ q: "cedar smoke", page: 1, size: 5 }, ctx());
    await archiveSource.search({ q: "smoke cedar", page: 1, size: 5 }, ctx());
    expect(sim.calls.get("GET /advancedsearch.php")).toBe(2);
    expect(sim.calls.get("GET /metadata/:identifier")).toBe(2);
  });

  it("answers an empty page past the end with the total, and no file-list reads", async () => {
    expect(await archiveSource.search({ q: "cedar smoke", page: 3, size: 5 }, ctx())).toEqual({ total: 2, list: [] });
    expect(sim.calls.get("GET /metadata/:identifier")).toBeUndefined();
  });

  it("finds nothing, without asking, when no word is left to search for", async () => {
    expect(await archiveSource.search({ q: "<< >>", page: 1, size: 5 }, ctx())).toEqual({ total: 0, list: [] });
    expect(sim.totalCalls()).toBe(0);
  });
});

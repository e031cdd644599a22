/**
 * Charts against the simulator: the list (one chart per configured storefront), a chart of
 * 100 for exactly two requests (the feed, then one batched lookup), entries the lookup does
 * not return, and chart ids that are not configured storefronts.
 */
import type { RankDetail, RankList, SourceMethods } from "@music-aggregator/core";
import { describe, expect, it } from "vitest";
import { ART, GLASSHOUSE_COVER, OKORO_ID, SALTWATER_COVER, SOURCE, codeOf, createItunes, ctx, itunesSong, useItunesSimulator } from "./instance.ts";
import { FEED_ROUTE, LOOKUP_ROUTE, type ItunesSimulator } from "./simulator.ts";

let sim: ItunesSimulator;
let itunesSource: SourceMethods;
useItunesSimulator((started) => ({ sim, itunesSource } = started));

const feed = (country: string) => `GET /api/v2/${country}/music/most-played/100/songs.json`;

describe("the chart list", () => {
  it("is one chart per configured storefront, in order, named and dated by its feed", async () => {
    const list = (await itunesSource.rank(undefined, ctx())) as RankList;
    expect(list).toEqual({
      source: SOURCE,
      list: [
        { source: SOURCE, id: "us", name: "Top Songs (US)", cover: SALTWATER_COVER, updateAt: "2025-03-14T09:05:07.000Z" },
        { source: SOURCE, id: "gb", name: "Top Songs (GB)", cover: GLASSHOUSE_COVER, updateAt: "2025-03-14T08:59:41.000Z" },
        { source: SOURCE, id: "jp", name: "Top Songs (JP)", cover: GLASSHOUSE_COVER, updateAt: "2025-03-13T23:10:02.000Z" },
        { source: SOURCE, id: "de", name: "Top Songs (DE)", cover: GLASSHOUSE_COVER, updateAt: "2025-03-14T07:30:00.000Z" },
        { source: SOURCE, id: "fr", name: "Top Songs (FR)", cover: SALTWATER_COVER, updateAt: "2025-03-14T07:31:15.000Z" },
      ],
    });
    expect(sim.calls.get(FEED_ROUTE)).toBe(5);
    expect(sim.calls.get(LOOKUP_ROUTE)).toBeUndefined();
  });

  it("leaves out a configured storefront without a feed, and says so in the log", async () => {
    const { methods, logs } = createItunes({ baseURL: sim.url, chartsBaseURL: sim.url, chartCountries: ["zz", "jp"] });
    const list = (await methods.rank(undefined, ctx())) as RankList;
    expect(list.list.map((c) => c.id)).toEqual(["jp"]);
    expect(logs).toEqual(['warn [music:itunes] no most-played chart for storefront "zz"; it is left out of the chart list']);
    // A chart the list leaves out is 3001 when asked for.
    expect(await codeOf(() => methods.rank("zz", ctx()))).toBe(3001);
  });
});

describe("a chart", () => {
  it("of 100 songs costs exactly two requests: the feed, then one lookup of all its ids", async () => {
    const chart = (await itunesSource.rank("us", ctx())) as RankDetail;
    expect(chart).toMatchObject({ source: SOURCE, id: "us", name: "Top Songs (US)", cover: SALTWATER_COVER, updateAt: "2025-03-14T09:05:07.000Z" });
    expect(chart.song).toHaveLength(100);
    expect(sim.totalCalls()).toBe(2);
    expect(sim.log[0]).toBe(feed("us"));
    const lookup = new URL(sim.log[1].slice("GET ".length), sim.url);
    expect([lookup.pathname, lookup.searchParams.get("country"), lookup.searchParams.get("limit")]).toEqual(["/lookup", "us", "200"]);
    const ids = lookup.searchParams.get("id")!.split(",");
    expect(ids).toHaveLength(100);
    expect(ids.slice(0, 3)).toEqual(["1600000021", "1700000001", "1799999991"]);
  });

  it("takes durations, albums and previews from the lookup, in the feed's order", async () => {
    const chart = (await itunesSource.rank("us", ctx())) as RankDetail;
    expect(chart.song[0]).toEqual(
      itunesSong({ id: "1600000021", name: "Saltwater Radio", artist: ["Okoro & The Tide"], artistId: OKORO_ID, album: "Saltwater Radio - Single", albumId: "1600000020", duration: 200, cover: SALTWATER_COVER }),
    );
    expect(chart.song[1]).toEqual(
      itunesSong({
        id: "1700000001",
        name: "Amber Harbour",
        artist: ["Mira Castell"],
        artistId: "1500000300",
        album: "Amber Harbour",
        albumId: "1700000000",
        duration: 150,
        cover: `${ART}/Music221/v4/c0/00/7e/c0007e11-2233-4455-6677-8899aabbcc00/chart0.jpg/600x600bb.jpg`,
      }),
    );
    expect(chart.song[99]).toMatchObject({ id: "1600000011", name: "Morning Static", duration: 204 });
  });

  it("keeps an entry the lookup does not return, with what the feed knows (no duration, not available)", async () => {
    const chart = (await itunesSource.rank("us", ctx())) as RankDetail;
    expect(chart.song[2]).toEqual(
      itunesSong({ id: "1799999991", name: "Yesterday's Number One", artist: ["Okoro & The Tide"], artistId: OKORO_ID, album: "", albumId: "1799999990", duration: 0, cover: SALTWATER_COVER, available: false, explicit: null }),
    );
  });

  it("looks songs up in the chart's own storefront", async () => {
    const chart = (await itunesSource.rank("gb", ctx())) as RankDetail;
    expect(chart.song.map((s) => s.name)).toEqual(["Paper Kites", "Saltwater Radio", "Lowlight"]);
    expect(sim.log).toEqual([feed("gb"), "GET /lookup?id=1600000012,1600000021,1600000013&limit=200&country=gb"]);
  });

  it("an empty feed is a chart without songs, for one request", async () => {
    sim.fault({ kind: "json", body: { feed: { title: "Top Songs", updated: "Fri, 14 Mar 2025 09:05:07 +0000", results: [] } } }, FEED_ROUTE);
    const chart = (await itunesSource.rank("de", ctx())) as RankDetail;
    expect([chart.song, chart.cover, sim.totalCalls()]).toEqual([[], null, 1]);
  });

  it("a chart id that is not a configured storefront is 3001 without a request", async () => {
    for (const id of ["zz", "US", "us/../../x", "", "1600000011"]) {
      expect(await codeOf(() => itunesSource.rank(id, ctx()))).toBe(3001);
    }
    expect(sim.totalCalls()).toBe(0);
  });
});

/**
 * Apple's failures: HTTP 400 refusals with `errorMessage` (2002 carrying Apple's words), other
 * statuses, unknown ids (`resultCount` 0, 3001), ids that cannot be Apple's (3001 without a
 * request), answers the mapping cannot use (2003, the field named in the log), and the options.
 */
import type { SourceMethods } from "@music-aggregator/core";
import { testClientFactory } from "@music-aggregator/core/testing";
import { describe, expect, it, vi } from "vitest";
import { ItunesApi } from "../api.ts";
import itunes from "../index.ts";
import { codeOf, createItunes, ctx, useItunesSimulator } from "./instance.ts";
import { FEED_ROUTE, LOOKUP_ROUTE, SEARCH_ROUTE, type ItunesSimulator } from "./simulator.ts";

const answer = (body: unknown) => ({ kind: "status" as const, status: 200, body: JSON.stringify(body), headers: { "content-type": "text/javascript; charset=utf-8" } });
const song = { wrapperType: "track", kind: "song", trackId: 1600000011, trackName: "Morning Static", artistName: "Juniper Lane", trackTimeMillis: 204433 };

let sim: ItunesSimulator;
let itunesSource: SourceMethods;
useItunesSimulator((started) => ({ sim, itunesSource } = started));

describe("HTTP failures", () => {
  it("Apple's 400 refusal is 2002; Apple's message for the log only", async () => {
    // The plugin never sends a bad id, so the refusal is asked for through the API directly.
    const http = testClientFactory({ timeoutMs: 2000, retries: 0, maxBodyBytes: 1 << 20, userAgent: "itunes-plugin-tests/1.0" });
    const api = new ItunesApi(http.create({ name: "iTunes", baseURL: sim.url }), "us");
    await expect(api.lookup(["one,two"])).rejects.toMatchObject({
      code: 2002,
      upstreamStatus: 400,
      message: "iTunes refused /lookup (HTTP 400)",
      said: "Invalid value(s) for key(s): [id]",
    });
  });

  it("a 400 without Apple's error object, and other 4xx, are 2002 with the status", async () => {
    sim.fault({ kind: "status", status: 400, body: "Bad Request" }, LOOKUP_ROUTE);
    await expect(itunesSource.song("1600000011", ctx())).rejects.toMatchObject({ code: 2002, message: "iTunes answered HTTP 400 for /lookup" });
    sim.fault({ kind: "status", status: 403, body: "<html>Forbidden</html>" }, LOOKUP_ROUTE);
    await expect(itunesSource.album("1600000010", ctx())).rejects.toMatchObject({ code: 2002, upstreamStatus: 403 });
  });

  it("the feeds: a 5xx is 2002, a page that is not JSON 2003, for the list and for a chart", async () => {
    sim.fault({ kind: "status", status: 500 }, FEED_ROUTE);
    expect(await codeOf(() => itunesSource.rank(undefined, ctx()))).toBe(2002);
    // The list fails with its first failed feed; the other four were asked all the same.
    await vi.waitFor(() => expect(sim.calls.get(FEED_ROUTE)).toBe(5));
    sim.fault({ kind: "html" }, FEED_ROUTE);
    expect(await codeOf(() => itunesSource.rank("us", ctx()))).toBe(2003);
    expect(sim.calls.get(LOOKUP_ROUTE)).toBeUndefined();
  });

  it("the chart's lookup failing fails the chart (2002), after its feed", async () => {
    sim.fault({ kind: "status", status: 503 }, LOOKUP_ROUTE);
    expect(await codeOf(() => itunesSource.rank("jp", ctx()))).toBe(2002);
    expect([sim.calls.get(FEED_ROUTE), sim.calls.get(LOOKUP_ROUTE)]).toEqual([1, 1]);
  });
});

describe("ids", () => {
  it("an id that is not digits is 3001 without asking Apple", async () => {
    for (const id of ["-1", "abc", "1600000011,1600000012", "1600000011&entity=song", "1".repeat(21), ""]) {
      expect(await codeOf(() => itunesSource.song(id, ctx()))).toBe(3001);
      expect(await codeOf(() => itunesSource.url(id, "standard", ctx()))).toBe(3001);
      expect(await codeOf(() => itunesSource.album(id, ctx()))).toBe(3001);
      expect(await codeOf(() => itunesSource.artist(id, ctx()))).toBe(3001);
    }
    expect(sim.totalCalls()).toBe(0);
  });

  it("resultCount 0 is 3001", async () => {
    sim.fault(answer({ resultCount: 0, results: [] }), LOOKUP_ROUTE);
    await expect(itunesSource.artist("1500000101", ctx())).rejects.toMatchObject({ code: 3001, message: "iTunes has no artist 1500000101" });
  });
});

describe("answers the mapping cannot use are 2003, the field named in the log", () => {
  const parseError = (field: string) => ({ code: 2003, message: expect.stringMatching(/ is not understood$/), said: expect.stringContaining(`${field}: `) });

  it("a song without its name", async () => {
    const { trackName: _, ...nameless } = song;
    sim.fault(answer({ resultCount: 1, results: [nameless] }), LOOKUP_ROUTE);
    await expect(itunesSource.song("1600000011", ctx())).rejects.toMatchObject(parseError("results.0.trackName"));
  });

  it("a duration that is not a number of milliseconds", async () => {
    sim.fault(answer({ resultCount: 1, results: [{ ...song, trackTimeMillis: "3:24" }] }), LOOKUP_ROUTE);
    await expect(itunesSource.song("1600000011", ctx())).rejects.toMatchObject(parseError("results.0.trackTimeMillis"));
  });

  it("a result without a wrapperType, and an answer without results", async () => {
    sim.fault(answer({ resultCount: 1, results: [{ trackId: 1 }] }), SEARCH_ROUTE);
    await expect(itunesSource.search({ q: "x", page: 1, size: 5 }, ctx())).rejects.toMatchObject(parseError("results.0.wrapperType"));
    sim.fault(answer({ resultCount: 0 }), SEARCH_ROUTE);
    await expect(itunesSource.search({ q: "x", page: 1, size: 5 }, ctx())).rejects.toMatchObject(parseError("results"));
  });

  it("a feed whose date is not a date, or whose entry id is not digits", async () => {
    sim.fault({ kind: "json", body: { feed: { title: "Top Songs", updated: "yesterday", results: [] } } }, FEED_ROUTE);
    await expect(itunesSource.rank("us", ctx())).rejects.toMatchObject(parseError("feed.updated"));
    const entry = { id: "pl.u-abc", name: "x", artistName: "y" };
    sim.fault({ kind: "json", body: { feed: { title: "Top Songs", updated: "Fri, 14 Mar 2025 09:05:07 +0000", results: [entry] } } }, FEED_ROUTE);
    await expect(itunesSource.rank("us", ctx())).rejects.toMatchObject(parseError("feed.results.0.id"));
  });

  it("entries of other kinds (a music video) are left out, yet count toward the total", async () => {
    const video = { wrapperType: "track", kind: "music-video", trackId: 99, trackName: "A Video", artistName: "Juniper Lane" };
    sim.fault(answer({ resultCount: 2, results: [video, song] }), SEARCH_ROUTE);
    const result = await itunesSource.search({ q: "juniper", page: 1, size: 2 }, ctx());
    expect([result.total, result.list.map((s) => s.id)]).toEqual([3, ["1600000011"]]);
  });
});

describe("options", () => {
  it("default to Apple's hosts, the US storefront, five charts and 20 requests a minute", () => {
    expect(itunes.options.parse({})).toEqual({
      baseURL: "https://itunes.apple.com",
      chartsBaseURL: "https://rss.applemarketingtools.com",
      country: "us",
      chartCountries: ["us", "gb", "jp", "de", "fr"],
      requestsPerMinute: 20,
    });
  });

  it("refuse unknown keys, countries that are not two lowercase letters, and repeated charts", () => {
    for (const bad of [{ baseUrl: "http://x" }, { country: "USA" }, { country: "US" }, { chartCountries: [] }, { chartCountries: ["us", "us"] }, { chartCountries: ["u/s"] }, { requestsPerMinute: 0 }]) {
      expect(itunes.options.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("send the configured User-Agent, else the service's, to both upstreams", async () => {
    const { methods } = createItunes({ baseURL: sim.url, chartsBaseURL: sim.url, userAgent: "my-site-music/2.0 (+https://example.org)" });
    await methods.rank("de", ctx());
    await itunesSource.song("1600000011", ctx());
    expect(sim.userAgents).toEqual(["my-site-music/2.0 (+https://example.org)", "my-site-music/2.0 (+https://example.org)", "itunes-plugin-tests/1.0"]);
  });
});

describe("the request budget", () => {
  it("allows requestsPerMinute per upstream; past it a call is 2002 without reaching Apple", async () => {
    const { methods } = createItunes({ baseURL: sim.url, chartsBaseURL: sim.url, requestsPerMinute: 2 });
    await methods.song("1600000011", ctx());
    await methods.album("1600000010", ctx());
    const spent = { code: 2002, message: "iTunes request budget of 2 per 60 s is used up" };
    await expect(methods.artist("1500000101", ctx())).rejects.toMatchObject(spent);
    // The feeds have a budget of their own: a chart's feed still comes, its lookup does not.
    await expect(methods.rank("de", ctx())).rejects.toMatchObject(spent);
    expect([sim.calls.get(LOOKUP_ROUTE), sim.calls.get(FEED_ROUTE)]).toEqual([2, 1]);
  });
});

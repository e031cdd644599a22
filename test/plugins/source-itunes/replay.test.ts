/**
 * The plugin against real recorded Apple answers (run when `../shared/recordings` sits beside
 * the project): the mapped values of known records, and the recorded empty answers. Requests
 * the recordings do not hold as such are answered from recorded material (`recorded.ts`).
 */
import type { RankDetail, SourceLookups, SourceMethods } from "@music-aggregator/core";
import { startReplaySimulator, type ReplaySimulator, testClientFactory } from "@music-aggregator/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasRecordings, sharedRecordings } from "../../support/recordings.ts";
import { AppleCharts } from "../../../plugins/source-itunes/api.ts";
import { chartItem } from "../../../plugins/source-itunes/charts.ts";
import { SOURCE, codeOf, createItunes, ctx, itunesSong } from "../../../plugins/source-itunes/test/instance.ts";
import { fromRecorded, storefrontAnySort } from "../../../plugins/source-itunes/test/recorded.ts";

const MZ = "https://is3-ssl.mzstatic.com/image/thumb";

describe.skipIf(!hasRecordings("itunes"))("replay of recorded iTunes answers", () => {
  let sim: ReplaySimulator;
  let us: SourceMethods;
  let gb: SourceMethods;
  beforeAll(async () => {
    const recordings = sharedRecordings("itunes");
    sim = await startReplaySimulator(recordings, { normalise: storefrontAnySort, fallback: fromRecorded(recordings) });
    us = createItunes({ baseURL: sim.url }).methods;
    gb = createItunes({ baseURL: sim.url, country: "gb" }).methods;
  });
  afterAll(async () => {
    // Every request the plugin made was answered from recorded material.
    expect(sim.misses).toEqual([]);
    await sim.close();
  });

  it("album 1728639278, answered by its own recording: the collection, then six songs", async () => {
    const album = await us.album("1728639278", ctx());
    expect(album).toMatchObject({
      source: SOURCE,
      id: "1728639278",
      name: "Nightmare·Escape The ERA - EP",
      artist: ["Dreamcatcher"],
      cover: "https://is1-ssl.mzstatic.com/image/thumb/Music116/v4/0e/a4/29/0ea429d0-fcf0-6f98-d433-d2fa4700fc37/cover_KM0019454_1.jpg/600x600bb.jpg",
      publishAt: "2018-05-10",
    });
    expect(album.song.map((s) => [s.name, s.duration])).toEqual([
      ["INSIDE-OUTSIDE (Intro)", 84], ["YOU AND I", 195], ["Mayday", 185], ["Which a star", 248], ["Scar", 197], ["YOU AND I (Instrumental)", 195],
    ]);
    expect(sim.served.at(-1)).toEqual({ key: "GET /lookup?country=us&entity=song&id=1728639278&limit=200", recorded: true });
  });

  it("the upc look-up: barcode 5024545486520 is Burial's Untrue, from the recorded barcode lookup", async () => {
    const albums = await (us as SourceMethods & SourceLookups).upc("5024545486520", ctx());
    expect(albums).toEqual([
      expect.objectContaining({ source: SOURCE, id: "266624253", name: "Untrue", artist: ["Burial"], publishAt: "2007-11-05", upc: "5024545486520", link: "https://itunes.apple.com/us/album/untrue/id266624253?uo=4" }),
    ]);
    expect(sim.served.at(-1)).toEqual({ key: expect.stringContaining("upc=5024545486520"), recorded: false });
  });

  it("album 1440742903: two discs, the second after the first", async () => {
    const album = await us.album("1440742903", ctx());
    expect(album).toMatchObject({ name: "My Beautiful Dark Twisted Fantasy", artist: ["Kanye West"], publishAt: "2010-11-22" });
    expect(album.cover).toBe(`${MZ}/Music113/v4/1d/8a/2e/1d8a2e21-254a-09d9-7489-0c120b8df1aa/source/600x600bb.jpg`);
    expect(album.song).toHaveLength(14);
    expect(album.song[1]).toMatchObject({ id: "1440742905", name: "Gorgeous (feat. Kid Cudi & Raekwon)", artist: ["Kanye West"], duration: 358, available: true });
    // Not streamable on Apple Music, yet its preview is public; its version is in trackCensoredName only.
    expect(album.song.at(-1)).toMatchObject({ id: "1440743022", name: "See Me Now (feat. Beyoncé, Charlie Wilson & Big Sean) [Bonus Track]", available: true, vip: false });
    // Explicit lyrics as Apple marks them.
    expect(album.song.map((s) => s.explicit)).toEqual(Array(14).fill(true));
  });

  it("a song's own release date, not its album's", async () => {
    expect(await us.song("1440742907", ctx())).toMatchObject({ name: "Power", album: "My Beautiful Dark Twisted Fantasy", albumId: "1440742903", duration: 292, publishAt: "2010-05-28", quality: ["standard"] });
  });

  it("the GB storefront: song 1038991877 and its preview", async () => {
    const cover = "http://is4.mzstatic.com/image/thumb/Music3/v4/ee/f9/ed/eef9ed9f-5539-6356-319c-d91676811eab/source/600x600bb.jpg";
    expect(await gb.song("1038991877", ctx())).toEqual({
      ...itunesSong({ id: "1038991877", name: "Raining Blood", artist: ["Slayer"], artistId: "414425", album: "Reign In Blood", albumId: "1038991417", duration: 222, cover }),
      quality: ["standard"],
      publishAt: "1986-10-07",
      link: "https://itunes.apple.com/gb/album/raining-blood/id1038991417?i=1038991877&uo=4",
    });
    expect(await gb.url("1038991877", "high", ctx())).toEqual({
      source: SOURCE,
      id: "1038991877",
      url: "http://a622.phobos.apple.com/us/r30/Music3/v4/73/d8/85/73d885fe-d3ae-78c0-055a-345bb8c385ac/mzaf_3991867579915407602.plus.aac.p.m4a",
      quality: "standard",
      bitrate: 256,
      size: null,
      expireAt: null,
      preview: true,
    });
  });

  it("albums of the GB storefront, one of two discs", async () => {
    const reign = await gb.album("1038991417", ctx());
    expect([reign.name, reign.song.length, reign.song.at(-1)?.name]).toEqual(["Reign In Blood", 10, "Raining Blood"]);
    const hunter = await gb.album("696312806", ctx());
    expect([hunter.name, hunter.artist, hunter.publishAt, hunter.song.length]).toEqual(["Ed Hunter", ["Iron Maiden"], "1999-05-17", 20]);
    expect(hunter.song.slice(13, 15).map((s) => s.name)).toEqual(["Hallowed Be Thy Name (1998 Remaster)", "Run to the Hills (1998 Remaster)"]);
  });

  it("artist 414425 from its recorded entry and songs; no picture", async () => {
    const artist = await gb.artist("414425", ctx());
    expect(artist).toMatchObject({ id: "414425", name: "Slayer", avatar: null, link: "https://itunes.apple.com/gb/artist/slayer/id414425?uo=4" });
    expect(artist.song.map((s) => s.name)).toContain("Angel of Death");
    expect(new Set(artist.song.map((s) => s.artist[0]))).toEqual(new Set(["Slayer"]));
  });

  it('search "Jose James": pages and the lower bound of the total', async () => {
    const first = await us.search({ q: "Jose James", page: 1, size: 5 }, ctx());
    expect(first.total).toBe(6);
    expect(first.list[0]).toEqual(
      itunesSong({
        id: "561710598",
        name: "It's All Over Your Body",
        artist: ["José James"],
        artistId: "467392350",
        album: "It's All Over Your Body EP",
        albumId: "561710595",
        duration: 329,
        // The 2012 artwork host wrote the size into the file name: left as it is.
        cover: "http://a480.phobos.apple.com/us/r1000/119/Music/v4/77/6f/90/776f90ea-eaf8-b9ee-0b34-d11278ebc820/5099901788952_1500x1500_300dpi.100x100-75.jpg",
      }),
    );
    const last = await us.search({ q: "Jose James", page: 10, size: 5 }, ctx());
    expect([last.total, last.list.map((s) => s.name)]).toEqual([49, ["Love", "Spirits Up Above", "Red", "Nola"]]);
  });

  it("recorded empty answers and ids of another kind are 3001", async () => {
    // `resultCount: 0`, recorded for an album id Apple does not know.
    expect(await codeOf(() => gb.album("999666", ctx()))).toBe(3001);
    // An album's id asked as a song finds the album and its songs, not a song of that id.
    expect(await codeOf(() => gb.song("1038991417", ctx()))).toBe(3001);
  });
});

describe.skipIf(!hasRecordings("apple-rss"))("replay of recorded Apple RSS feeds", () => {
  let sim: ReplaySimulator;
  let charts: AppleCharts;
  beforeAll(async () => {
    sim = await startReplaySimulator(sharedRecordings("apple-rss"));
    const http = testClientFactory({ timeoutMs: 2000, retries: 0, maxBodyBytes: 1 << 20, userAgent: "itunes-replay/1.0" });
    charts = new AppleCharts(http.create({ name: "Apple RSS", baseURL: sim.url }));
  });
  afterAll(async () => {
    expect(sim.misses).toEqual([]);
    await sim.close();
  });

  // Only album feeds of the older v1 generator were recorded; their header and entries have
  // the shape of today's v2 song feeds, so they show the feed reading and the chart header.
  it("a v1 top-albums feed as a chart: titled, dated in UTC, covered by its first entry", async () => {
    const feed = await charts.feed("/api/v1/us/apple-music/top-albums/all/100/explicit.json");
    expect(feed.results).toHaveLength(100);
    expect(chartItem(feed, "us", SOURCE)).toEqual({
      source: SOURCE,
      id: "us",
      name: "Top Albums (US)",
      cover: "https://is5-ssl.mzstatic.com/image/thumb/Music113/v4/d1/96/17/d1961778-9fe0-2ad8-0a60-46e74b36a31f/886447710180.jpg/600x600bb.png",
      updateAt: "2019-05-17T08:42:26.000Z",
    } satisfies Omit<RankDetail, "song">);
  });

  it("the coming-soon feed", async () => {
    const feed = await charts.feed("/api/v1/us/apple-music/coming-soon/all/10/explicit.json");
    expect([chartItem(feed, "us", SOURCE).name, chartItem(feed, "us", SOURCE).updateAt, feed.results.length]).toEqual(["Coming Soon (US)", "2020-07-10T08:48:28.000Z", 10]);
  });
});

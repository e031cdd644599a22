/**
 * Albums, artists, playlists and charts against the simulator: mapped values, and exactly
 * which upstream calls each makes (a playlist's header and whole track list per page, an
 * artist's most played tracks, one call per chart and none for the chart list).
 */
import { describe, expect, it } from "vitest";
import type { RankDetail, SourceMethods } from "@music-aggregator/core";
import { IMG, SOURCE, audiusSong, codeOf, ctx, useAudiusSimulator } from "./instance.ts";
import { ROUTES, type AudiusSimulator } from "./simulator.ts";

let sim: AudiusSimulator;
let audiusSource: SourceMethods;
useAudiusSimulator((started) => ({ sim, audiusSource } = started));

const Q = "app_name=aggregator-tests";
const LOW_TIDE_COVER = `${IMG}/01HZQ6AAA1B2C3D4E5F6G7H8J9/480x480.jpg`;
const LOW_TIDE = { album: "Low Tide Signals", albumId: "pL7Qa" };

describe("album", () => {
  it("maps the header and every track, each track's album being the album itself", async () => {
    expect(await audiusSource.album("pL7Qa", ctx())).toEqual({
      source: SOURCE,
      id: "pL7Qa",
      name: "Low Tide Signals",
      artist: ["Harbor Static"],
      cover: LOW_TIDE_COVER,
      publishAt: "2023-04-14",
      song: [
        audiusSong({ id: "aZ4kP", popularity: 48211, name: "Neon Tidepool", artist: ["Harbor Static"], artistId: "Wq3nE", duration: 214, cover: `${IMG}/01HZQ4AAA1B2C3D4E5F6G7H8J9/480x480.jpg`, ...LOW_TIDE }),
        audiusSong({ id: "fT6hJ", popularity: 90422, name: "Salt Circuit", artist: ["Harbor Static"], artistId: "Wq3nE", duration: 188, cover: `${IMG}/01HZQ4BBB1B2C3D4E5F6G7H8J9/480x480.jpg`, ...LOW_TIDE }),
        audiusSong({ id: "bY2mQ", popularity: 1503, name: "Glass Harbor", artist: ["Harbor Static"], artistId: "Wq3nE", duration: 241, cover: `${IMG}/01HZQ4CCC1B2C3D4E5F6G7H8J9/480x480.jpg`, ...LOW_TIDE, available: false, vip: true }),
      ],
      link: "https://audius.co/harborstatic/album/low-tide-signals",
      // typed with hyphens and a leading 0: its plain form
      upc: "192026020015",
    });
    expect(sim.log.sort()).toEqual([`GET /v1/playlists/pL7Qa/tracks?${Q}`, `GET /v1/playlists/pL7Qa?${Q}`]);
  });

  it("an album without artwork or release date has a null cover and publishAt, and a barcode that fails its check digit is left out", async () => {
    const album = await audiusSource.album("Qz5rT", ctx());
    expect(album).toMatchObject({ name: "Greenhouse Static", artist: ["Orchid Tapes Collective"], cover: null, publishAt: null });
    // its barcode's check digit is wrong: no barcode
    expect(album.upc).toBeUndefined();
    expect(album.song.map((s) => [s.id, s.album, s.albumId, s.vip])).toEqual([["kP5zQ", "Greenhouse Static", "Qz5rT", false], ["gU8kD", "Greenhouse Static", "Qz5rT", true]]);
  });

  it("is 3001 for a playlist that is not an album, and for an id Audius answers with an empty list", async () => {
    await expect(audiusSource.album("mN3bV", ctx())).rejects.toMatchObject({ code: 3001, message: "Audius mN3bV is a playlist, not an album" });
    await expect(audiusSource.album("zZz9Q", ctx())).rejects.toMatchObject({ code: 3001, message: "Audius has no album zZz9Q" });
  });
});

describe("artist", () => {
  it("maps /v1/users/{id} and up to 50 of its tracks, most played first", async () => {
    expect(await audiusSource.artist("Wq3nE", ctx())).toEqual({
      source: SOURCE,
      id: "Wq3nE",
      name: "Harbor Static",
      avatar: `${IMG}/01HZQ3MNV8T0W5X2Y7K4P9R6SA/480x480.jpg`,
      song: [
        audiusSong({ id: "fT6hJ", popularity: 90422, name: "Salt Circuit", artist: ["Harbor Static"], artistId: "Wq3nE", duration: 188, cover: `${IMG}/01HZQ4BBB1B2C3D4E5F6G7H8J9/480x480.jpg`, ...LOW_TIDE }),
        audiusSong({ id: "aZ4kP", popularity: 48211, name: "Neon Tidepool", artist: ["Harbor Static"], artistId: "Wq3nE", duration: 214, cover: `${IMG}/01HZQ4AAA1B2C3D4E5F6G7H8J9/480x480.jpg`, ...LOW_TIDE }),
        audiusSong({ id: "bY2mQ", popularity: 1503, name: "Glass Harbor", artist: ["Harbor Static"], artistId: "Wq3nE", duration: 241, cover: `${IMG}/01HZQ4CCC1B2C3D4E5F6G7H8J9/480x480.jpg`, ...LOW_TIDE, available: false, vip: true }),
      ],
      link: "https://audius.co/harborstatic",
    });
    expect(sim.log.sort()).toEqual([
      `GET /v1/users/Wq3nE/tracks?sort=plays&sort_method=plays&sort_direction=desc&limit=50&${Q}`,
      `GET /v1/users/Wq3nE?${Q}`,
    ]);
  });

  it("an artist without a profile picture has a null avatar", async () => {
    const artist = await audiusSource.artist("Rk8vZ", ctx());
    expect([artist.name, artist.avatar, artist.song.length]).toEqual(["Lumen Vale", null, 6]);
    expect(artist.song[0].id).toBe("sM1oX");
  });
});

describe("playlist", () => {
  it("cuts the requested page from the whole track list, with the header's name, cover, creator and count", async () => {
    const playlist = await audiusSource.playlist("mN3bV", { page: 1, size: 3 }, ctx());
    expect(playlist).toMatchObject({
      source: SOURCE,
      id: "mN3bV",
      name: "Night Drive Sessions",
      cover: `${IMG}/01HZQ6BBB1B2C3D4E5F6G7H8J9/480x480.jpg`,
      creator: "Lumen Vale",
      count: 8,
      page: 1,
      size: 3,
      total: 8,
      hasMore: true,
    });
    expect(playlist.song.map((s) => [s.id, s.available, s.vip])).toEqual([["aZ4kP", true, false], ["sM1oX", true, false], ["dW5pS", false, true]]);
    // The tracks endpoint takes no paging parameters: the page is cut here.
    expect(sim.log.sort()).toEqual([`GET /v1/playlists/mN3bV/tracks?${Q}`, `GET /v1/playlists/mN3bV?${Q}`]);
  });

  it("page 2 goes on where page 1 stopped; the last page says there is no more", async () => {
    const second = await audiusSource.playlist("mN3bV", { page: 2, size: 3 }, ctx());
    expect(second.song.map((s) => [s.id, s.name, s.available])).toEqual([["tL6uE", "Amber Exit", true], ["cX9nR", "Ghost Relay", false], ["vK2iO", "Midnight Ferry", true]]);
    expect([second.page, second.total, second.hasMore]).toEqual([2, 8, true]);
    const third = await audiusSource.playlist("mN3bV", { page: 3, size: 3 }, ctx());
    expect(third.song.map((s) => s.id)).toEqual(["fT6hJ", "wJ8yA"]);
    expect([third.page, third.hasMore]).toEqual([3, false]);
    const past = await audiusSource.playlist("mN3bV", { page: 4, size: 3 }, ctx());
    expect([past.song, past.total, past.hasMore]).toEqual([[], 8, false]);
    expect(sim.calls.get(ROUTES.playlistTracks)).toBe(3);
  });

  it("counts the header's track_count, but pages (total, hasMore) through the tracks Audius lists", async () => {
    // Nodes that leave gated tracks out of the list answer fewer tracks than the header counts.
    const listed = ["aZ4kP", "sM1oX", "tL6uE", "cX9nR", "vK2iO", "fT6hJ", "wJ8yA"];
    const full = (await fetch(`${sim.url}/v1/playlists/mN3bV/tracks`).then((r) => r.json())) as { data: { id: string }[] };
    sim.fault({ kind: "json", body: { data: full.data.filter((t) => listed.includes(t.id)) } }, ROUTES.playlistTracks);
    const page = await audiusSource.playlist("mN3bV", { page: 2, size: 4 }, ctx());
    expect([page.count, page.total, page.hasMore]).toEqual([8, 7, false]);
    expect(page.song.map((s) => s.id)).toEqual(["vK2iO", "fT6hJ", "wJ8yA"]);
  });

  it("serves an album as a playlist too", async () => {
    const album = await audiusSource.playlist("pL7Qa", { page: 1, size: 2 }, ctx());
    expect([album.name, album.creator, album.count, album.total, album.hasMore]).toEqual(["Low Tide Signals", "Harbor Static", 3, 3, true]);
  });

  it("hands no addresses over in bulk: Audius's track objects carry none, so the core asks url()", async () => {
    const playlist = await audiusSource.playlist("mN3bV", { page: 1, size: 3, urls: "high" }, ctx());
    expect(playlist.song.map((s) => "url" in s)).toEqual([false, false, false]);
    expect(sim.calls.get(ROUTES.stream)).toBeUndefined();
  });
});

describe("rank", () => {
  it("lists the four trending charts and the underground chart without a request", async () => {
    const item = (id: string, name: string) => ({ source: SOURCE, id, name, cover: null, updateAt: null });
    expect(await audiusSource.rank(undefined, ctx())).toEqual({
      source: SOURCE,
      list: [
        item("week", "Trending this week"),
        item("month", "Trending this month"),
        item("year", "Trending this year"),
        item("allTime", "Trending of all time"),
        item("underground", "Underground trending"),
      ],
    });
    expect(sim.totalCalls()).toBe(0);
  });

  it("maps a trending chart from /v1/tracks/trending?time=", async () => {
    const chart = (await audiusSource.rank("week", ctx())) as RankDetail;
    expect(chart).toMatchObject({ source: SOURCE, id: "week", name: "Trending this week", cover: null, updateAt: null });
    expect(chart.song.map((s) => [s.id, s.available, s.vip])).toEqual([["fT6hJ", true, false], ["aZ4kP", true, false], ["bY2mQ", false, true], ["sM1oX", true, false]]);
    expect(sim.log).toEqual([`GET /v1/tracks/trending?time=week&limit=100&${Q}`]);
  });

  it.each([
    ["month", ["sM1oX", "aZ4kP"], []],
    ["year", ["aZ4kP", "fT6hJ", "tL6uE"], []],
    // Static Bloom's answer is in the description's plain shape: its gating is asked, as alone.
    ["allTime", ["kP5zQ", "aZ4kP"], ["kP5zQ"]],
  ])("chart %s asks for its own time range", async (id, ids, gatingAsked) => {
    const chart = (await audiusSource.rank(id, ctx())) as RankDetail;
    expect(chart.song.map((s) => s.id)).toEqual(ids);
    expect(sim.log).toEqual([`GET /v1/tracks/trending?time=${id}&limit=100&${Q}`, ...gatingAsked.map((track) => `GET /v1/tracks/${track}/access-info?${Q}`)]);
  });

  it("maps the underground chart from /v1/tracks/trending/underground", async () => {
    const chart = (await audiusSource.rank("underground", ctx())) as RankDetail;
    expect([chart.name, chart.song.map((s) => s.id)]).toEqual(["Underground trending", ["tL6uE", "gU8kD", "vK2iO"]]);
    expect(sim.log).toEqual([`GET /v1/tracks/trending/underground?limit=100&${Q}`]);
  });

  it("is 3001 for any other chart id, without a request", async () => {
    for (const id of ["daily", "Week", "__proto__", "toString", "hasOwnProperty", ""]) {
      expect(await codeOf(() => audiusSource.rank(id, ctx()))).toBe(3001);
    }
    expect(sim.totalCalls()).toBe(0);
  });
});

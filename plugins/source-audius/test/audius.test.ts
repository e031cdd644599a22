/**
 * The Audius plugin against its simulator: the shared source contract, then the mapping of
 * songs, addresses and search checked value by value, with the upstream calls each one makes
 * (a gated track never reaches the stream endpoint).
 */
import { describe, expect, it } from "vitest";
import type { SongUrl, SourceMethods } from "@music-aggregator/core";
import { testSourcePlugin } from "@music-aggregator/core/testing";
import audius from "../index.ts";
import { GLASS_HARBOR } from "./fixtures/catalog.ts";
import { data, trackBody } from "./fixtures/shapes.ts";
import { IMG, NODE, SOURCE, WEB, audiusSong, codeOf, ctx, useAudiusSimulator } from "./instance.ts";
import { ROUTES, startAudiusSimulator, type AudiusSimulator } from "./simulator.ts";

testSourcePlugin({
  plugin: audius,
  async setup() {
    const simulator = await startAudiusSimulator();
    return {
      simulator,
      options: { baseURL: simulator.url },
      fixtures: {
        search: "harbor",
        song: "aZ4kP",
        vipSong: "bY2mQ",
        album: "pL7Qa",
        artist: "Wq3nE",
        playlist: "mN3bV",
        rank: "week",
        links: {
          "https://audius.co/harborstatic/neon-tidepool": { kind: "song", id: "aZ4kP" },
          "https://audius.co/harborstatic/album/low-tide-signals": { kind: "album", id: "pL7Qa" },
          "https://audius.co/lumenvale/playlist/night-drive-sessions": { kind: "playlist", id: "mN3bV" },
          "https://audius.co/harborstatic": { kind: "artist", id: "Wq3nE" },
          "https://audius.co/embed/track/aZ4kP?flavor=card": { kind: "song", id: "aZ4kP" },
          "https://audius.co/embed/album/pL7Qa": { kind: "album", id: "pL7Qa" },
        },
        missing: { song: "zZz9Q", album: "zZz9Q", artist: "zZz9Q", playlist: "zZz9Q", rank: "daily" },
      },
    };
  },
});

let sim: AudiusSimulator;
let audiusSource: SourceMethods;
useAudiusSimulator((started) => ({ sim, audiusSource } = started));

const Q = "app_name=aggregator-tests";

describe("song", () => {
  it("maps /v1/tracks/{id}: uploader as artist, backlink album, 480x480 artwork, release day, high quality", async () => {
    expect(await audiusSource.song("aZ4kP", ctx())).toEqual({
      source: SOURCE,
      id: "aZ4kP",
      name: "Neon Tidepool",
      artist: ["Harbor Static"],
      album: "Low Tide Signals",
      albumId: "pL7Qa",
      duration: 214,
      cover: `${IMG}/01HZQ4AAA1B2C3D4E5F6G7H8J9/480x480.jpg`,
      available: true,
      vip: false,
      artistId: ["Wq3nE"],
      explicit: null,
      popularity: 48211,
      quality: ["high"],
      publishAt: "2023-04-14",
      link: `${WEB}/harborstatic/neon-tidepool`,
    });
    expect(sim.log).toEqual([`GET /v1/tracks/aZ4kP?${Q}`]);
  });

  it("takes albumId from a backlink that gives the album's hashid", async () => {
    const song = await audiusSource.song("fT6hJ", ctx());
    expect([song.album, song.albumId, song.publishAt]).toEqual(["Low Tide Signals", "pL7Qa", "2023-04-14"]);
  });

  it("a backlink naming the album by Audius's internal number (as the description types it) gives the hashid /v1/album takes", async () => {
    const song = await audiusSource.song("aT1sD", ctx());
    // 73310, encoded as Audius encodes its ids.
    expect([song.album, song.albumId]).toEqual(["Paper Atlas", "DN1ZQ"]);
    expect(await audiusSource.album(song.albumId, ctx())).toMatchObject({ id: "DN1ZQ", name: "Paper Atlas" });
  });

  it.each([
    ["a purchase", "bY2mQ", "2023-05-02"],
    ["a follow", "dW5pS", "2022-11-20"],
    ["a tip", "gU8kD", "2021-09-09"],
    ["a collectible", "hN3sW", "2022-01-01"],
  ])("a track gated behind %s is vip, not available, without quality", async (_gate, id, day) => {
    expect(await audiusSource.song(id, ctx())).toMatchObject({ id, vip: true, available: false, quality: [], publishAt: day });
  });

  it("a deleted track is unavailable, not vip; one Audius refuses to anonymous listeners (access.stream false) is vip", async () => {
    expect(await audiusSource.song("cX9nR", ctx())).toMatchObject({ name: "Ghost Relay", available: false, vip: false, quality: [] });
    expect(await audiusSource.song("qR4tV", ctx())).toMatchObject({ name: "Backstage Demo", available: false, vip: true, quality: [] });
  });

  it("reads the plainer documented shape (no gating fields), asking access-info rather than assuming it free", async () => {
    expect(await audiusSource.song("kP5zQ", ctx())).toEqual({
      ...audiusSong({ id: "kP5zQ", popularity: 30550, name: "Static Bloom", artist: ["Orchid Tapes Collective"], artistId: "Jm2xL", duration: 262, cover: null }),
      quality: ["high"],
      publishAt: "2020-03-06",
      link: `${WEB}/orchidtapes/static-bloom`,
    });
    expect(sim.log).toEqual([`GET /v1/tracks/kP5zQ?${Q}`, `GET /v1/tracks/kP5zQ/access-info?${Q}`]);
  });
});

describe("gating in the documented shape (swagger) and in the current one", () => {
  it("a track on sale with a preview clip (preview_cid, the description's own sign) is vip everywhere, without asking more", async () => {
    const listed = await audiusSource.search({ q: "velvet", page: 1, size: 5 }, ctx());
    expect(listed.list.map((s) => [s.id, s.vip, s.available])).toEqual([["vE3lS", true, false]]);
    expect(await audiusSource.song("vE3lS", ctx())).toMatchObject({ vip: true, available: false, quality: [] });
    expect(await codeOf(() => audiusSource.url("vE3lS", "standard", ctx()))).toBe(3002);
    expect([sim.calls.get(ROUTES.accessInfo), sim.calls.get(ROUTES.stream)]).toEqual([undefined, undefined]);
  });

  it("a gated track whose answers carry no gating fields: access-info tells, in a list too, and no stream is asked for", async () => {
    // A list answer in the documented shape says nothing of gates: access-info is asked, so the song is VIP there as alone.
    const listed = await audiusSource.search({ q: "shuttered", page: 1, size: 5 }, ctx());
    expect(listed.list.map((s) => [s.id, s.vip])).toEqual([["xH4pD", true]]);
    sim.reset();
    expect(await audiusSource.song("xH4pD", ctx())).toMatchObject({ vip: true, available: false, quality: [] });
    expect(await codeOf(() => audiusSource.url("xH4pD", "standard", ctx()))).toBe(3002);
    expect([sim.calls.get(ROUTES.track), sim.calls.get(ROUTES.accessInfo), sim.calls.get(ROUTES.stream)]).toEqual([2, 2, undefined]);
  });

  it("the current shape's own fields are enough: no access-info call", async () => {
    expect(await audiusSource.song("bY2mQ", ctx())).toMatchObject({ vip: true });
    expect(await audiusSource.song("aZ4kP", ctx())).toMatchObject({ vip: false, available: true });
    expect(sim.calls.get(ROUTES.accessInfo)).toBeUndefined();
  });

  it("a node that can tell nothing (no gating fields, no access-info) is 2002, never a free address", async () => {
    sim.fault({ kind: "status", status: 404, body: '{"message":"Oh no! Resource not found."}' }, ROUTES.accessInfo);
    expect(await codeOf(() => audiusSource.url("kP5zQ", "standard", ctx()))).toBe(2002);
    expect(await codeOf(() => audiusSource.song("kP5zQ", ctx()))).toBe(2002);
    expect(sim.calls.get(ROUTES.stream)).toBeUndefined();
  });
});

describe("url", () => {
  it("gives the full stream from /stream?no_redirect=true: high quality, 320 kbps, no preview", async () => {
    const url = await audiusSource.url("aZ4kP", "standard", ctx());
    expect(url).toEqual({ source: SOURCE, id: "aZ4kP", url: expect.any(String), quality: "high", bitrate: 320, size: null, expireAt: null, preview: false });
    expect(url.url.startsWith(`${NODE}/tracks/cidstream/baeaaaiqseaz4kpfixturecid?signature=`)).toBe(true);
    expect(JSON.parse(new URL(url.url).searchParams.get("signature")!)).toMatchObject({ signature: "0xeaz4kpfixturecid" });
    // The track is read first, for its gates; then its stream.
    expect(sim.log).toEqual([`GET /v1/tracks/aZ4kP?${Q}`, `GET /v1/tracks/aZ4kP/stream?no_redirect=true&${Q}`]);
  });

  it("answers high whatever quality is asked (docs/decisions.md (Sources) fallback)", async () => {
    const given = await Promise.all((["standard", "high", "lossless"] as const).map((q) => audiusSource.url("sM1oX", q, ctx())));
    expect(given.map((u: SongUrl) => [u.quality, u.bitrate])).toEqual([["high", 320], ["high", 320], ["high", 320]]);
  });

  it("is 3002 for every gated track without calling the stream endpoint", async () => {
    for (const id of ["bY2mQ", "dW5pS", "gU8kD", "hN3sW"]) {
      await expect(audiusSource.url(id, "standard", ctx())).rejects.toMatchObject({ code: 3002, message: expect.stringContaining(`Audius track ${id} is gated`) });
    }
    expect(sim.calls.get(ROUTES.track)).toBe(4);
    expect(sim.calls.get(ROUTES.stream)).toBeUndefined();
  });

  it("a gate alone is enough: a gated track whose answer says nothing of access still gets no stream call", async () => {
    const { access: _access, ...withoutAccess } = trackBody(GLASS_HARBOR) as Record<string, unknown>;
    sim.fault({ kind: "json", body: data(withoutAccess) }, ROUTES.track);
    expect(await codeOf(() => audiusSource.url("bY2mQ", "standard", ctx()))).toBe(3002);
    sim.fault({ kind: "json", body: data({ ...withoutAccess, is_stream_gated: false }) }, ROUTES.track);
    expect(await codeOf(() => audiusSource.url("bY2mQ", "standard", ctx()))).toBe(3002);
    expect(sim.calls.get(ROUTES.stream)).toBeUndefined();
  });

  it("is 3001 for a deleted track and 3002 for one Audius refuses anonymous listeners, both without a stream call", async () => {
    expect(await codeOf(() => audiusSource.url("cX9nR", "standard", ctx()))).toBe(3001);
    expect(await codeOf(() => audiusSource.url("qR4tV", "standard", ctx()))).toBe(3002);
    expect(sim.calls.get(ROUTES.stream)).toBeUndefined();
  });

  it("is 3002 when the stream endpoint answers 403 for a track its metadata calls open", async () => {
    await expect(audiusSource.url("nB7cY", "standard", ctx())).rejects.toMatchObject({
      code: 3002,
      message: "Audius refuses to stream track nB7cY: no public address is given",
      said: "Oh no! User does not have access to that resource.",
    });
    expect(sim.calls.get(ROUTES.stream)).toBe(1);
  });
});

describe("search", () => {
  it("turns page/size into offset/limit, asking one more to learn whether a next page exists", async () => {
    const result = await audiusSource.search({ q: "lumen", page: 2, size: 2 }, ctx());
    expect(result.list).toEqual([
      audiusSong({ id: "sM1oX", popularity: 15022, name: "Coastal Highway", artist: ["Lumen Vale"], artistId: "Rk8vZ", duration: 231, cover: `${IMG}/01HZQ7A1B2C3D4E5F6G7H8J9KM/480x480.jpg` }),
      audiusSong({ id: "tL6uE", popularity: 8800, name: "Amber Exit", artist: ["Lumen Vale"], artistId: "Rk8vZ", duration: 205, cover: `${IMG}/01HZQ7B1B2C3D4E5F6G7H8J9KM/480x480.jpg` }),
    ]);
    // Offset 2, three seen: at least 5 exist, so the caller knows page 3 is there.
    expect(result.total).toBe(5);
    expect(sim.log).toEqual([`GET /v1/tracks/search?query=lumen&offset=2&limit=3&${Q}`]);
  });

  it("the total stops at what was seen on the last page, and is 0 past the end", async () => {
    expect((await audiusSource.search({ q: "lumen", page: 3, size: 2 }, ctx())).total).toBe(6);
    expect(await audiusSource.search({ q: "lumen", page: 5, size: 2 }, ctx())).toEqual({ total: 0, list: [] });
  });

  it("flags gated and unavailable tracks in the list", async () => {
    const result = await audiusSource.search({ q: "lumen", page: 1, size: 2 }, ctx());
    expect(result.list.map((s) => [s.id, s.available, s.vip])).toEqual([["dW5pS", false, true], ["cX9nR", false, false]]);
  });
});

/**
 * The plugin against real Audius answers, as Audius's documentation publishes them (run when
 * `../shared/recordings` sits beside the project): tracks, the weekly chart, an artist and a
 * playlist header, read in their real (curated, lower-bound) shape, without the gating fields
 * current nodes add.
 *
 * The recordings were made without `app_name`, which is left out of every key. Where the
 * documentation answered a bulk request (`/v1/tracks?id=...`, `/v1/playlists?id=...`,
 * `/v1/users/search`), a single item's request is answered with that item of the recorded
 * answer, wrapped as Audius wraps single answers; a user's tracks are the recorded tracks of
 * that user, most played first. Trending without `time` is the weekly chart.
 *
 * The documented track carries no gating fields, so the plugin asks `/v1/tracks/{id}/access-info`,
 * which the documentation has no recorded answer of: it is answered by hand in the
 * description's `track_access_info` shape, open for every track but `dY99P`, which it calls
 * follow-gated.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RankDetail, SourceMethods } from "@music-aggregator/core";
import { startReplaySimulator, type Answer, type Interaction, type ReplaySimulator } from "@music-aggregator/core/testing";
import { hasRecordings, sharedRecordings } from "../../support/recordings.ts";
import { SOURCE, bindAudius, codeOf, ctx } from "../../../plugins/source-audius/test/instance.ts";

describe.skipIf(!hasRecordings("audius"))("replay of Audius's documented answers", () => {
  let sim: ReplaySimulator;
  let audiusSource: SourceMethods;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const recordings = sharedRecordings("audius");
    sim = await startReplaySimulator(recordings, { normalise: withoutIdentity, fallback: fromBulkAnswers(recordings) });
    const bound = await bindAudius({ baseURL: sim.url });
    audiusSource = bound.methods;
    close = bound.close;
  });
  afterAll(async () => {
    // Nothing recorded answers a playlist's tracks; every other request was answered.
    expect(sim.misses).toEqual(["GET /v1/playlists/ngY3k/tracks?app_name=music-aggregator"]);
    await close();
    await sim.close();
  });

  it("track 4boROp0, from its own recording", async () => {
    expect(await audiusSource.song("4boROp0", ctx())).toEqual({
      source: SOURCE,
      id: "4boROp0",
      name: "DISFRUTA",
      artist: ["frooot"],
      album: "",
      albumId: "",
      duration: 228,
      cover: "https://creatornode3.audius.co/content/01J4AHG8P5J6TB7KX9NSEVEZFF/480x480.jpg",
      available: true,
      vip: false,
      artistId: ["qm4Ya"],
      explicit: null,
      popularity: 7877,
      quality: ["high"],
      publishAt: "2024-08-02",
      link: "https://audius.co/froootmusic/disfruta",
    });
    // The recorded track says nothing of gates: access-info is asked, not assumed.
    expect(sim.served.slice(-2)).toEqual([
      { key: "GET /v1/tracks/4boROp0?", recorded: true },
      { key: "GET /v1/tracks/4boROp0/access-info?", recorded: false },
    ]);
  });

  it("a track whose release date is ISO 8601 with a time zone, gated as access-info says", async () => {
    const song = await audiusSource.song("dY99P", ctx());
    expect(song).toMatchObject({ name: "Finnuh - Crossany Sandwich", artist: ["finnuh"], duration: 159, available: false, vip: true, publishAt: "2022-06-04" });
    expect(await codeOf(() => audiusSource.url("dY99P", "standard", ctx()))).toBe(3002);
    expect(sim.served.some((s) => s.key.includes("/stream"))).toBe(false);
  });

  it("the weekly chart", async () => {
    const chart = (await audiusSource.rank("week", ctx())) as RankDetail;
    expect(chart.song.map((s) => s.id)).toEqual(["qGYwwjb", "P6zrKB0", "QxbOypB", "K9828W9", "2PglMgy"]);
    expect(chart.song[0]).toMatchObject({ name: "Hey Gina", artist: ["Estella Dawn"], duration: 175, available: true, vip: false });
    expect(chart.song.every((s) => s.cover?.endsWith("/480x480.jpg"))).toBe(true);
  });

  it("artist D8v5P and its tracks", async () => {
    const artist = await audiusSource.artist("D8v5P", ctx());
    expect(artist).toMatchObject({ id: "D8v5P", name: "finnuh", avatar: expect.stringMatching(/^https:\/\/.+\/480x480\.jpg$/) });
    expect(artist.song.map((s) => s.id)).toEqual(["PjdWN", "ljG7vrZ", "KlNXVKz", "937Zw", "dY99P", "Xkj8R", "xWyXq", "kJdqj", "3o1pE", "Jp6Yk"]);
    expect(artist.song.map((s) => s.duration).slice(0, 3)).toEqual([168, 1047, 172]);
  });

  it("a recorded playlist is no album (3001), whatever its track list", async () => {
    await expect(audiusSource.album("ngY3k", ctx())).rejects.toMatchObject({ code: 3001, message: "Audius ngY3k is a playlist, not an album" });
  });
});

/** `app_name` and `api_key` name the caller; they do not change the answer. */
function withoutIdentity(params: URLSearchParams): URLSearchParams {
  return new URLSearchParams([...params].filter(([name]) => name !== "app_name" && name !== "api_key"));
}

/** Single answers made of the documentation's bulk answers (see the file's comment). */
function fromBulkAnswers(recordings: Interaction[]) {
  const items = (path: string) =>
    recordings.filter((r) => new URL(r.url).pathname === path).flatMap((r) => (JSON.parse(r.body) as { data: { id: string }[] }).data);
  const tracks = items("/v1/tracks") as { id: string; play_count: number; user: { id: string } }[];
  const playlists = items("/v1/playlists");
  const users = items("/v1/users/search");
  const json = (data: unknown): Answer => ({ status: 200, contentType: "application/json", body: JSON.stringify({ data }) });

  return ({ url }: { url: URL }, recorded: (params: URLSearchParams) => Interaction | undefined): Answer | undefined => {
    const [, version, kind, id, more] = url.pathname.split("/");
    if (version !== "v1") return undefined;
    if (url.pathname === "/v1/tracks/trending" && (url.searchParams.get("time") ?? "week") === "week") return recorded(new URLSearchParams());
    if (kind === "tracks" && more === undefined) return pick(tracks, id, json);
    if (kind === "playlists" && more === undefined) {
      const found = playlists.find((p) => p.id === id);
      return found ? json([found]) : undefined;
    }
    if (kind === "users" && more === undefined) return pick(users, id, json);
    if (kind === "users" && more === "tracks") return json(tracks.filter((t) => t.user.id === id).sort((a, b) => b.play_count - a.play_count));
    if (kind === "tracks" && more === "access-info") return json(accessInfo(id === "dY99P"));
    return undefined;
  };
}

function pick(list: { id: string }[], id: string, json: (data: unknown) => Answer): Answer | undefined {
  const found = list.find((item) => item.id === id);
  return found ? json(found) : undefined;
}

/** `track_access_info` as the description shapes it: open, or behind a follow gate. */
function accessInfo(followGated: boolean) {
  const conditions = followGated ? { follow_user_id: 12345 } : null;
  return {
    access: { stream: !followGated, download: !followGated },
    user_id: "D8v5P",
    blocknumber: 61_250_000,
    is_stream_gated: followGated,
    stream_conditions: conditions,
    is_download_gated: followGated,
    download_conditions: conditions,
  };
}

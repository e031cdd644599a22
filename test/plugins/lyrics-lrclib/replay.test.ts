/**
 * Replays LRCLIB's real recorded answers (`../shared/recordings/lrclib`, beside the project)
 * through the provider, with the shared replay simulator. A request without a recording gets
 * LRCLIB's own answer for "nothing there": the recorded TrackNotFound 404 for `/api/get`, an
 * empty list for `/api/search`. Skipped when the recordings are absent.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ServiceError, type LyricsLookup, type LyricsProvider } from "@music-aggregator/core";
import { createMemoryLogger, startReplaySimulator, type Answer, type Interaction, type ReplaySimulator, testClientFactory } from "@music-aggregator/core/testing";
import { hasRecordings, sharedRecordings } from "../../support/recordings.ts";
import lrclib, { LrclibOptions } from "../../../plugins/lyrics-lrclib/index.ts";
import { lrcOf } from "../../../plugins/lyrics-lrclib/lrc.ts";
import { pickTrack } from "../../../plugins/lyrics-lrclib/match.ts";
import { LrclibTrack } from "../../../plugins/lyrics-lrclib/wire.ts";

describe.skipIf(!hasRecordings("lrclib"))("lrclib: replay of recorded LRCLIB answers", () => {
  let interactions: Interaction[];
  let sim: ReplaySimulator;
  /** what the replay answered, in order: the request key and whether a recording served it */
  let served: ReplaySimulator["served"];
  let provider: LyricsProvider;

  const recorded = (pathAndQuery: string) => {
    const found = interactions.find((i) => i.url.includes(pathAndQuery));
    if (!found) throw new Error(`no recording of ${pathAndQuery}`);
    return found;
  };
  const tracksOf = (interaction: Interaction) => (JSON.parse(interaction.body) as unknown[]).map((t) => LrclibTrack.parse(t));
  /** the song a recorded `/api/get` asked about, as the provider receives it */
  const songOf = (interaction: Interaction): LyricsLookup => {
    const q = new URL(interaction.url).searchParams;
    return { name: q.get("track_name")!, artist: [q.get("artist_name")!], album: q.get("album_name") ?? "", duration: Number(q.get("duration")) };
  };
  const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (e: unknown) => e as ServiceError);

  beforeAll(async () => {
    interactions = sharedRecordings("lrclib");
    const trackNotFound = interactions.find((i) => i.status === 404 && i.url.includes("/api/get?"))!;
    const nothingThere: Record<string, Answer> = {
      "/api/get": trackNotFound,
      "/api/search": { status: 200, contentType: "application/json", body: "[]" },
    };
    sim = await startReplaySimulator(interactions, { fallback: (request) => nothingThere[request.url.pathname] });
    served = sim.served;
    const http = testClientFactory({ timeoutMs: 2000, retries: 0, maxBodyBytes: 8_000_000, userAgent: "replay-tests/1.0" });
    provider = lrclib.create({ options: LrclibOptions.parse({ baseURL: sim.url }), deps: { http }, log: createMemoryLogger() });
  });
  afterAll(() => sim?.close());
  beforeEach(() => sim.reset());

  it("maps the recorded /api/get hit to its syncedLyrics, asking exactly the recorded query", async () => {
    const hit = recorded("/api/get?track_name=I+Want+to+Live");
    const expected = LrclibTrack.parse(JSON.parse(hit.body));
    const found = await provider.find(songOf(hit), {});
    expect(found).toEqual({ lyric: expected.syncedLyrics, translation: null });
    expect(found.lyric).toMatch(/^\[\d{2}:\d{2}\.\d{2}\] /);
    expect(served).toEqual([{ key: sim.keyOf("GET", new URL(hit.url)), recorded: true }]);
  });

  it("maps the recorded TrackNotFound to a search, and no result to 3001", async () => {
    const miss = recorded("/api/get?track_name=this+song+does+not+exist");
    const error = await failure(provider.find(songOf(miss), {}));
    expect(error?.code).toBe(3001);
    expect(error?.message).toBe('no lyrics found for "this song does not exist" by this artist does not exist');
    expect(served.map((s) => s.recorded)).toEqual([true, false]);
    expect(served[1].key).toBe("GET /api/search?artist_name=this+artist+does+not+exist&track_name=this+song+does+not+exist");
  });

  describe("the recorded /api/search by track and artist", () => {
    let results: LrclibTrack[];
    beforeAll(() => {
      results = tracksOf(recorded("/api/search?track_name=I+Want+to+Live&artist_name=Borislav+Slavov"));
    });
    const song = (duration: number, album = ""): LyricsLookup => ({ name: "I Want to Live", artist: ["Borislav Slavov"], album, duration });

    it("takes the one synced result within 2 s of 239 s, not the instrumental classical version beside it", async () => {
      const window = results.filter((r) => Math.abs(r.duration - 239) <= 2);
      expect(window.map((r) => r.instrumental).sort()).toEqual([false, true]);
      const expected = window.find((r) => !r.instrumental)!;
      await expect(provider.find(song(239), {})).resolves.toEqual({ lyric: expected.syncedLyrics, translation: null });
      expect(served.map((s) => [s.key.split("?")[0], s.recorded])).toEqual([["GET /api/get", false], ["GET /api/search", true]]);
    });

    it("prefers the release on the song's album (curly apostrophe and all) among many 233 s ones", async () => {
      const album = "Baldur’s Gate 3: Original Soundtrack";
      const onAlbum = results.filter((r) => r.albumName === album);
      const firstSynced = results.find((r) => r.syncedLyrics && Math.abs(r.duration - 234) <= 2)!;
      expect(onAlbum).toHaveLength(1);
      expect(onAlbum[0].syncedLyrics).not.toBe(firstSynced.syncedLyrics);
      await expect(provider.find(song(234, album), {})).resolves.toEqual({ lyric: onAlbum[0].syncedLyrics, translation: null });
    });

    it("answers 3001 saying so when the only result within 2 s is the instrumental version", async () => {
      const error = await failure(provider.find(song(282), {}));
      expect(error?.code).toBe(3001);
      expect(error?.message).toBe('no lyrics: "I Want to Live" by Borislav Slavov is an instrumental track');
    });

    it("answers 3001 when no result is within 2 s", async () => {
      expect(results.some((r) => Math.abs(r.duration - 260) <= 10)).toBe(false);
      const error = await failure(provider.find(song(260), {}));
      expect(error?.message).toBe('no lyrics found for "I Want to Live" by Borislav Slavov');
    });
  });

  describe("the recorded /api/search by query: same-named songs of many artists", () => {
    let results: LrclibTrack[];
    beforeAll(() => {
      results = tracksOf(recorded("/api/search?q=I+Want+to+Live"));
    });
    const pick = (artist: string, duration: number) =>
      pickTrack({ name: "I Want to Live", artist: [artist], album: "I Want to Live", duration }, results, 2);

    it("finds each artist's own song", () => {
      expect(pick("John Denver", 230)?.id).toBe(1153417);
      expect(pick("Aphrodite’s Child", 232)?.id).toBe(4616751);
      expect(pick("Borislav Slavov", 233)?.artistName).toBe("Borislav Slavov");
    });

    it("answers plain-only lyrics as untimed lines", () => {
      const picked = pick("John Denver", 230)!;
      expect(picked.syncedLyrics).toBeNull();
      const lyric = lrcOf(picked)!;
      expect(lyric.split("\n")[0]).toBe("There are children raised in sorrow");
      expect(lyric).not.toMatch(/^\[\d{2}:\d{2}/m);
    });

    it("never takes another artist's song, even of the same name and duration", () => {
      expect(results.some((r) => r.artistName === "Annapantsu" && r.duration === 238)).toBe(true);
      expect(pick("Borislav Slavov", 238)).toBeUndefined();
      expect(pick("Skillet", 240)).toBeUndefined();
    });
  });
});

/**
 * No title freezes the lyrics lookup's matching: 100,000-character titles, artists and albums,
 * of the song asked for and of LRCLIB's tracks, of the shapes that make backtracking patterns
 * slow, are each compared in milliseconds (suffix stripping re-ran an end-anchored pattern
 * once per tag before, seconds on 16,000 characters).
 */
import { describe, expect, it } from "vitest";
import { fastestMs, hostileTexts } from "../../support/hostile-text.ts";
import { artistsMatch, isSameSong, normaliseTitle, pickTrack, plainTitle } from "../../../plugins/lyrics-lrclib/match.ts";
import { LrclibTrack } from "../../../plugins/lyrics-lrclib/wire.ts";
import { lrclibTrack } from "../../../plugins/lyrics-lrclib/test/lrclib-upstream.ts";

/** Generous for a loaded machine: linear reading takes a few milliseconds, quadratic took seconds. */
const BOUND_MS = 100;

describe("lrclib matching on 100,000-character texts", () => {
  it.each(Object.entries(hostileTexts(100_000)))("%s", (_, text) => {
    expect(fastestMs(() => [normaliseTitle(text), plainTitle(text)])).toBeLessThan(BOUND_MS);
    expect(fastestMs(() => artistsMatch([text], text))).toBeLessThan(BOUND_MS);
    const song = { name: text, artist: [text], album: text, duration: 200 };
    const track = LrclibTrack.parse(lrclibTrack(1, text, text, text, 200, { synced: "[00:01.00] la" }));
    expect(fastestMs(() => isSameSong(song, track, 2))).toBeLessThan(BOUND_MS);
    expect(fastestMs(() => pickTrack(song, [track, track], 2))).toBeLessThan(BOUND_MS);
  });
});

/**
 * No title freezes the matcher: 100,000-character titles, artists and albums of the shapes
 * that make backtracking patterns slow (`hostileTexts`) are each read in milliseconds. Before
 * the matcher read titles from the end with indexes (and only their first `MAX_NAME_LENGTH`
 * characters), `recordingOf` took 2 s on 16,000 characters of spaces, and `parseTitle` 210 s
 * on these. Reading tags from the end is linear in itself, without the cut: every tag of a
 * 100,000-character title is taken off in milliseconds.
 */
import { describe, expect, it } from "vitest";
import { fastestMs, hostileTexts } from "../../support/hostile-text.ts";
import { artistKey, artistKeys, fold } from "../../../server/engine/match/fold.ts";
import { copiesQuery } from "../../../server/engine/match/query.ts";
import { recordingOf } from "../../../server/engine/match/recording.ts";
import { relevance } from "../../../server/engine/match/relevance.ts";
import { spacedDash, trailingBracket } from "../../../core/title-tail.ts";
import { albumCore, albumKinds, isLiveAlbum, parseTitle } from "../../../server/engine/match/title.ts";

/** Generous for a loaded machine: linear reading takes a few milliseconds, quadratic took seconds. */
const BOUND_MS = 100;
const TEXTS = Object.entries(hostileTexts(100_000));

describe("the matcher on 100,000-character texts", () => {
  it.each(TEXTS)("%s: reads the title, the credit and the album in linear time", (_, text) => {
    expect(fastestMs(() => parseTitle(text, [text]))).toBeLessThan(BOUND_MS);
    expect(fastestMs(() => artistKeys(text))).toBeLessThan(BOUND_MS);
    expect(fastestMs(() => [artistKey(text), fold(text)])).toBeLessThan(BOUND_MS);
    expect(fastestMs(() => [albumCore(text), isLiveAlbum(text), albumKinds(text)])).toBeLessThan(BOUND_MS);
  });

  it.each(TEXTS)("%s: a song of such texts is matched, ranked and searched for in linear time", (_, text) => {
    const song = { name: text, artist: [text, text], album: text, duration: 200 };
    expect(fastestMs(() => recordingOf(song))).toBeLessThan(BOUND_MS);
    expect(fastestMs(() => relevance("paper lanterns marlow vane", song))).toBeLessThan(BOUND_MS);
    expect(fastestMs(() => copiesQuery(song))).toBeLessThan(BOUND_MS);
  });
});

describe("the matcher on 100,000 characters of another script", () => {
  // Transliterated runs, each with a tag and a credit: the Latin reading is bounded like the rest.
  const cyrillic = "Остаёмся зимовать (Live) feat. Кино - ".repeat(2_700);
  it("reads, ranks and matches them in linear time", () => {
    const song = { name: cyrillic, artist: [cyrillic], album: cyrillic, duration: 200 };
    expect(fastestMs(() => recordingOf(song))).toBeLessThan(BOUND_MS);
    expect(fastestMs(() => relevance("ostayomsya zimovat", song))).toBeLessThan(BOUND_MS);
  });
});

describe("reading tags from the end", () => {
  /** Takes tags off `text` while `next` finds one, as `parseTitle` does; answers how many. */
  const strip = (text: string, next: (end: number) => { start: number } | undefined) => {
    let count = 0;
    for (let end = text.length, tag = next(end); tag && tag.start > 0; tag = next(end), count++) end = tag.start;
    return count;
  };

  it.each(TEXTS)("%s: every bracketed tag and every dash tag, one pass", (_, text) => {
    expect(fastestMs(() => strip(text, (end) => trailingBracket(text, end)))).toBeLessThan(BOUND_MS);
    expect(fastestMs(() => strip(text, (end) => spacedDash(text, end, "-–—")))).toBeLessThan(BOUND_MS);
  });

  it("takes off thousands of tags", () => {
    const brackets = `x${" (a)".repeat(25_000)}`;
    const dashes = `x${" - live".repeat(14_000)}`;
    expect(strip(brackets, (end) => trailingBracket(brackets, end))).toBe(25_000);
    expect(strip(dashes, (end) => spacedDash(dashes, end, "-"))).toBe(14_000);
  });
});

import { describe, expect, it } from "vitest";
import type { LyricsLookup } from "@music-aggregator/core";
import { lrcOf } from "../lrc.ts";
import { artistsMatch, isSameSong, normaliseTitle, pickTrack } from "../match.ts";
import { LrclibTrack } from "../wire.ts";
import { lrclibTrack } from "./lrclib-upstream.ts";

const track = (...args: Parameters<typeof lrclibTrack>) => LrclibTrack.parse(lrclibTrack(...args));

describe("normaliseTitle", () => {
  it.each([
    ["Yesterday (Remastered 2009)", "yesterday"],
    ["Here Comes the Sun - 2019 Mix", "here comes the sun"],
    ["Northern Line - Live", "northern line"],
    ["Northern Line [Live]", "northern line"],
    ["Song {Demo} (Live) - Mono", "song"],
    ["Get Lucky feat. Pharrell Williams", "get lucky"],
    ["Café Déjà Vu", "cafe deja vu"],
    ["HARBOUR   LIGHTS!", "harbour lights"],
    ["Don’t Stop Me Now", "dont stop me now"],
    ["Rock & Roll", "rock and roll"],
    ["Straße", "strasse"],
    ["Ｓｏｎｇ（Ｌｉｖｅ）", "song"],
  ])("%s → %s", (title, expected) => {
    expect(normaliseTitle(title)).toBe(expected);
  });

  it("keeps what is not a suffix: leading brackets, inner dashes, non-Latin scripts", () => {
    expect(normaliseTitle("(I Can't Get No) Satisfaction")).toBe("i cant get no satisfaction");
    expect(normaliseTitle("Ob-La-Di, Ob-La-Da")).toBe("ob la di ob la da");
    expect(normaliseTitle("がんばれ")).toBe("がんばれ");
    expect(normaliseTitle("がんばれ")).not.toBe(normaliseTitle("かんはれ"));
  });

  it("does not strip a title down to nothing", () => {
    expect(normaliseTitle("(Untitled)")).toBe("untitled");
    expect(normaliseTitle("- Live")).toBe("live");
  });
});

describe("artistsMatch", () => {
  it("matches a credited name of either side after folding", () => {
    expect(artistsMatch(["Zoë Ümlaut"], "zoe umlaut")).toBe(true);
    expect(artistsMatch(["Daft Punk", "Pharrell Williams"], "Daft Punk feat. Pharrell Williams")).toBe(true);
    expect(artistsMatch(["The Wayfarers"], "The Wayfarers, Guest Singer")).toBe(true);
    expect(artistsMatch(["Simon & Garfunkel"], "Simon and Garfunkel")).toBe(true);
  });

  it("refuses another artist, also one that only shares a word", () => {
    expect(artistsMatch(["Mara Quill"], "Nobody Else")).toBe(false);
    expect(artistsMatch(["John Denver"], "John Maus")).toBe(false);
    expect(artistsMatch(["The Wayfarers"], "Wayfarers Tribute Band")).toBe(false);
  });
});

describe("isSameSong", () => {
  const song: LyricsLookup = { name: "Northern Line", artist: ["The Wayfarers"], album: "", duration: 241 };

  it("accepts a duration up to the tolerance away, and not beyond", () => {
    expect(isSameSong(song, track(1, "Northern Line", "The Wayfarers", "", 243.0, {}), 2)).toBe(true);
    expect(isSameSong(song, track(1, "Northern Line", "The Wayfarers", "", 239.0, {}), 2)).toBe(true);
    expect(isSameSong(song, track(1, "Northern Line", "The Wayfarers", "", 243.01, {}), 2)).toBe(false);
    expect(isSameSong(song, track(1, "Northern Line", "The Wayfarers", "", 242.0, {}), 0.5)).toBe(false);
  });

  it("skips the duration check only when the song's duration is unknown", () => {
    const far = track(1, "Northern Line", "The Wayfarers", "", 400, {});
    expect(isSameSong({ ...song, duration: 0 }, far, 2)).toBe(true);
    expect(isSameSong(song, far, 2)).toBe(false);
  });

  it("refuses another title", () => {
    expect(isSameSong(song, track(1, "Northern Lights", "The Wayfarers", "", 241, {}), 2)).toBe(false);
  });
});

describe("pickTrack", () => {
  const song: LyricsLookup = { name: "Northern Line", artist: ["The Wayfarers"], album: "Night Trains", duration: 241 };

  it("prefers lyrics over instrumental, synced over plain, the song's album, then the closest duration", () => {
    const instrumental = track(1, "Northern Line", "The Wayfarers", "Night Trains", 241, { instrumental: true });
    const plain = track(2, "Northern Line", "The Wayfarers", "Night Trains", 241, { plain: "words" });
    const syncedOtherAlbumFar = track(3, "Northern Line", "The Wayfarers", "Best Of", 242.9, { synced: "[00:01.00] a" });
    const syncedOtherAlbumNear = track(4, "Northern Line", "The Wayfarers", "Hits", 241.2, { synced: "[00:01.00] b" });
    const syncedSameAlbum = track(5, "Northern Line (Live)", "The Wayfarers", "Night Trains (Deluxe)", 242.5, { synced: "[00:01.00] c" });

    expect(pickTrack(song, [instrumental, plain], 2)?.id).toBe(2);
    expect(pickTrack(song, [instrumental, plain, syncedOtherAlbumFar], 2)?.id).toBe(3);
    expect(pickTrack(song, [syncedOtherAlbumFar, syncedOtherAlbumNear], 2)?.id).toBe(4);
    expect(pickTrack(song, [instrumental, plain, syncedOtherAlbumFar, syncedOtherAlbumNear, syncedSameAlbum], 2)?.id).toBe(5);
    expect(pickTrack(song, [instrumental], 2)?.id).toBe(1);
  });

  it("keeps LRCLIB's order among equals", () => {
    const a = track(7, "Northern Line", "The Wayfarers", "X", 241, { synced: "[00:01.00] a" });
    const b = track(8, "Northern Line", "The Wayfarers", "Y", 241, { synced: "[00:01.00] b" });
    expect(pickTrack(song, [a, b], 2)?.id).toBe(7);
    expect(pickTrack(song, [b, a], 2)?.id).toBe(8);
  });

  it("answers nothing rather than a namesake or a far duration", () => {
    const namesake = track(1, "Northern Line", "Other Band", "Night Trains", 241, { synced: "[00:01.00] x" });
    const far = track(2, "Northern Line", "The Wayfarers", "Night Trains", 250, { synced: "[00:01.00] y" });
    expect(pickTrack(song, [namesake, far], 2)).toBeUndefined();
    expect(pickTrack(song, [], 2)).toBeUndefined();
  });
});

describe("lrcOf", () => {
  it("answers syncedLyrics as they are, apart from line ends and trailing blank lines", () => {
    expect(lrcOf({ syncedLyrics: "[00:01.00] a\r\n[00:02.50] \r\n[00:03.00] b\n\n", plainLyrics: "a\nb" })).toBe(
      "[00:01.00] a\n[00:02.50] \n[00:03.00] b",
    );
  });

  it("answers plainLyrics as untimed LRC lines when there are no synced ones", () => {
    expect(lrcOf({ syncedLyrics: null, plainLyrics: "first line\r\n\r\nsecond line\n" })).toBe("first line\n\nsecond line");
    expect(lrcOf({ syncedLyrics: "  \n", plainLyrics: "only plain" })).toBe("only plain");
  });

  it("answers undefined when there are no lyrics at all", () => {
    expect(lrcOf({ syncedLyrics: null, plainLyrics: null })).toBeUndefined();
    expect(lrcOf({ syncedLyrics: "", plainLyrics: "\n\n" })).toBeUndefined();
  });
});

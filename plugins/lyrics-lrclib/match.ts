/**
 * Deciding whether an LRCLIB track is the song asked for. Names are compared after folding
 * case, punctuation and diacritics and after dropping version suffixes ("(Remastered 2011)",
 * "[Live]", "- Live", "- 2011 Remaster", "feat. X"); durations must agree within a tolerance.
 * A near miss is never good enough: lyrics of a different song are worse than none.
 */
import { clipName, spaceBefore, spacedDash, trailingBracket, type LyricsLookup } from "@music-aggregator/core";
import { lrcOf } from "./lrc.ts";
import type { LrclibTrack } from "./wire.ts";

/** A title reduced to what identifies the song: `"Café (Live) - 2011 Remaster"` → `"cafe"`. */
export function normaliseTitle(title: string): string {
  return fold(plainTitle(title)) || fold(clipName(title));
}

/**
 * A title without its featuring, remaster and version tags, as written otherwise:
 * `"Women Lose Weight (feat. Slick Rick)"` → `"Women Lose Weight"`. A title that would be
 * stripped down to nothing keeps its text. Names from outside are cut to `MAX_NAME_LENGTH`
 * first; tags are taken off the end one by one, each found by walking back from where the
 * title ends now: one pass over the title, however many tags.
 */
export function plainTitle(title: string): string {
  const text = clipName(title).normalize("NFKC").trim();
  const credit = FEAT.exec(text);
  // Stripping ends where the title would be left without a letter or digit (`fold` would leave nothing).
  const firstWord = text.search(WORD);
  let end = text.length;
  for (;;) {
    const start = Math.min(bracketStart(text, end), dashStart(text, end), creditStart(text, end, credit));
    if (start >= end || firstWord < 0 || start <= firstWord) return text.slice(0, end);
    end = start;
  }
}

/** The keys an artist credit matches by: the whole credit and each credited name. */
export function artistKeys(credit: string): Set<string> {
  const clipped = clipName(credit);
  const normal = clipped.normalize("NFKC");
  const bracket = trailingBracket(normal, normal.length);
  const text = (bracket ? normal.slice(0, bracket.start) : normal).trim() || clipped;
  const keys = new Set([fold(text), ...text.split(ARTIST_SEPARATOR).map(fold)]);
  keys.delete("");
  return keys;
}

/** True when one of the song's artists is credited on the track (or the whole credits agree). */
export function artistsMatch(songArtists: string[], credit: string): boolean {
  const wanted = new Set(songArtists.flatMap((a) => [...artistKeys(a)]));
  return [...artistKeys(credit)].some((key) => wanted.has(key));
}

/** True when the track has the song's title and artist and, when the song's duration is known, its length. */
export function isSameSong(song: LyricsLookup, track: LrclibTrack, toleranceSeconds: number): boolean {
  return (
    normaliseTitle(track.trackName) === normaliseTitle(song.name) &&
    artistsMatch(song.artist, track.artistName) &&
    (song.duration <= 0 || Math.abs(track.duration - song.duration) <= toleranceSeconds)
  );
}

/**
 * The best track of a search answer that is the same song, or undefined. Among matches:
 * one with lyrics before an instrumental one, synced before plain, the song's album first,
 * then the closest duration, then LRCLIB's own order.
 */
export function pickTrack(song: LyricsLookup, tracks: LrclibTrack[], toleranceSeconds: number): LrclibTrack | undefined {
  const album = song.album ? normaliseTitle(song.album) : undefined;
  const ranked = tracks
    .map((track, index) => ({ track, index }))
    .filter(({ track }) => isSameSong(song, track, toleranceSeconds))
    .map(({ track, index }) => ({
      track,
      rank: [
        lrcOf(track) !== undefined ? 0 : track.instrumental ? 1 : 2,
        track.syncedLyrics?.trim() ? 0 : 1,
        album !== undefined && normaliseTitle(track.albumName ?? "") === album ? 0 : 1,
        song.duration > 0 ? Math.abs(track.duration - song.duration) : 0,
        index,
      ],
    }));
  ranked.sort((a, b) => compareRanks(a.rank, b.rank));
  return ranked[0]?.track;
}

// --- internal ---

/** Dashes a version suffix may follow (` - Live`, ` – 2011 Remaster`), spaced, so that "Jay-Z" stays whole. */
const DASHES = "-‐‑‒–—―";
/** The first unbracketed featuring credit: the white space before it, its word and the space after. */
const FEAT = /\s(?:feat\.?|ft\.|featuring)\s/iu;
/** What `fold` keeps of a title: a letter, a digit, or `&` (read as "and"). */
const WORD = /[\p{L}\p{N}&]/u;
/** Separators of the names in one credit; white space around them is folded away with the names. */
const ARTIST_SEPARATOR = /(?:[,;&×]|\s(?:feat\.?|ft\.|featuring|vs\.?)\s)\s*/iu;

/** Where a trailing `(…)`, `[…]` or `{…}` group of `text` before `end` starts; `end` when there is none (after NFKC, full-width brackets are ASCII). */
function bracketStart(text: string, end: number): number {
  return trailingBracket(text, end)?.start ?? end;
}

/** Where a trailing ` - Live`, ` – 2011 Remaster` of `text` before `end` starts; `end` when there is none. */
function dashStart(text: string, end: number): number {
  return spacedDash(text, end, DASHES)?.start ?? end;
}

/** Where the title's featuring credit starts, when it is still in `text` before `end` with a space after its word; else `end`. */
function creditStart(text: string, end: number, credit: RegExpExecArray | null): number {
  return credit && credit.index + credit[0].length <= end ? spaceBefore(text, credit.index) : end;
}

/** Letters without a decomposition that still have a plain-ASCII spelling. */
const SPECIAL_LETTERS: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };

/** Case, Latin diacritics, apostrophes and punctuation folded away; `&` reads as "and". */
function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .normalize("NFC")
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (c) => SPECIAL_LETTERS[c])
    .replace(/['‘’`´]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

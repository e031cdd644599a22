/**
 * Whether two songs are one recording. Precision first: a wrong "yes" hides a song (or plays
 * the wrong one), a wrong "no" only shows it twice, so every doubt is a "no".
 *
 * - Both sides know an ISRC and differ: not the same recording.
 * - Equal ISRCs from two sources that vouch for them (label-delivered catalogues: the plugin's
 *   `isrcs`) decide alone: the same recording, confidence 1, whatever else the songs say.
 * - An ISRC an uploader typed is a hint, never proof: equal ISRCs with one of them an
 *   uploader's count only when the metadata agrees as below, and then say so (reason `isrc`,
 *   confidence `ISRC_HINT_CONFIDENCE`); with the metadata disagreeing they are not the same.
 *   An upload cannot claim a label's ISRC to be matched to its recording, or played for it.
 * - Otherwise all of: the same title once its tags are read (`parseTitle`; compared in Latin
 *   letters, so one title written in two scripts is one, ё written or as е), the same version tags (a live take,
 *   a remix, an edit, an acoustic or instrumental or karaoke or sped-up version is never the
 *   plain recording, nor another version), not an explicit and a clean copy, at least one
 *   primary artist in common (a cover by another artist never matches; `Various Artists` or
 *   `Unknown Artist` names nobody), the same album for a
 *   title that names a track's place (`Intro`, `Interlude 2`, `Untitled`), and both lengths known
 *   and within `lengthTolerance`. Weak tags (`Single Version`, a collection's name) that
 *   differ count only when the lengths agree closely (`CLOSE_S`).
 * - A live take is only ever the same live take: a bare `(Live)` tag, or a song on a live album
 *   (`Live at …`, `Unplugged`; the Internet Archive's concert items are titled so), carries the
 *   album it was recorded for, so two takes from different concerts never match.
 * - A song of an album of instrumentals, remixes, karaoke, acoustic, sped-up, demo or cover
 *   versions is that version, even when its own title does not say so (unless it carries a
 *   tag of its own that says which: a version, a release's `Single Version`, `Original Mix`).
 */
import { normalIsrc } from "@music-aggregator/core/host";
import type { IsrcOrigin } from "@music-aggregator/core";
import { artistKeys, fold } from "./fold.ts";
import { latinReadings } from "./latin.ts";
import { albumCore, albumKinds, isLiveAlbum, parseTitle } from "./title.ts";
import { isPlaceTitle } from "./place.ts";

/** What the matcher reads of a song: the Song fields it needs, and the ISRC when the source gives one. */
export interface MatchableSong {
  name: string;
  artist: readonly string[];
  album: string;
  /** whole seconds; 0 when unknown */
  duration: number;
  isrc?: string;
  /** true explicit, false clean (or never explicit), null or absent unknown */
  explicit?: boolean | null;
}

/** A song as the matcher compares it, worked out once. */
export interface Recording {
  /** the title's words, folded, in Latin letters */
  core: string;
  /** every reading of the title as `core` is one (`latinReadings`: ё as written and as е); `core` first */
  cores: readonly string[];
  versions: readonly string[];
  weak: readonly string[];
  /** keys of the primary artists: the first credit and the names a collaboration writes in it */
  primary: ReadonlySet<string>;
  album: string;
  duration: number;
  explicit: boolean | null;
  isrc?: string;
  /** whether the song's source vouches for `isrc`, or an uploader typed it */
  isrcs: IsrcOrigin;
  /** a track of a list that may leave its length out (an imported playlist's; `duration` 0 then): matched without one, at less confidence */
  lengthOptional?: boolean;
}

export type Verdict = { same: true; reason: "isrc" | "metadata"; confidence: number } | { same: false; why: string };

/** Lengths further apart than this are different recordings (sources round, masters differ by a second or two)… */
export const DURATION_TOLERANCE_S = 3;
/** … or than this share of the longer, past 10 minutes: a 20-minute track's masters may differ by 6 s. */
const LONG_SHARE = 0.005;
/** Songs whose weak tags differ are one recording only this close: 2 s, or 0.3 % of the longer. */
const CLOSE_S = 2;
const CLOSE_SHARE = 0.003;
/** Credits that name nobody (as `artistKey`s): two songs credited `Various Artists` have no artist in common. */
const PLACEHOLDERS = new Set(["variousartists", "various", "va", "unknownartist", "unknown", "anonymous", "noartist"]);
/** A match whose length could not be compared (an import without one): below any whose lengths agree (0.80 and up). */
export const LENGTHLESS_CONFIDENCE = 0.7;
/** Equal ISRCs, one an uploader's, with the metadata agreeing: above any match by metadata alone (0.98), below vouched ISRCs (1). */
export const ISRC_HINT_CONFIDENCE = 0.99;

/** A song as the matcher compares it; `isrcs` says who stands behind its ISRC (its source's `isrcs`). */
export function recordingOf(song: MatchableSong, isrcs: IsrcOrigin = "uploader"): Recording {
  const parsed = parseTitle(song.name, song.artist);
  const album = albumCore(song.album);
  const versions = parsed.versions.filter((v) => v !== "live");
  // A bare "(Live)", or a live album, says only "a live take": which one is the album's to tell.
  if (parsed.versions.includes("live") || (isLiveAlbum(song.album) && !versions.some((v) => /^live\b/.test(v)))) {
    versions.push(/^live\b/.test(album) ? album : `live@${album}`);
  }
  // A song of an album of remixes, instrumentals, karaoke… is one, unless its own tag says which:
  // a version, the release it was put out on (`Single Version`), or the original (`Original Mix`).
  if (parsed.versions.length === 0 && parsed.weak.length === 0 && !parsed.original) for (const kind of albumKinds(song.album)) versions.push(`album ${kind}`);
  const first = song.artist.find((name) => name.trim() !== "");
  const cores = [...new Set(latinReadings(parsed.title).map((title) => (title === parsed.title ? parsed.core : fold(title))))];
  return {
    core: cores[0],
    cores,
    versions: versions.sort(),
    weak: parsed.weak,
    primary: new Set(first === undefined ? [] : latinReadings(first).flatMap(artistKeys).filter((key) => !PLACEHOLDERS.has(key))),
    album,
    duration: song.duration,
    explicit: song.explicit ?? null,
    isrc: normalIsrc(song.isrc),
    isrcs,
  };
}

/** The verdict on two recordings, with a confidence in (0.5, 1] when they are the same. */
export function sameRecording(a: Recording, b: Recording): Verdict {
  if (a.isrc && b.isrc && a.isrc !== b.isrc) return { same: false, why: "different ISRCs" };
  const equalIsrcs = a.isrc !== undefined && a.isrc === b.isrc;
  if (equalIsrcs && a.isrcs === "vouched" && b.isrcs === "vouched") return { same: true, reason: "isrc", confidence: 1 };
  const verdict = byMetadata(a, b);
  // An uploader's ISRC only confirms what the metadata says.
  return verdict.same && equalIsrcs ? { same: true, reason: "isrc", confidence: ISRC_HINT_CONFIDENCE } : verdict;
}

/** Whether two songs are one recording: `sameRecording` of their recordings, each with who stands behind its ISRC. */
export function sameSong(a: MatchableSong, b: MatchableSong, isrcs: readonly [IsrcOrigin, IsrcOrigin] = ["uploader", "uploader"]): Verdict {
  return sameRecording(recordingOf(a, isrcs[0]), recordingOf(b, isrcs[1]));
}

// --- internal ---

/**
 * Two songs alike in all but a length one of them lacks. Every song of a source has one, so
 * only a list's track that may leave it out (`lengthOptional`) is matched without it: same
 * release tags too (a length cannot vouch for a single and an album cut being one), at
 * `LENGTHLESS_CONFIDENCE`. A strong tag, an album of live takes or remixes still tells versions apart.
 */
function lengthless(a: Recording, b: Recording): Verdict {
  const [lacking, other] = a.duration <= 0 ? [a, b] : [b, a];
  if (!lacking.lengthOptional || other.duration <= 0) return { same: false, why: "a length is unknown" };
  if (a.weak.join("|") !== b.weak.join("|")) return { same: false, why: "different releases, a length unknown" };
  return { same: true, reason: "metadata", confidence: LENGTHLESS_CONFIDENCE + sameAlbumBonus(a, b) };
}

/** What the same album name adds to a match by metadata. */
function sameAlbumBonus(a: Recording, b: Recording): number {
  return a.album !== "" && a.album === b.album ? 0.03 : 0;
}

/** The verdict of title, versions, explicitness, primary artists and lengths. */
function byMetadata(a: Recording, b: Recording): Verdict {
  if (a.core === "" || !a.cores.some((core) => b.cores.includes(core))) return { same: false, why: "different titles" };
  if (a.versions.join("|") !== b.versions.join("|")) return { same: false, why: "different versions" };
  // `Intro` names a place on an album: another album's is another recording.
  if (isPlaceTitle(a.core) && (a.album === "" || a.album !== b.album)) return { same: false, why: "a track's place (Intro, Interlude…) on different albums" };
  if (a.explicit !== null && b.explicit !== null && a.explicit !== b.explicit) return { same: false, why: "an explicit and a clean copy" };
  if (![...a.primary].some((artist) => b.primary.has(artist))) return { same: false, why: "no primary artist in common" };
  if (a.duration <= 0 || b.duration <= 0) return lengthless(a, b);
  const apart = Math.abs(a.duration - b.duration);
  const longer = Math.max(a.duration, b.duration);
  const tolerance = Math.max(DURATION_TOLERANCE_S, longer * LONG_SHARE);
  if (apart > tolerance) return { same: false, why: `lengths ${apart} s apart` };
  const weakDiffer = a.weak.join("|") !== b.weak.join("|");
  if (weakDiffer && apart > Math.max(CLOSE_S, longer * CLOSE_SHARE)) return { same: false, why: `different releases, lengths ${apart} s apart` };
  // 0.95 for equal lengths, down to 0.80 at the tolerance; the same album name adds a little, other releases take a little.
  const confidence = 0.95 - (0.15 * apart) / tolerance + sameAlbumBonus(a, b) - (weakDiffer ? 0.03 : 0);
  return { same: true, reason: "metadata", confidence: Math.round(confidence * 100) / 100 };
}

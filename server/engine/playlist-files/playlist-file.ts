/**
 * Playlist files, the one body `/v1` takes (docs/decisions.md, "Transfer a playlist"): what an
 * imported file is read as and its bounds. Every fault is a 1001 naming where it is (a line,
 * a track), all of them at once, a bounded number listed.
 */
import { InputError, clipName } from "@music-aggregator/core";

/** One track of a file, as the matcher needs it. */
export interface FileTrack {
  title: string;
  /** the file's one artist text (a file has no list of artists), or none */
  artist: string[];
  album: string;
  /** whole seconds; 0 when the file does not say */
  duration: number;
}

export interface PlaylistFile {
  title: string;
  creator: string | null;
  tracks: FileTrack[];
}

/** The bounds of an imported playlist (README, "Transfer a playlist"). */
export const IMPORT_LIMITS = {
  /** a file of 1000 tracks with their addresses is about 300 KB */
  bytes: 512 * 1024,
  tracks: 1000,
  /** characters of one line of an M3U or text file */
  lineChars: 2048,
  /** nesting of a JSPF's or an XSPF's elements (theirs is at most 6) */
  depth: 16,
};

export type ImportFormat = "jspf" | "xspf" | "m3u" | "text";
export const FORMAT_NAMES: Record<ImportFormat, string> = { jspf: "JSPF", xspf: "XSPF", m3u: "M3U", text: "text (Artist - Title lines)" };

/**
 * The faults found in a file; `check()` throws them as one 1001. Each kind of fault is said
 * once with the lines (or tracks) it is found at, so that many bad lines fit one message.
 */
export class Faults {
  private readonly found = new Map<string, { unit: string; at: (number | string)[] }>();

  /** A fault at line (or track) `n` of `unit`; at the whole body without `n`. */
  add(unit: string, n: number | undefined, what: string): void {
    const key = `${unit}\0${what}`;
    const entry = this.found.get(key) ?? { unit, at: [] };
    if (n !== undefined) entry.at.push(n);
    this.found.set(key, entry);
  }

  check(format: ImportFormat): void {
    if (!this.found.size) return;
    const said = [...this.found].map(([key, { unit, at }]) => {
      const what = key.slice(key.indexOf("\0") + 1);
      if (!at.length) return unit === "body" ? what : `${unit}: ${what}`;
      const more = at.length > MAX_PLACES_SHOWN ? ` and ${at.length - MAX_PLACES_SHOWN} more` : "";
      return `${unit}${at.length > 1 ? "s" : ""} ${at.slice(0, MAX_PLACES_SHOWN).join(", ")}${more}: ${what}`;
    });
    throw new InputError(`body is not a valid ${FORMAT_NAMES[format]} playlist: ${said.join("; ")}`);
  }
}

/** The refusal of a file of `count` tracks, past the bound. */
export function tooManyTracks(count: number): InputError {
  return new InputError(`body holds ${count} tracks; at most ${IMPORT_LIMITS.tracks} are taken`);
}

/** A track from a file's texts, its names cut to the names' bound. */
export function fileTrack(title: string, artist: string, album: string, seconds: number): FileTrack {
  return { title: clipName(title.trim()), artist: artist.trim() ? [clipName(artist.trim())] : [], album: clipName(album.trim()), duration: Math.max(0, Math.round(seconds)) };
}

// --- internal ---

/** Lines named per kind of fault: a message is at most 300 characters. */
const MAX_PLACES_SHOWN = 10;

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

/** The faults found in a file, each where it is; `check()` throws them as one 1001. */
export class Faults {
  private readonly found: string[] = [];

  add(where: string, what: string): void {
    this.found.push(`${where}: ${what}`);
  }

  check(format: ImportFormat): void {
    if (!this.found.length) return;
    const shown = this.found.slice(0, MAX_FAULTS_SHOWN).join("; ");
    const more = this.found.length > MAX_FAULTS_SHOWN ? `; and ${this.found.length - MAX_FAULTS_SHOWN} more` : "";
    throw new InputError(`body is not a valid ${FORMAT_NAMES[format]} playlist: ${shown}${more}`);
  }
}

/** A track from a file's texts, its names cut to the names' bound. */
export function fileTrack(title: string, artist: string, album: string, seconds: number): FileTrack {
  return { title: clipName(title.trim()), artist: artist.trim() ? [clipName(artist.trim())] : [], album: clipName(album.trim()), duration: Math.max(0, Math.round(seconds)) };
}

// --- internal ---

const MAX_FAULTS_SHOWN = 10;

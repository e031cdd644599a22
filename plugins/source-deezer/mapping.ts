/**
 * Deezer objects as domain objects. Covers are the album's largest; a song's artists are its
 * main artist and the guests its title credits (`(feat. …)`), the same in every answer, since
 * only some answers list `contributors` (which then give the guests' ids); `vip` is always
 * false because Deezer's full songs are never public and its previews are (docs/decisions.md
 * (Sources)). A track with a preview is available, whatever its `readable` says: the preview
 * is what this source plays, and Deezer hands it out.
 */
import { clipName, firstImage, isrcField, pageLink, publishDate, type Song, type SongDetail } from "@music-aggregator/core";
import type { DeezerTrack } from "./wire.ts";

const COVER_SIZES = ["cover_xl", "cover_big", "cover_medium", "cover"] as const;
const PICTURE_SIZES = ["picture_xl", "picture_big", "picture_medium", "picture"] as const;

/** The album a track belongs to, for tracks listed without their album object. */
export interface AlbumContext {
  id: string;
  title: string;
  cover: string | null;
}

/** An album's largest cover. */
export const coverOf = (album: object | undefined): string | null => firstImage(album as Record<string, unknown>, COVER_SIZES);

/** The largest picture of an artist, playlist or editorial. */
export const pictureOf = (item: object | undefined): string | null => firstImage(item as Record<string, unknown>, PICTURE_SIZES);

/** An artist as Deezer names one: its id, when the answer gives it. */
export type Credit = { id?: string; name: string };

/**
 * An album's credited artists, main first, each once (the main artist alone when no credits
 * are listed), and in the same order their ids ("" for a credit without one).
 */
export function credits(item: { artist: { id: string; name: string }; contributors?: { id?: string; name: string }[] }): { artist: string[]; artistId: string[] } {
  const credited = (item.contributors ?? []).filter((c) => c.name !== "");
  const listed = credited.length ? credited : [item.artist];
  const artist: string[] = [];
  const artistId: string[] = [];
  for (const credit of listed) {
    if (artist.includes(credit.name)) continue;
    artist.push(credit.name);
    artistId.push(credit.id ?? "");
  }
  return { artist, artistId };
}

/** The preview clip's address, or null when the track has none. */
export function previewOf(track: DeezerTrack): string | null {
  return track.preview ? track.preview : null;
}

/**
 * The track's title with its version: Deezer writes the version into `title` as a rule, and
 * keeps it in `title_version` too; a title without it gets it, so a remix never looks like
 * the original.
 */
export function titleOf(track: Pick<DeezerTrack, "title" | "title_version">): string {
  const version = track.title_version?.trim() ?? "";
  return version === "" || track.title.toLowerCase().includes(version.toLowerCase()) ? track.title : `${track.title} ${version}`;
}

/**
 * A song's artists: the main one, then the guests its title credits, each once, the same
 * whichever answer lists the song; their ids from the credits this answer has (`known`: an
 * artist page's own artist, say), "" where it has none.
 */
export function songCredits(track: DeezerTrack, known: Credit[] = []): { artist: string[]; artistId: string[] } {
  const artist = [...new Set([track.artist.name, ...guestsOf(track.title)])];
  const credited = [track.artist, ...(track.contributors ?? []), ...known];
  return { artist, artistId: artist.map((name) => credited.find((c) => c.name === name)?.id ?? "") };
}

export function toSong(track: DeezerTrack, sourceId: string, album?: AlbumContext, known?: Credit[]): Song {
  const from: AlbumContext | undefined = track.album ? { id: track.album.id, title: track.album.title, cover: coverOf(track.album) } : album;
  const { artist, artistId } = songCredits(track, known);
  return {
    source: sourceId,
    id: track.id,
    name: titleOf(track),
    artist,
    album: from?.title ?? "",
    albumId: from?.id ?? "",
    duration: track.duration,
    cover: from?.cover ?? null,
    // The preview is what Deezer hands out, `readable` or not: a track with one is playable here.
    available: previewOf(track) !== null,
    vip: false,
    artistId,
    ...isrcField(track.isrc),
    explicit: track.explicit_lyrics ?? null,
    ...(track.rank != null ? { popularity: track.rank } : {}),
  };
}

export function toSongDetail(track: DeezerTrack, sourceId: string): SongDetail {
  return {
    ...toSong(track, sourceId),
    quality: previewOf(track) ? ["standard"] : [],
    publishAt: publishDate(track.release_date),
    link: pageLink(track.link),
  };
}

// --- internal ---

/** Where a title's guest credit starts: `(feat. `, `[ft. `, `(featuring `, in any case. */
const GUESTS = /[([](?:feat\.?|ft\.|featuring)\s/i;

/**
 * The guests a title credits (`Salt Air (feat. Ines Okafor)`, `(feat. A, B & C)`), read from its
 * first 500 characters: one pass to the credit, one to its closing bracket.
 */
function guestsOf(title: string): string[] {
  const text = clipName(title);
  const found = GUESTS.exec(text);
  if (!found) return [];
  const start = found.index + found[0].length;
  const end = text.indexOf(text[found.index] === "(" ? ")" : "]", start);
  return text
    .slice(start, end < 0 ? text.length : end)
    .split(/,|\s&\s/)
    .map((name) => name.trim())
    .filter((name) => name !== "");
}

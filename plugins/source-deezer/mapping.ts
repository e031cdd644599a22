/**
 * Deezer objects as domain objects. Covers are the album's largest; artists are the credited
 * contributors when Deezer lists them, else the main artist; `vip` is always false because
 * Deezer's full songs are never public and its previews are (docs/decisions.md (Sources)).
 */
import { firstImage, isrcField, publishDate, type Song, type SongDetail } from "@music-aggregator/core";
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

/** Credited artists, main first, each once; the main artist alone when no credits are listed. */
export function artistNames(item: { artist: { name: string }; contributors?: { name: string }[] }): string[] {
  const credited = (item.contributors ?? []).map((c) => c.name).filter((name) => name !== "");
  return credited.length ? [...new Set(credited)] : [item.artist.name];
}

/** The preview clip's address, or null when the track has none. */
export function previewOf(track: DeezerTrack): string | null {
  return track.preview ? track.preview : null;
}

export function toSong(track: DeezerTrack, sourceId: string, album?: AlbumContext): Song {
  const from: AlbumContext | undefined = track.album ? { id: track.album.id, title: track.album.title, cover: coverOf(track.album) } : album;
  return {
    source: sourceId,
    id: track.id,
    name: track.title,
    artist: artistNames(track),
    album: from?.title ?? "",
    albumId: from?.id ?? "",
    duration: track.duration,
    cover: from?.cover ?? null,
    // Chart entries carry no `readable`: Deezer lists only playable tracks there.
    available: track.readable !== false && previewOf(track) !== null,
    vip: false,
    ...isrcField(track.isrc),
  };
}

export function toSongDetail(track: DeezerTrack, sourceId: string): SongDetail {
  return {
    ...toSong(track, sourceId),
    quality: previewOf(track) ? ["standard"] : [],
    publishAt: publishDate(track.release_date),
  };
}

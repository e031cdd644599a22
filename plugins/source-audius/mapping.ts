/**
 * Audius objects as domain objects. A song's artist is its uploader (Audius credits one user
 * per track); its cover is the 480x480 artwork; `vip` means stream-gated (a purchase, follow,
 * tip or collectible gate), which this service never gets past (docs/decisions.md (Sources)).
 */
import { firstImage, isrcField, publishDate, type Quality, type Song, type SongDetail } from "@music-aggregator/core";
import { HASHID, type AudiusTrack } from "./wire.ts";

/** What the stream endpoint serves: Audius transcodes every upload to a 320 kbps MP3. */
export const STREAM_QUALITY: Quality = "high";
export const STREAM_KBPS = 320;

/** 480x480 first, as the issue asks; the other squares stand in when it is missing. */
const IMAGE_SIZES = ["480x480", "1000x1000", "150x150"] as const;

/** The album a track is listed in, for an album's own tracks. */
export interface AlbumContext {
  id: string;
  name: string;
}

/** The preferred square of an artwork or profile picture, or null. */
export const imageOf = (squares: object | null | undefined): string | null => firstImage(squares as Record<string, unknown> | null, IMAGE_SIZES);

/** Stream-gated: the artist asks for something (a purchase, a follow, a tip, a collectible) first. */
export function isGated(track: AudiusTrack): boolean {
  const conditions = track.stream_conditions;
  return track.is_stream_gated === true || (conditions != null && Object.keys(conditions).length > 0);
}

/** Removed by its artist, or not (or no longer) streamable. */
export function isGone(track: AudiusTrack): boolean {
  return track.is_delete === true || track.is_streamable === false;
}

/** Audius says an anonymous listener may not stream it (`access.stream: false`). */
export function isRefused(track: AudiusTrack): boolean {
  return track.access?.stream === false;
}

/** Publicly playable in full: streamable, not deleted, not gated, access granted. */
export function isPlayable(track: AudiusTrack): boolean {
  return !isGated(track) && !isGone(track) && !isRefused(track);
}

export function toSong(track: AudiusTrack, sourceId: string, album?: AlbumContext): Song {
  const from = albumOf(track, album);
  return {
    source: sourceId,
    id: track.id,
    name: track.title,
    artist: [track.user.name],
    album: from.name,
    albumId: from.id,
    duration: track.duration,
    cover: imageOf(track.artwork),
    available: isPlayable(track),
    vip: isGated(track),
    ...isrcField(track.isrc),
  };
}

export function toSongDetail(track: AudiusTrack, sourceId: string): SongDetail {
  return {
    ...toSong(track, sourceId),
    quality: isPlayable(track) ? [STREAM_QUALITY] : [],
    publishAt: releaseDate(track.release_date),
  };
}

/**
 * The publish date of an Audius `release_date`: `2024-08-02 21:57:07` and ISO 8601 as the
 * core reads them, plus the JavaScript date strings older tracks carry (`Fri Mar 06 2020
 * 00:00:00 GMT-0800 (...)`), read as the calendar day written.
 */
export function releaseDate(value: string | null | undefined): string | null {
  const plain = publishDate(value);
  if (plain !== null || typeof value !== "string") return plain;
  const legacy = /^[A-Z][a-z]{2} ([A-Z][a-z]{2}) (\d{1,2}) (\d{4})\b/.exec(value.trim());
  const month = legacy ? MONTHS.indexOf(legacy[1]) + 1 : 0;
  if (!legacy || month === 0) return null;
  return publishDate(`${legacy[3]}-${String(month).padStart(2, "0")}-${legacy[2].padStart(2, "0")}`);
}

// --- internal ---

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * The album of a track: the given one (an album's own tracks), else the track's backlink.
 * The description types the backlink's `playlist_id` as an integer, Audius's internal number,
 * which `/v1/playlists/{id}` does not take; only a hashid there becomes an `albumId`.
 */
function albumOf(track: AudiusTrack, album?: AlbumContext): AlbumContext {
  if (album) return album;
  const link = track.album_backlink;
  if (!link) return { id: "", name: "" };
  const id = typeof link.playlist_id === "string" && HASHID.test(link.playlist_id) ? link.playlist_id : "";
  return { id, name: link.playlist_name };
}

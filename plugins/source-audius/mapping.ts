/**
 * Audius objects as domain objects. A song's artist is its uploader (Audius credits one user
 * per track); its cover is the 480x480 artwork; `vip` means gated: every sign of it that the
 * API gives (a stream gate, stream conditions, access refused, a preview clip of a track on
 * sale) makes a song VIP, which this service never gets past (docs/decisions.md (Sources)).
 * Links are the permalinks on Audius's web site (`webURL`).
 */
import { firstImage, isrcField, pageLink, publishDate, type Quality, type Song, type SongDetail } from "@music-aggregator/core";
import { encodeHashId } from "./hashid.ts";
import { HASHID, type AudiusTrack } from "./wire.ts";

/** What the stream endpoint serves: Audius transcodes every upload to a 320 kbps MP3. */
export const STREAM_QUALITY: Quality = "high";
export const STREAM_KBPS = 320;

/** 480x480 first, as the issue asks; the other squares stand in when it is missing. */
const IMAGE_SIZES = ["480x480", "1000x1000", "150x150"] as const;
/** The squares Audius renders, smallest first. */
export const AUDIUS_SQUARES = [150, 480, 1000] as const;

/** The album a track is listed in, for an album's own tracks. */
export interface AlbumContext {
  id: string;
  name: string;
}

/** Where the answers' links point to, and which public source they are stamped with. */
export interface Site {
  sourceId: string;
  /** Audius's web site, the base of permalinks */
  webURL: string;
}

/** The preferred square of an artwork or profile picture, or null. */
export const imageOf = (squares: object | null | undefined): string | null => firstImage(squares as Record<string, unknown> | null, IMAGE_SIZES);

/**
 * What an answer says of a track's gating. Any sign of a gate or a sale is `gated`: a stream
 * gate, stream conditions (a purchase, a follow, a tip, a collectible), access refused to an
 * anonymous listener, or a preview clip (`preview_cid`, which only tracks on sale have). An
 * answer without `is_stream_gated` and `access` (older nodes, the description's own shape)
 * says nothing more: `unknown`, never taken for free when an address is at stake.
 */
export function gatingOf(track: AudiusTrack): "gated" | "free" | "unknown" {
  const conditions = track.stream_conditions;
  const gated =
    track.is_stream_gated === true ||
    (conditions != null && Object.keys(conditions).length > 0) ||
    track.access?.stream === false ||
    (typeof track.preview_cid === "string" && track.preview_cid.trim() !== "");
  if (gated) return "gated";
  return typeof track.is_stream_gated === "boolean" || typeof track.access?.stream === "boolean" ? "free" : "unknown";
}

/** Removed by its artist, or not (or no longer) streamable. */
export function isGone(track: AudiusTrack): boolean {
  return track.is_delete === true || track.is_streamable === false;
}

/** Publicly playable in full, as far as the answer says: not gated, not gone. */
export function isPlayable(track: AudiusTrack): boolean {
  return gatingOf(track) !== "gated" && !isGone(track);
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
    vip: gatingOf(track) === "gated",
    artistId: [track.user.id],
    ...isrcField(track.isrc),
    // Audius keeps no explicit flag.
    explicit: null,
    ...(track.play_count != null ? { popularity: track.play_count } : {}),
  };
}

/** A track read on its own, its gating known (see `songs.ts`). */
export function toSongDetail(track: AudiusTrack, site: Site): SongDetail {
  return {
    ...toSong(track, site.sourceId),
    quality: isPlayable(track) ? [STREAM_QUALITY] : [],
    publishAt: releaseDate(track.release_date),
    link: permalinkOf(track.permalink, site),
  };
}

/** A permalink (`/{handle}/{slug}`, or a bare handle) as a page of Audius's web site. */
export function permalinkOf(path: string | null | undefined, site: Site): string | null {
  if (!path) return null;
  return pageLink(path.startsWith("/") ? path : `/${path}`, site.webURL);
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
 * which `/v1/playlists/{id}` does not take: it is given as the hashid Audius would (some nodes
 * send the hashid itself).
 */
function albumOf(track: AudiusTrack, album?: AlbumContext): AlbumContext {
  if (album) return album;
  const link = track.album_backlink;
  if (!link) return { id: "", name: "" };
  const given = link.playlist_id;
  const id = typeof given === "number" ? (encodeHashId(given) ?? "") : HASHID.test(given) ? given : "";
  return { id, name: link.playlist_name };
}

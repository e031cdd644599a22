/**
 * Jamendo objects as domain objects. Every Jamendo song is full length and Creative Commons,
 * so `vip` is always false and a song is available when it has a stream. Each song keeps its
 * licence deed in the extra field `license` (the `license_ccurl` URL, null when Jamendo gives
 * none) so that sites can attribute it.
 */
import { pageLink, publishDate, type Song, type SongDetail } from "@music-aggregator/core";
import { qualitiesOf } from "./audio.ts";
import type { JamendoAlbum, JamendoTrack, JamendoTrackCore } from "./wire.ts";

/** A Song with its licence: what this plugin answers wherever songs are listed. */
export type JamendoSong = Song & { license: string | null };

/** An image address, or null for Jamendo's empty string. */
export const imageOf = (image: string): string | null => (image.trim() === "" ? null : image);

/** A track as `/tracks` and `/playlists/tracks` give it, with its own artist and album. */
export function toSong(track: JamendoTrack, sourceId: string): JamendoSong {
  return songOf(track, sourceId, {
    artist: track.artist_name,
    artistId: track.artist_id,
    album: track.album_name,
    albumId: track.album_id,
    // `image` is the album's cover for album tracks (marked with the track's id) and the single's own picture for singles.
    cover: track.album_id ? albumCover(imageOf(track.image) ?? imageOf(track.album_image)) : (imageOf(track.image) ?? imageOf(track.album_image)),
  });
}

/** A track of an album's `tracks`, which carry neither artist nor album: both are the album's. */
export function toAlbumSong(track: JamendoTrackCore, album: JamendoAlbum, sourceId: string): JamendoSong {
  return songOf(track, sourceId, { artist: album.artist_name, artistId: album.artist_id, album: album.name, albumId: album.id, cover: imageOf(album.image) });
}

export function toSongDetail(track: JamendoTrack, sourceId: string): SongDetail & { license: string | null } {
  return { ...toSong(track, sourceId), quality: qualitiesOf(track), publishAt: publishDate(track.releasedate), link: pageLink(track.shareurl) };
}

/**
 * Tracks in the order of their `position` (an album's track numbers, a playlist's places):
 * Jamendo does not promise to list them in that order. Tracks without a position keep their
 * place after the numbered ones.
 */
export function byPosition<T extends { position?: number }>(tracks: readonly T[]): T[] {
  const rank = (t: T) => t.position ?? Number.POSITIVE_INFINITY;
  return tracks
    .map((track, index) => ({ track, index }))
    .sort((a, b) => rank(a.track) - rank(b.track) || a.index - b.index)
    .map(({ track }) => track);
}

// --- internal ---

/**
 * An album track's cover as the album's own answer gives it: Jamendo marks a track's copy of
 * the album cover with `trackid=`, the same picture at another address.
 */
function albumCover(image: string | null): string | null {
  return image === null ? null : image.replace(/([?&])trackid=[^&#]*&?/, "$1").replace(/[?&]$/, "");
}

interface SongContext {
  artist: string;
  artistId: string;
  album: string;
  albumId: string;
  cover: string | null;
}

function songOf(track: JamendoTrackCore, sourceId: string, context: SongContext): JamendoSong {
  return {
    source: sourceId,
    id: track.id,
    name: track.name,
    artist: context.artist ? [context.artist] : [],
    album: context.album,
    albumId: context.albumId,
    duration: track.duration,
    cover: context.cover,
    available: track.audio !== "",
    vip: false,
    artistId: context.artist ? [context.artistId] : [],
    // Jamendo keeps no explicit flag.
    explicit: null,
    license: track.license_ccurl.trim() === "" ? null : track.license_ccurl,
  };
}

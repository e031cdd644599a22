/**
 * Albums, artists and playlists. An album comes whole from `/albums/tracks`; an artist is
 * `/artists` plus its most popular tracks from `/tracks`; a playlist comes whole from
 * `/playlists/tracks` (Jamendo pages playlists, not the tracks inside one) and the requested
 * page is cut from it, so every page costs one request and `total` is exact.
 */
import { hasMoreAfter, offsetOf, pageLink, publishDate, type PlaylistSong, type SourceMethods } from "@music-aggregator/core";
import { ALL_TRACK_TYPES, jamendoId, only, type JamendoApi } from "./api.ts";
import { addressFor, audioQuery } from "./audio.ts";
import { byPosition, imageOf, toAlbumSong, toSong } from "./mapping.ts";
import { JamendoAlbums, JamendoArtists, JamendoPlaylists, JamendoTracks } from "./wire.ts";

/** The artist's songs: its 50 most popular of all time. */
const ARTIST_TOP = 50;

export function collectionMethods(api: JamendoApi, sourceId: string): Pick<SourceMethods, "album" | "artist" | "playlist"> {
  return {
    async album(id, { signal }) {
      const query = { id: jamendoId(id, "album"), imagesize: api.imageSize };
      const album = only((await api.get("/albums/tracks/", JamendoAlbums, { query, signal })).results, id, "album");
      return {
        source: sourceId,
        id: album.id,
        name: album.name,
        artist: album.artist_name ? [album.artist_name] : [],
        cover: imageOf(album.image),
        publishAt: publishDate(album.releasedate),
        song: byPosition(album.tracks).map((t) => toAlbumSong(t, album, sourceId)),
        link: pageLink(album.shareurl),
      };
    },

    async artist(id, { signal }) {
      const artistId = jamendoId(id, "artist");
      const topQuery = { artist_id: artistId, order: "popularity_total", limit: ARTIST_TOP, type: ALL_TRACK_TYPES, imagesize: api.imageSize };
      const [artists, top] = await Promise.all([
        api.get("/artists/", JamendoArtists, { query: { id: artistId }, signal }),
        api.get("/tracks/", JamendoTracks, { query: topQuery, signal }),
      ]);
      const artist = only(artists.results, id, "artist");
      return {
        source: sourceId,
        id: artist.id,
        name: artist.name,
        avatar: imageOf(artist.image),
        song: top.results.map((t) => toSong(t, sourceId)),
        link: pageLink(artist.shareurl),
      };
    },

    async playlist(id, { page, size, urls }, { signal }) {
      // With `urls`, the tracks' `audio` is asked in the wanted quality's format and handed over.
      const query = { id: jamendoId(id, "playlist"), track_type: ALL_TRACK_TYPES, imagesize: api.imageSize, ...(urls ? audioQuery(urls) : {}) };
      const playlist = only((await api.get("/playlists/tracks/", JamendoPlaylists, { query, signal })).results, id, "playlist");
      const tracks = byPosition(playlist.tracks);
      const start = offsetOf(page, size);
      const song = tracks.slice(start, start + size).map((t): PlaylistSong => {
        const mapped = toSong(t, sourceId);
        return urls ? { ...mapped, url: addressFor(t, urls)?.url ?? null } : mapped;
      });
      return {
        source: sourceId,
        id: playlist.id,
        name: playlist.name,
        // Jamendo playlists have no picture of their own.
        cover: null,
        creator: playlist.user_name || null,
        count: tracks.length,
        song,
        page,
        size,
        total: tracks.length,
        hasMore: hasMoreAfter(page, size, tracks.length),
      };
    },
  };
}

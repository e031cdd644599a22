/**
 * Albums and artists, each from one `/lookup` with `entity=song`: Apple answers the album (or
 * artist) itself first, then its songs. Apple has no playlists in this API, and no artist
 * pictures (`avatar` is null).
 */
import { pageLink, publishDate, type SourceMethods } from "@music-aggregator/core";
import { itunesId, type ItunesApi } from "./api.ts";
import { missing } from "./errors.ts";
import { artworkOf, byDiscAndTrack, isSong, toSong } from "./mapping.ts";
import type { ItunesArtist, ItunesCollection } from "./wire.ts";

/** The most songs one lookup gives (Apple's cap): an album is read whole up to this. */
const ALBUM_SONGS = 200;
/** An artist's songs, as Apple ranks them. */
const ARTIST_SONGS = 50;

export function collectionMethods(api: ItunesApi, sourceId: string): Pick<SourceMethods, "album" | "artist"> {
  return {
    async album(id, { signal }) {
      const answer = await api.lookup([itunesId(id, "album")], { entity: "song", limit: ALBUM_SONGS, signal });
      // A song's or artist's id finds that song or artist: not an album.
      const album = answer.results.find((e) => e.type === "collection" && e.collectionId === id) as ItunesCollection | undefined;
      if (!album) throw missing("album", id);
      const songs = answer.results.filter(isSong).sort(byDiscAndTrack);
      return {
        source: sourceId,
        id: album.collectionId,
        name: album.collectionName,
        artist: [album.artistName],
        cover: artworkOf(album),
        publishAt: publishDate(album.releaseDate),
        song: songs.map((s) => toSong(s, sourceId)),
        link: pageLink(album.collectionViewUrl),
      };
    },

    async artist(id, { signal }) {
      const answer = await api.lookup([itunesId(id, "artist")], { entity: "song", limit: ARTIST_SONGS, signal });
      const artist = answer.results.find((e) => e.type === "artist" && e.artistId === id) as ItunesArtist | undefined;
      if (!artist) throw missing("artist", id);
      return {
        source: sourceId,
        id: artist.artistId,
        name: artist.artistName,
        avatar: null,
        song: answer.results.filter(isSong).map((s) => toSong(s, sourceId)),
        link: pageLink(artist.artistLinkUrl),
      };
    },
  };
}

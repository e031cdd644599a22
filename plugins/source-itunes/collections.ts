/**
 * Albums and artists, each from one `/lookup` with `entity=song`: Apple answers the album (or
 * artist) itself first, then its songs; the `upc` look-up is the same call by barcode. Apple
 * has no playlists in this API, and no artist pictures (`avatar` is null). Its answers carry
 * no barcode: an album has one only when it was found by it.
 */
import { pageLink, publishDate, type AlbumDetail, type SourceLookups, type SourceMethods } from "@music-aggregator/core";
import { itunesId, type ItunesApi } from "./api.ts";
import { missing } from "./errors.ts";
import { artworkOf, byDiscAndTrack, isSong, toSong } from "./mapping.ts";
import type { ItunesAnswer, ItunesArtist, ItunesCollection } from "./wire.ts";

/** The most songs one lookup gives (Apple's cap): an album is read whole up to this. */
const ALBUM_SONGS = 200;
/** An artist's songs, as Apple ranks them. */
const ARTIST_SONGS = 50;

export function collectionMethods(api: ItunesApi, sourceId: string): Pick<SourceMethods, "album" | "artist"> {
  return {
    async album(id, { signal }) {
      const answer = await api.lookup([itunesId(id, "album")], { entity: "song", limit: ALBUM_SONGS, signal });
      // A song's or artist's id finds that song or artist: not an album.
      const album = albumOf(answer, sourceId, (e) => e.collectionId === id);
      if (!album) throw missing("album", id);
      return album;
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

/** The `upc` look-up: one `/lookup?upc=…&entity=song`, the album then its songs; none when Apple has no such barcode. */
export function upcLookup(api: ItunesApi, sourceId: string): Pick<SourceLookups, "upc"> {
  return {
    async upc(upc, { signal }) {
      const album = albumOf(await api.lookupUpc(upc, { entity: "song", limit: ALBUM_SONGS, signal }), sourceId, () => true);
      return album ? [{ ...album, upc }] : [];
    },
  };
}

// --- internal ---

/** The album of a lookup answer (the collection `which` picks) with its songs in disc and track order. */
function albumOf(answer: ItunesAnswer, sourceId: string, which: (collection: ItunesCollection) => boolean): AlbumDetail | undefined {
  const album = answer.results.find((e) => e.type === "collection" && which(e as ItunesCollection)) as ItunesCollection | undefined;
  if (!album) return undefined;
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
}

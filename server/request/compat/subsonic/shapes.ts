/**
 * The service's songs, albums, artists and lists as Subsonic's `Child`, `AlbumID3`,
 * `ArtistID3` and `Playlist` (docs/decisions.md, "Subsonic"), with OpenSubsonic's additions a
 * client shows (`displayArtist`, `artists`, `mediaType`). Every id is an opaque id (`ids.ts`);
 * a cover is asked for by the id of what it is the cover of (`getCoverArt`). Subsonic requires
 * `created` (a library's "added" time); this service has no library, so it is the release
 * date where known, else the epoch: the same on every instance.
 */
import type { AlbumDetail, ArtistDetail, Song } from "@music-aggregator/core";
import { encodeId } from "./ids.ts";

export type Child = Record<string, unknown> & { id: string };

export function childOf(song: Song & { publishAt?: string | null }): Child {
  const artists = creditsOf(song);
  const album = song.albumId ? encodeId("al", song.source, song.albumId) : undefined;
  return {
    id: encodeId("so", song.source, song.id),
    parent: album,
    isDir: false,
    title: song.name,
    album: song.album || undefined,
    artist: song.artist.join(" / ") || undefined,
    year: yearOf(song.publishAt),
    coverArt: song.cover ? encodeId("so", song.source, song.id) : undefined,
    duration: song.duration,
    albumId: album,
    artistId: artists[0]?.id,
    type: "music",
    isVideo: false,
    mediaType: "song",
    displayArtist: song.artist.join(" / "),
    artists,
  };
}

/** An album as its detail tells it (`getAlbum`), or as the songs seen of it tell it (lists, searches). */
export function albumOf(album: Pick<AlbumDetail, "source" | "id" | "name" | "artist" | "cover"> & { publishAt?: string | null }, songs: Song[]): Record<string, unknown> {
  const first = songs[0] as Song | undefined;
  const artist = first && creditsOf(first)[0];
  return {
    id: encodeId("al", album.source, album.id),
    name: album.name,
    artist: album.artist.join(" / ") || undefined,
    artistId: artist?.id,
    coverArt: album.cover || first?.cover ? encodeId("al", album.source, album.id) : undefined,
    songCount: songs.length,
    duration: songs.reduce((sum, song) => sum + song.duration, 0),
    created: createdOf(album.publishAt),
    year: yearOf(album.publishAt),
    displayArtist: album.artist.join(" / "),
  };
}

/** The albums of `songs` (those with an album id), in order of first appearance. */
export function albumsOf(songs: Song[]): Record<string, unknown>[] {
  return groups(songs, (song) => (song.albumId ? [song.albumId] : [])).map(([albumId, of]) =>
    albumOf({ source: of[0].source, id: albumId, name: of[0].album, artist: of[0].artist, cover: of[0].cover }, of),
  );
}

/** The artists of `songs` that have an id, in order of first appearance, with the number of their albums among them. */
export function artistsOf(songs: Song[]): { id: string; name: string; albumCount: number; coverArt: string }[] {
  return groups(songs, (song) => (song.artistId ?? []).filter((id) => id !== "")).map(([artistId, of]) => {
    const song = of[0];
    const name = song.artist[song.artistId!.indexOf(artistId)];
    return { id: encodeId("ar", song.source, artistId), name, albumCount: new Set(of.map((s) => s.albumId).filter(Boolean)).size, coverArt: encodeId("ar", song.source, artistId) };
  });
}

export function artistOf(artist: ArtistDetail): Record<string, unknown> {
  const albums = albumsOf(artist.song);
  return { id: encodeId("ar", artist.source, artist.id), name: artist.name, coverArt: artist.avatar ? encodeId("ar", artist.source, artist.id) : undefined, albumCount: albums.length, album: albums };
}

export function createdOf(publishAt: string | null | undefined): string {
  return publishAt ? `${publishAt.padEnd(10, "-01").slice(0, 10)}T00:00:00.000Z` : "1970-01-01T00:00:00.000Z";
}

// --- internal ---

/** A song's artists as OpenSubsonic's `artists`: those the source gives an id. */
function creditsOf(song: Song): { id: string; name: string }[] {
  return (song.artistId ?? []).flatMap((id, i) => (id ? [{ id: encodeId("ar", song.source, id), name: song.artist[i] }] : []));
}

function yearOf(publishAt: string | null | undefined): number | undefined {
  return publishAt ? Number(publishAt.slice(0, 4)) : undefined;
}

/** `songs` grouped under each key `keys` gives them (source and key together), in order of first appearance. */
function groups(songs: Song[], keys: (song: Song) => string[]): [string, Song[]][] {
  const found = new Map<string, [string, Song[]]>();
  for (const song of songs) {
    for (const key of keys(song)) {
      const group = found.get(`${song.source}\u0000${key}`) ?? [key, []];
      group[1].push(song);
      found.set(`${song.source}\u0000${key}`, group);
    }
  }
  return [...found.values()];
}

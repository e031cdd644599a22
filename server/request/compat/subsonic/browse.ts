/**
 * The Subsonic calls that browse (docs/decisions.md, "Subsonic"): folders, artists, albums,
 * songs, the merged search, album lists, random songs, playlists and top songs, each made of
 * the `/v1` operations and the library (`library.ts`).
 */
import type { AlbumDetail, ArtistDetail, SearchResult, Song, SongDetail } from "@music-aggregator/core";
import { SubsonicError } from "./envelope.ts";
import { count, item, required, run, type Call, type Reply } from "./call.ts";
import { encodeId } from "./ids.ts";
import { foldersOf, libraryOf, listOf, type List } from "./library.ts";
import { albumOf, albumsOf, artistOf, artistsOf, childOf, createdOf } from "./shapes.ts";

/** Articles a client leaves out when it sorts artists: none are, here. */
const IGNORED_ARTICLES = "";
/** Songs a search reaches: the first 2 pages of 50 of the merged list, at most. */
const SEARCH_PAGE = 50;
export const ALBUM_LIST_TYPES = ["random", "newest", "highest", "frequent", "recent", "alphabeticalByName", "alphabeticalByArtist", "starred", "byYear", "byGenre"] as const;

export const BROWSE: Record<string, (c: Call) => Promise<Reply>> = {
  async getMusicFolders(c) {
    return { musicFolders: { musicFolder: foldersOf(c.front).map(({ id, name }) => ({ id, name })) } };
  },
  async getArtists(c) {
    const { songs } = await libraryOf(c.front, c.params.musicFolderId, c.signal);
    return { artists: { ignoredArticles: IGNORED_ARTICLES, index: indexOf(artistsOf(songs)) } };
  },
  async getIndexes(c) {
    const { songs } = await libraryOf(c.front, c.params.musicFolderId, c.signal);
    const index = indexOf(artistsOf(songs)).map(({ name, artist }) => ({ name, artist: artist.map(({ id, name }) => ({ id, name })) }));
    return { indexes: { lastModified: 0, ignoredArticles: IGNORED_ARTICLES, index } };
  },
  async getArtist(c) {
    const { source, id } = item(c, "id", "ar");
    return { artist: artistOf(await run<ArtistDetail>(c, "artist", { source, id })) };
  },
  async getAlbum(c) {
    const { source, id } = item(c, "id", "al");
    const album = await run<AlbumDetail>(c, "album", { source, id });
    return { album: { ...albumOf(album, album.song), song: album.song.map(childOf) } };
  },
  async getSong(c) {
    const { source, id } = item(c, "id", "so");
    return { song: childOf(await run<SongDetail>(c, "song", { source, id })) };
  },
  /** Folder browsing (DSub, and clients without ID3 mode): an artist's albums, an album's songs. */
  async getMusicDirectory(c) {
    const { kind, source, id } = item(c, "id", "ar", "al");
    if (kind === "al") {
      const album = await run<AlbumDetail>(c, "album", { source, id });
      return { directory: { id: encodeId("al", source, id), name: album.name, child: album.song.map(childOf) } };
    }
    const artist = await run<ArtistDetail>(c, "artist", { source, id });
    return { directory: { id: encodeId("ar", source, id), name: artist.name, child: albumsOf(artist.song).map(asDirectory) } };
  },
  async search3(c) {
    const songs = await searched(c);
    const window = (list: unknown[], name: string) => list.slice(count(c, `${name}Offset`, 0, 10_000)).slice(0, count(c, `${name}Count`, 20, 500));
    return { searchResult3: { artist: window(artistsOf(songs), "artist"), album: window(albumsOf(songs), "album"), song: window(songs.map(childOf), "song") } };
  },
  async getAlbumList2(c) {
    return { albumList2: { album: await albumList(c) } };
  },
  async getAlbumList(c) {
    return { albumList: { album: (await albumList(c)).map(asDirectory) } };
  },
  async getRandomSongs(c) {
    const { songs } = await libraryOf(c.front, c.params.musicFolderId, c.signal);
    return { randomSongs: { song: shuffled(songs).slice(0, count(c, "size", 10, 500)).map(childOf) } };
  },
  async getPlaylists(c) {
    const { lists } = await libraryOf(c.front, undefined, c.signal);
    return { playlists: { playlist: lists.map((list) => playlistOf(list, c.username)) } };
  },
  async getPlaylist(c) {
    const { kind, source, id } = item(c, "id", "pl", "ch");
    const list = await listOf(c.front, kind === "pl" ? { source, playlist: id } : { source, chart: id }, c.signal);
    return { playlist: { ...playlistOf(list, c.username), entry: list.songs.map(childOf) } };
  },
  /** The artist's popular songs, from the first source whose search finds an artist of that name with an id. */
  async getTopSongs(c) {
    const name = required(c, "artist");
    const found = (await run<SearchResult>(c, "search", { source: "all", q: name, size: "50" })).list.find((song) => artistIdNamed(song, name));
    const top = found ? (await run<ArtistDetail>(c, "artist", { source: found.source, id: artistIdNamed(found, name)! })).song : [];
    return { topSongs: { song: top.slice(0, count(c, "count", 50, 500)).map(childOf) } };
  },
};

/**
 * No source serves related tracks: a player's radio gets the artist's popular songs (of a song
 * or an album: its first artist's), or none when the source has no artist lookup.
 */
export async function similarSongs(c: Call): Promise<Song[]> {
  const { kind, source, id } = item(c, "id", "ar", "al", "so");
  const artistId = kind === "ar" ? id : (await run<{ artistId?: string[]; song?: Song[] }>(c, kind === "al" ? "album" : "song", { source, id }).then((d) => (d.artistId ?? d.song?.[0]?.artistId ?? [])[0]));
  if (!artistId || !c.front.sources.all().some((s) => s.id === source && s.capabilities.artist)) return [];
  return (await run<ArtistDetail>(c, "artist", { source, id: artistId })).song.slice(0, count(c, "count", 50, 500));
}

// --- internal ---

/** The songs `query` finds across every source; with no words (a client's whole-library sync), the library's. */
async function searched(c: Call): Promise<Song[]> {
  const query = (c.params.query ?? "").replace(/^""$/, "").trim();
  if (!query) return (await libraryOf(c.front, c.params.musicFolderId, c.signal)).songs;
  const first = await run<SearchResult>(c, "search", { source: "all", q: query, size: String(SEARCH_PAGE) });
  if (first.total <= SEARCH_PAGE || count(c, "songOffset", 0, 10_000) + count(c, "songCount", 20, 500) <= SEARCH_PAGE) return first.list;
  return [...first.list, ...(await run<SearchResult>(c, "search", { source: "all", q: query, size: String(SEARCH_PAGE), page: "2" })).list];
}

/**
 * `getAlbumList2`'s types over the library's albums: `frequent` and `highest` rank the charts'
 * albums first (what is played most now), `newest` and `recent` the playlists' (an operator
 * lists new-release playlists there), `random` shuffles, the alphabetical ones sort; nothing
 * here has a year, a genre or a star, so `byYear`, `byGenre` and `starred` are empty.
 */
async function albumList(c: Call): Promise<Record<string, unknown>[]> {
  const type = required(c, "type");
  if (!(ALBUM_LIST_TYPES as readonly string[]).includes(type)) throw new SubsonicError(0, `parameter type must be one of ${ALBUM_LIST_TYPES.join(", ")}`);
  // Their own parameters are still required, as the API has them: a client learns its mistake here, not from an empty list elsewhere.
  if (type === "byYear") for (const name of ["fromYear", "toYear"]) required(c, name) && count(c, name, 0, 9999);
  if (type === "byGenre") required(c, "genre");
  if (["byYear", "byGenre", "starred"].includes(type)) return [];
  const { lists } = await libraryOf(c.front, c.params.musicFolderId, c.signal);
  const charts = lists.filter((list) => list.id.startsWith("ch-"));
  const playlists = lists.filter((list) => list.id.startsWith("pl-"));
  const ordered = ["newest", "recent"].includes(type) ? [...playlists, ...charts] : [...charts, ...playlists];
  let albums = albumsOf(ordered.flatMap((list) => list.songs));
  if (type === "random") albums = shuffled(albums);
  const key = type === "alphabeticalByName" ? "name" : type === "alphabeticalByArtist" ? "artist" : undefined;
  if (key) albums.sort((a, b) => String(a[key] ?? "").localeCompare(String(b[key] ?? "")));
  return albums.slice(count(c, "offset", 0, 10_000)).slice(0, count(c, "size", 10, 500));
}

function playlistOf(list: List, owner: string): Record<string, unknown> {
  const changed = list.changed ?? createdOf(null);
  return {
    id: list.id,
    name: list.name,
    comment: list.creator ? `by ${list.creator}` : undefined,
    owner,
    public: true,
    songCount: list.songs.length,
    duration: list.songs.reduce((sum, song) => sum + song.duration, 0),
    created: changed,
    changed,
    coverArt: list.cover ? list.id : undefined,
  };
}

/** Artists under the upper-case first letter of their names (`#` for anything else), in name order. */
export function indexOf<A extends { name: string }>(artists: A[]): { name: string; artist: A[] }[] {
  const index = new Map<string, A[]>();
  for (const artist of [...artists].sort((a, b) => a.name.localeCompare(b.name))) {
    // The first code point, not the first UTF-16 unit: a letter outside the BMP (𝓛) is two units.
    const letter = /^\p{L}/u.test(artist.name) ? String.fromCodePoint(artist.name.codePointAt(0)!).toUpperCase() : "#";
    if (!index.has(letter)) index.set(letter, []);
    index.get(letter)!.push(artist);
  }
  return [...index].map(([name, artist]) => ({ name, artist })).sort((a, b) => a.name.localeCompare(b.name));
}

/** An album as folder browsing lists it: a directory. */
function asDirectory(album: Record<string, unknown>): Record<string, unknown> {
  return { id: album.id, parent: album.artistId, isDir: true, title: album.name, album: album.name, artist: album.artist, coverArt: album.coverArt, created: album.created };
}

/** The id of the artist of `song` called `name` (case aside). */
function artistIdNamed(song: Song, name: string): string | undefined {
  const at = song.artist.findIndex((artist) => artist.toLowerCase() === name.toLowerCase());
  return at >= 0 ? song.artistId?.[at] || undefined : undefined;
}

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/**
 * Albums, artists and playlists. An album comes whole (its embedded track list is followed
 * up with `/album/{id}/tracks` paging when it is shorter than `nb_tracks`); a playlist comes
 * one requested page at a time, with its header from `/playlist/{id}`.
 */
import { hasMoreAfter, offsetOf, pageLink, publishDate, upcField, type AlbumDetail, type SourceMethods } from "@music-aggregator/core";
import { deezerId, type DeezerApi } from "./api.ts";
import { coverOf, credits, pictureOf, previewOf, toSong, type AlbumContext } from "./mapping.ts";
import { DeezerAlbum, DeezerArtist, DeezerPlaylist, DeezerTrackPage, type DeezerTrack } from "./wire.ts";

/** Deezer's `/artist/{id}/top` gives at most 50 songs. */
const ARTIST_TOP = 50;
/** Tracks asked for per page when an album has to be paged through. */
const ALBUM_PAGE = 100;
/** A bound on album paging, so a misbehaving `next` can never loop (2,000 tracks at 100 a page). */
const MAX_ALBUM_PAGES = 20;

export function collectionMethods(api: DeezerApi, sourceId: string): Pick<SourceMethods, "album" | "artist" | "playlist"> {
  return {
    async album(id, { signal }) {
      return albumDetail(api, await api.get(`/album/${deezerId(id, "album")}`, DeezerAlbum, { signal }), sourceId, signal);
    },

    async artist(id, { signal }) {
      const path = `/artist/${deezerId(id, "artist")}`;
      const [artist, top] = await Promise.all([
        api.get(path, DeezerArtist, { signal }),
        api.get(`${path}/top`, DeezerTrackPage, { query: { limit: ARTIST_TOP }, signal }),
      ]);
      return {
        source: sourceId,
        id: artist.id,
        name: artist.name,
        avatar: pictureOf(artist),
        // This page's own artist has an id, whichever song credits them as a guest.
        song: top.data.map((t) => toSong(t, sourceId, undefined, [artist])),
        link: pageLink(artist.link),
      };
    },

    async playlist(id, { page, size, urls }, { signal }) {
      const path = `/playlist/${deezerId(id, "playlist")}`;
      const [playlist, tracks] = await Promise.all([
        api.get(path, DeezerPlaylist, { signal }),
        api.get(`${path}/tracks`, DeezerTrackPage, { query: { index: offsetOf(page, size), limit: size }, signal }),
      ]);
      return {
        source: sourceId,
        id: playlist.id,
        name: playlist.title,
        cover: pictureOf(playlist),
        creator: playlist.creator?.name ?? null,
        count: playlist.nb_tracks,
        // Each track carries its preview: addresses are handed over in bulk when asked for.
        song: tracks.data.slice(0, size).map((t) => (urls ? withPreview(t, sourceId) : toSong(t, sourceId))),
        page,
        size,
        total: playlist.nb_tracks,
        hasMore: hasMoreAfter(page, size, playlist.nb_tracks),
      };
    },
  };
}

/** An album as `/album/{id}` (or `/album/upc:{upc}`) answers it, whole, with its barcode where Deezer has one. */
export async function albumDetail(api: DeezerApi, album: DeezerAlbum, sourceId: string, signal?: AbortSignal): Promise<AlbumDetail> {
  const context: AlbumContext = { id: album.id, title: album.title, cover: coverOf(album) };
  const tracks = await albumTracks(api, album, signal);
  return {
    source: sourceId,
    id: album.id,
    name: album.title,
    artist: credits(album).artist,
    cover: context.cover,
    publishAt: publishDate(album.release_date),
    song: tracks.map((t) => toSong(t, sourceId, context)),
    link: pageLink(album.link),
    ...upcField(album.upc),
  };
}

// --- internal ---

/** A playlist track with its address: the preview, the only one Deezer has, whatever the quality asked, flagged as a clip. */
function withPreview(track: DeezerTrack, sourceId: string) {
  const song = toSong(track, sourceId);
  const preview = song.available ? previewOf(track) : null;
  return preview ? { ...song, url: preview, preview: true } : { ...song, url: null };
}

/**
 * Every track of an album. The embedded list may be cut short (long albums) or leave out
 * tracks, so when it is shorter than `nb_tracks` the whole list is read again from index 0
 * through `/album/{id}/tracks`, following `next` (read for its index, never fetched as is:
 * it names api.deezer.com, not the configured base URL).
 */
async function albumTracks(api: DeezerApi, album: DeezerAlbum, signal?: AbortSignal): Promise<DeezerTrack[]> {
  const embedded = album.tracks?.data ?? [];
  if (embedded.length >= album.nb_tracks) return embedded;
  const all: DeezerTrack[] = [];
  for (let pages = 0, index = 0; pages < MAX_ALBUM_PAGES; pages++) {
    const page = await api.get(`/album/${album.id}/tracks`, DeezerTrackPage, { query: { index, limit: ALBUM_PAGE }, signal });
    all.push(...page.data);
    if (!page.next || page.data.length === 0 || all.length >= album.nb_tracks) break;
    index = nextIndex(page.next) ?? index + page.data.length;
  }
  return all.length >= embedded.length ? all : embedded;
}

function nextIndex(next: string): number | undefined {
  try {
    const index = Number(new URL(next).searchParams.get("index"));
    return Number.isInteger(index) && index > 0 ? index : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Albums, artists and playlists. Audius keeps albums as playlists (`is_album`); either one is
 * its header from `/v1/playlists/{id}` plus its tracks from `/v1/playlists/{id}/tracks`, asked
 * for together. That tracks endpoint has no paging parameters: it answers the whole list, and
 * a playlist's page is cut from it here.
 */
import { hasMoreAfter, NotFoundError, offsetOf, upcField, type SourceMethods } from "@music-aggregator/core";
import { audiusId, type AudiusApi } from "./api.ts";
import { imageOf, permalinkOf, releaseDate, type Site, toSong } from "./mapping.ts";
import { withGatingAll } from "./songs.ts";
import { PlaylistAnswer, TrackListAnswer, UserAnswer, type AudiusPlaylist, type AudiusTrack } from "./wire.ts";

/** An artist's most played tracks, at most this many. */
const ARTIST_TOP = 50;

export function collectionMethods(api: AudiusApi, site: Site): Pick<SourceMethods, "album" | "artist" | "playlist"> {
  const { sourceId } = site;
  return {
    async album(id, { signal }) {
      const { header, tracks } = await collection(api, audiusId(id, "album"), "album", signal);
      const context = { id: header.id, name: header.playlist_name };
      return {
        source: sourceId,
        id: header.id,
        name: header.playlist_name,
        artist: [header.user.name],
        cover: imageOf(header.artwork),
        publishAt: releaseDate(header.release_date),
        song: (await withGatingAll(api, tracks, signal)).map((t) => toSong(t, sourceId, context)),
        link: permalinkOf(header.permalink, site),
        // An uploader types it (null when none): kept only when its check digit holds.
        ...upcField(header.upc),
      };
    },

    async artist(id, { signal }) {
      const path = `/v1/users/${audiusId(id, "artist")}`;
      const [user, top] = await Promise.all([
        api.get(path, UserAnswer, { signal }),
        // `sort` is deprecated for `sort_method`, but older discovery nodes know only `sort`.
        api.get(`${path}/tracks`, TrackListAnswer, { query: { sort: "plays", sort_method: "plays", sort_direction: "desc", limit: ARTIST_TOP }, signal }),
      ]);
      return {
        source: sourceId,
        id: user.data.id,
        name: user.data.name,
        avatar: imageOf(user.data.profile_picture),
        song: (await withGatingAll(api, top.data.slice(0, ARTIST_TOP), signal)).map((t) => toSong(t, sourceId)),
        link: permalinkOf(user.data.handle, site),
      };
    },

    /**
     * A playlist page. Audius's track objects carry no stream address, so `with_url` is not
     * answered in bulk here (`query.urls` is left alone): the core asks `url()` per track.
     */
    async playlist(id, { page, size }, { signal }) {
      const { header, tracks } = await collection(api, audiusId(id, "playlist"), "playlist", signal);
      const offset = offsetOf(page, size);
      return {
        source: sourceId,
        id: header.id,
        name: header.playlist_name,
        cover: imageOf(header.artwork),
        creator: header.user.name,
        // What the playlist holds; the track list may be shorter (some nodes leave gated tracks out).
        count: header.track_count,
        song: (await withGatingAll(api, tracks.slice(offset, offset + size), signal)).map((t) => toSong(t, sourceId)),
        page,
        size,
        total: tracks.length,
        hasMore: hasMoreAfter(page, size, tracks.length),
      };
    },
  };
}

// --- internal ---

/**
 * A collection's header and its whole track list, asked for together. The header speaks
 * first: for an id Audius does not know it is an empty list, and for an album asked of a
 * playlist it says `is_album: false`, both 3001 whatever the tracks endpoint made of the id.
 * A playlist may be an album (Audius keeps both alike); an album must be one.
 */
async function collection(api: AudiusApi, id: string, kind: "album" | "playlist", signal?: AbortSignal): Promise<{ header: AudiusPlaylist; tracks: AudiusTrack[] }> {
  const [header, tracks] = await Promise.allSettled([
    api.get(`/v1/playlists/${id}`, PlaylistAnswer, { signal }),
    api.get(`/v1/playlists/${id}/tracks`, TrackListAnswer, { signal }),
  ]);
  if (header.status === "rejected") throw header.reason;
  const found = header.value.data[0];
  if (!found) throw new NotFoundError(`Audius has no ${kind} ${id}`);
  if (kind === "album" && !found.is_album) throw new NotFoundError(`Audius ${id} is a playlist, not an album`);
  if (tracks.status === "rejected") throw tracks.reason;
  return { header: found, tracks: tracks.value.data };
}

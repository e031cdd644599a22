/**
 * A Deezer simulator: the routes the plugin uses, answering in Deezer's exact shape from the
 * hand-written catalog, with Deezer's paging (`index`/`limit`, `total`, `prev`/`next` naming
 * api.deezer.com), Deezer's error objects with HTTP 200, and a quota switch.
 */
import { getQuery, getRouterParam, type H3Event } from "h3";
import { hasAllWords, startSimulator, type RouteHandler, type Simulator } from "@music-aggregator/core/testing";
import { ALBUMS, ALL_TRACKS, ARTISTS, EDITORIALS, PLAYLISTS } from "./fixtures/catalog.ts";
import {
  type TrackSeed,
  NO_DATA,
  QUOTA,
  WRONG_PARAMETER,
  albumBody,
  albumTrack,
  artistBody,
  chartTrack,
  editorialBody,
  errorBody,
  isrcOf,
  listTrack,
  playlistTrack,
  trackBody,
} from "./fixtures/shapes.ts";

export interface DeezerSimulator extends Simulator {
  /** the next `times` requests, whatever the route, get Deezer's quota answer */
  quota(times: number): void;
}

/** Deezer caps the page size per route; the album's cap is small so albums need several pages. */
const ALBUM_TRACKS_MAX = 3;

/** `tracks`: the tracks `/track/{id}` and `/search` know (by default the hand-written catalog's). */
export async function startDeezerSimulator(tracks: TrackSeed[] = ALL_TRACKS): Promise<DeezerSimulator> {
  let quotaLeft = 0;
  const param = (event: H3Event) => Number(getRouterParam(event, "id"));
  // Deezer knows the album of every track it has: the catalog's, and those of the tracks given.
  const albums = () => [...ALBUMS, ...tracks.filter((t) => !ALBUMS.some((a) => a.seed.id === t.album.id)).map((t) => ({ seed: t.album, tracks: tracks.filter((x) => x.album.id === t.album.id).sort((a, b) => a.position - b.position), embedded: Infinity }))];
  const albumOf = (id: number) => albums().find((x) => x.seed.id === id);
  const routes: Record<string, RouteHandler> = {
    // `/track/isrc:{isrc}` finds the track of an ISRC, as `/track/{id}` answers it.
    "GET /track/:id": (e) => {
      const isrc = /^isrc:(.+)$/.exec(getRouterParam(e, "id") ?? "")?.[1];
      const t = isrc ? tracks.find((x) => isrcOf(x) === isrc) : tracks.find((x) => x.id === param(e));
      return t ? trackBody(t) : NO_DATA;
    },
    // `/album/upc:{upc}` finds the album of a barcode spelt exactly as the label delivered it.
    "GET /album/:id": (e) => {
      const upc = /^upc:(.+)$/.exec(getRouterParam(e, "id") ?? "")?.[1];
      const a = upc ? albums().find((x) => x.seed.upc === upc) : albumOf(param(e));
      return a ? albumBody(a.seed, a.tracks, a.embedded) : NO_DATA;
    },
    "GET /album/:id/tracks": (e) => {
      const a = albumOf(param(e));
      return a ? paged(e, a.tracks.map(albumTrack), { byDefault: 25, max: ALBUM_TRACKS_MAX }) : NO_DATA;
    },
    "GET /artist/:id": (e) => {
      const a = ARTISTS.find((x) => x.seed.id === param(e));
      return a ? artistBody(a.seed, a.nbAlbum, a.nbFan) : NO_DATA;
    },
    "GET /artist/:id/top": (e) => {
      const a = ARTISTS.find((x) => x.seed.id === param(e));
      return a ? paged(e, a.top.map(listTrack), { byDefault: 5 }) : NO_DATA;
    },
    "GET /playlist/:id": (e) => {
      const p = PLAYLISTS.find((x) => x.id === param(e));
      return p ? playlistHeader(p) : NO_DATA;
    },
    "GET /playlist/:id/tracks": (e) => {
      const p = PLAYLISTS.find((x) => x.id === param(e));
      return p ? paged(e, p.tracks.map((t) => playlistTrack(t, p.added)), { byDefault: 25 }) : NO_DATA;
    },
    "GET /editorial": (e) => paged(e, EDITORIALS.map((x) => editorialBody(x.id, x.name)), { byDefault: 25 }),
    "GET /editorial/:id": (e) => {
      const x = EDITORIALS.find((y) => y.id === param(e));
      return x ? editorialBody(x.id, x.name) : WRONG_PARAMETER;
    },
    "GET /chart/:id/tracks": (e) => {
      const x = EDITORIALS.find((y) => y.id === param(e));
      return x ? paged(e, x.chart.map((t, i) => chartTrack(t, i + 1)), { byDefault: 10 }) : NO_DATA;
    },
    "GET /search": (e) => {
      const q = String(getQuery(e).q ?? "");
      if (!q.trim()) return errorBody("MissingParameterException", "Missing parameters: q", 501);
      const hits = tracks.filter((t) => hasAllWords(q, t.title, t.artist.name, t.album.title));
      return paged(e, hits.map(listTrack), { byDefault: 25 });
    },
  };
  // Quota answers come first, as Deezer refuses before looking at the request.
  const withQuota = Object.fromEntries(
    Object.entries(routes).map(([pattern, handler]) => [
      pattern,
      (event: H3Event) => {
        if (quotaLeft > 0) {
          quotaLeft--;
          return QUOTA;
        }
        return handler(event);
      },
    ]),
  );
  const simulator = await startSimulator(withQuota);
  const reset = simulator.reset;
  return Object.assign(simulator, {
    quota(times: number) {
      quotaLeft = times;
    },
    reset() {
      reset();
      quotaLeft = 0;
    },
  });
}

// --- internal ---

/** Deezer's paging: `index` (from 0) and `limit`, capped; `prev`/`next` point at api.deezer.com. */
function paged(event: H3Event, items: unknown[], limits: { byDefault: number; max?: number }) {
  const query = getQuery(event) as Record<string, string>;
  const index = /^\d+$/.test(query.index ?? "") ? Number(query.index) : 0;
  const asked = /^\d+$/.test(query.limit ?? "") && Number(query.limit) > 0 ? Number(query.limit) : limits.byDefault;
  const limit = Math.min(asked, limits.max ?? 100);
  const link = (at: number) => {
    const params = new URLSearchParams({ ...query, index: String(at) });
    return `https://api.deezer.com${event.url.pathname}?${params}`;
  };
  return {
    data: items.slice(index, index + limit),
    total: items.length,
    ...(index > 0 ? { prev: link(Math.max(0, index - limit)) } : {}),
    ...(index + limit < items.length ? { next: link(index + limit) } : {}),
  };
}

/** `/playlist/{id}`: Deezer's embedded list leaves out tracks it cannot play, `nb_tracks` counts them all. */
function playlistHeader(p: (typeof PLAYLISTS)[number]) {
  const images = (size: string) => `https://e-cdns-images.dzcdn.net/images/playlist/${p.md5}/${size}-000000-80-0-0.jpg`;
  return {
    id: p.id,
    title: p.title,
    description: "Songs for the last ferry home",
    duration: p.tracks.reduce((sum, t) => sum + t.seconds, 0),
    public: true,
    is_loved_track: false,
    collaborative: false,
    nb_tracks: p.tracks.length,
    fans: 321,
    link: `https://www.deezer.com/playlist/${p.id}`,
    share: `https://www.deezer.com/playlist/${p.id}?utm_source=deezer&utm_content=playlist-${p.id}&utm_term=0_1700000000&utm_medium=web`,
    picture: `https://api.deezer.com/playlist/${p.id}/image`,
    picture_small: images("56x56"),
    picture_medium: images("250x250"),
    picture_big: images("500x500"),
    picture_xl: images("1000x1000"),
    checksum: "0f9e8d7c6b5a49382716a5b4c3d2e1f0",
    tracklist: `https://api.deezer.com/playlist/${p.id}/tracks`,
    creation_date: "2022-04-15 08:30:00",
    md5_image: p.md5,
    picture_type: "playlist",
    creator: { ...p.creator, tracklist: `https://api.deezer.com/user/${p.creator.id}/flow`, type: "user" },
    type: "playlist",
    tracks: { data: p.tracks.filter((t) => t.readable).map((t) => playlistTrack(t, p.added)), checksum: "0f9e8d7c6b5a49382716a5b4c3d2e1f0" },
  };
}

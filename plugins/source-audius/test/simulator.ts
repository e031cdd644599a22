/**
 * An Audius simulator: the `/v1` routes the plugin uses, answering in Audius's exact shape
 * from the hand-written catalog: `{"data": ...}` wrapping, `offset`/`limit` paging where the
 * description has it (none on a playlist's tracks), flask-restx error bodies with their
 * statuses, `/v1/playlists/{id}` answering an unknown id with an empty list, and the stream
 * endpoint's JSON answer (`no_redirect=true`), redirect, 403 and 404, access-info, and
 * `/v1/resolve`'s redirect from a page's path to its item.
 */
import { getQuery, getRouterParam, type H3Event } from "h3";
import { hasAllWords, startSimulator, type RouteHandler, type Simulator } from "@music-aggregator/core/testing";
import { ALL_TRACKS, PLAYLISTS, TRENDING, UNDERGROUND, USERS } from "./fixtures/catalog.ts";
import { accessInfoBody, data, errorResponse, forbidden, notFound, playlistBody, streamAddress, trackBody, userBody, type TrackSeed } from "./fixtures/shapes.ts";

/** The routes, as `Simulator.calls` counts them. */
export const ROUTES = {
  track: "GET /v1/tracks/:id",
  stream: "GET /v1/tracks/:id/stream",
  accessInfo: "GET /v1/tracks/:id/access-info",
  search: "GET /v1/tracks/search",
  trending: "GET /v1/tracks/trending",
  underground: "GET /v1/tracks/trending/underground",
  user: "GET /v1/users/:id",
  userTracks: "GET /v1/users/:id/tracks",
  playlist: "GET /v1/playlists/:id",
  playlistTracks: "GET /v1/playlists/:id/tracks",
  resolve: "GET /v1/resolve",
} as const;

export type AudiusSimulator = Simulator;

/** `tracks`: the tracks the track routes and search know (by default the hand-written catalog's). */
export async function startAudiusSimulator(tracks: TrackSeed[] = ALL_TRACKS): Promise<AudiusSimulator> {
  const routes: Record<string, RouteHandler> = {
    [ROUTES.track]: (e) => withId(e, (id) => {
      const t = tracks.find((x) => x.id === id);
      return t ? data(trackBody(t)) : notFound(id);
    }),
    [ROUTES.stream]: (e) => withId(e, (id) => stream(e, tracks.find((x) => x.id === id), id)),
    [ROUTES.accessInfo]: (e) => withId(e, (id) => {
      const t = tracks.find((x) => x.id === id);
      return t ? data(accessInfoBody(t)) : notFound(id);
    }),
    [ROUTES.search]: (e) => {
      const q = String(getQuery(e).query ?? "");
      if (!q.trim()) return errorResponse(400, "Oh no! Bad request parameter query.");
      const hits = tracks.filter((t) => hasAllWords(q, t.title, t.user.name, t.user.handle));
      return data(paged(e, hits, 10).map(trackBody));
    },
    [ROUTES.trending]: (e) => {
      const time = String(getQuery(e).time ?? "week");
      const chart = Object.hasOwn(TRENDING, time) ? TRENDING[time] : undefined;
      return chart ? data(paged(e, chart, 100).map(trackBody)) : errorResponse(400, "Oh no! Bad request parameter time.");
    },
    [ROUTES.underground]: (e) => data(paged(e, UNDERGROUND, 100).map(trackBody)),
    [ROUTES.user]: (e) => withId(e, (id) => {
      const u = USERS.find((x) => x.id === id);
      return u ? data(userBody(u)) : notFound(id);
    }),
    [ROUTES.userTracks]: (e) => withId(e, (id) => {
      const u = USERS.find((x) => x.id === id);
      if (!u) return notFound(id);
      const { sort, sort_method: method } = getQuery(e) as Record<string, string | undefined>;
      const byPlays = (method ?? sort) === "plays";
      const own = ALL_TRACKS.filter((t) => t.user.id === id).sort((a, b) => (byPlays ? b.plays - a.plays : newest(a, b)));
      return data(paged(e, own, 10).map(trackBody));
    }),
    [ROUTES.playlist]: (e) => withId(e, (id) => {
      const p = PLAYLISTS.find((x) => x.id === id);
      return data(p ? [playlistBody(p)] : []);
    }),
    // A page's path (or its whole address on audius.co) redirects, on this host, to the item's own `/v1` answer.
    [ROUTES.resolve]: (e) => {
      const asked = String(getQuery(e).url ?? "");
      const path = asked.startsWith("https://audius.co/") ? asked.slice("https://audius.co".length) : asked;
      const track = tracks.find((t) => trackBody(t).permalink === path);
      const playlist = PLAYLISTS.find((p) => playlistBody(p).permalink === path);
      const user = USERS.find((u) => `/${u.handle}` === path);
      const target = track ? `/v1/tracks/${track.id}` : playlist ? `/v1/playlists/${playlist.id}` : user ? `/v1/users/${user.id}` : undefined;
      return target ? new Response(null, { status: 302, headers: { location: target } }) : errorResponse(404, "Oh no! Resource not found.");
    },
    // No paging here: Audius answers the whole list.
    [ROUTES.playlistTracks]: (e) => withId(e, (id) => {
      const p = PLAYLISTS.find((x) => x.id === id);
      return p ? data(p.tracks.map(trackBody)) : notFound(id);
    }),
  };
  return startSimulator(routes);
}

// --- internal ---

/** Audius decodes the hashid first: anything it cannot decode is a 404 of its own. */
function withId(event: H3Event, answer: (id: string) => unknown) {
  const id = getRouterParam(event, "id") ?? "";
  return /^[A-Za-z0-9]+$/.test(id) ? answer(id) : errorResponse(404, `Invalid ID: '${id}'.`);
}

/** `/v1/tracks/{id}/stream`: the content node's address as JSON, or a redirect to it. */
function stream(event: H3Event, t: TrackSeed | undefined, id: string) {
  if (!t || t.deleted) return notFound(id);
  if (t.gate || t.previewCid || t.streamRefused || t.access === false) return forbidden();
  const address = streamAddress(t);
  if (String(getQuery(event).no_redirect) === "true") return data(address);
  return new Response(null, { status: 302, headers: { location: address } });
}

/** `offset` and `limit`, with the route's default page size. */
function paged(event: H3Event, items: TrackSeed[], byDefault: number): TrackSeed[] {
  const query = getQuery(event) as Record<string, string>;
  const offset = /^\d+$/.test(query.offset ?? "") ? Number(query.offset) : 0;
  const limit = /^\d+$/.test(query.limit ?? "") && Number(query.limit) > 0 ? Math.min(Number(query.limit), 100) : byDefault;
  return items.slice(offset, offset + limit);
}

function newest(a: TrackSeed, b: TrackSeed): number {
  return String(b.releaseDate).localeCompare(String(a.releaseDate));
}

/**
 * A Jamendo simulator: the read methods the plugin uses, under `/v3.0`, answering in Jamendo's
 * exact shape from the hand-written catalog. Like Jamendo it checks the client id (failure
 * code 5 otherwise), pages with `offset`/`limit` (10 by default, 200 at most), adds
 * `results_fullcount` only with `fullcount=true`, leaves singles out unless `type`/`track_type`
 * asks for them, answers an unknown id with empty `results`, and reports failures in the
 * headers with HTTP 200. A switch answers the next requests with the rate-limit failure (6).
 */
import { getQuery, type H3Event } from "h3";
import { startSimulator, type RouteHandler, type Simulator } from "@music-aggregator/core/testing";
import { ALBUMS, ALL_TRACKS, ARTISTS, CLIENT_ID, PLAYLISTS } from "./fixtures/catalog.ts";
import { INVALID_CLIENT, RATE_LIMITED, albumBody, artistBody, formatsOf, okAnswer, playlistBody, trackBody, type TrackSeed } from "./fixtures/shapes.ts";

export interface JamendoSimulator extends Simulator {
  /** the next `times` requests, whatever the route, get Jamendo's rate-limit failure (code 6) */
  rateLimit(times: number): void;
}

/** The path prefix of the API: the plugin's `baseURL` is `${url}/v3.0`. */
export const API_PREFIX = "/v3.0";

const POPULARITY = { popularity_week: "week", popularity_month: "month", popularity_total: "total" } as const;

export async function startJamendoSimulator(): Promise<JamendoSimulator> {
  let rateLimitedLeft = 0;
  const routes: Record<string, RouteHandler> = {
    "GET /tracks/": (e) => {
      const q = query(e);
      let tracks = ALL_TRACKS.filter((t) => types(q.type).includes(t.album ? "albumtrack" : "single"));
      if (q.id) tracks = tracks.filter((t) => list(q.id).includes(t.id));
      if (q.artist_id) tracks = tracks.filter((t) => list(q.artist_id).includes(t.artist.id));
      if (q.search) tracks = tracks.filter((t) => matches(t, q.search!));
      const order = POPULARITY[q.order as keyof typeof POPULARITY];
      if (order) tracks = [...tracks].sort((a, b) => b.popularity[order] - a.popularity[order]);
      return paged(q, tracks.map((t) => trackBody(t, formatsOf(q))));
    },
    "GET /albums/tracks/": (e) => {
      const q = query(e);
      const albums = ALBUMS.filter((a) => list(q.id).includes(a.seed.id));
      return paged(q, albums.map((a) => albumBody(a.seed, a.listed, formatsOf(q))));
    },
    "GET /artists/": (e) => {
      const q = query(e);
      return paged(q, ARTISTS.filter((a) => list(q.id).includes(a.id)).map(artistBody));
    },
    "GET /playlists/tracks/": (e) => {
      const q = query(e);
      const wanted = types(q.track_type);
      const playlists = PLAYLISTS.filter((p) => list(q.id).includes(p.id));
      return paged(q, playlists.map((p) => playlistBody(p, p.entries.filter((x) => wanted.includes(x.track.album ? "albumtrack" : "single")), formatsOf(q))));
    },
  };
  // The client id and the rate limit are checked before the request is looked at, as Jamendo does.
  const guarded = Object.fromEntries(
    Object.entries(routes).map(([pattern, handler]) => [
      pattern.replace(" /", ` ${API_PREFIX}/`),
      (event: H3Event) => {
        const clientId = query(event).client_id ?? "";
        if (clientId !== CLIENT_ID) return INVALID_CLIENT(clientId);
        if (rateLimitedLeft > 0) {
          rateLimitedLeft--;
          return RATE_LIMITED;
        }
        return handler(event);
      },
    ]),
  );
  const simulator = await startSimulator(guarded);
  const reset = simulator.reset;
  return Object.assign(simulator, {
    rateLimit(times: number) {
      rateLimitedLeft = times;
    },
    reset() {
      reset();
      rateLimitedLeft = 0;
    },
  });
}

// --- internal ---

function query(event: H3Event): Record<string, string | undefined> {
  return getQuery(event) as Record<string, string | undefined>;
}

/** Jamendo's lists: values separated by a space or a `+`. */
function list(value: string | undefined): string[] {
  return (value ?? "").split(/[ +]/).filter(Boolean);
}

/** The track types asked for; Jamendo's default is album tracks only. */
function types(value: string | undefined): string[] {
  return value ? list(value) : ["albumtrack"];
}

function matches(t: TrackSeed, search: string): boolean {
  return `${t.name} ${t.artist.name} ${t.album?.name ?? ""}`.toLowerCase().includes(search.toLowerCase());
}

/** `offset` and `limit` (default 10, at most 200); the full count only when `fullcount=true`. */
function paged(q: Record<string, string | undefined>, items: unknown[]) {
  const offset = /^\d+$/.test(q.offset ?? "") ? Number(q.offset) : 0;
  const limit = /^\d+$/.test(q.limit ?? "") ? Math.min(200, Number(q.limit)) : 10;
  return okAnswer(items.slice(offset, offset + limit), q.fullcount === "true" ? items.length : undefined);
}

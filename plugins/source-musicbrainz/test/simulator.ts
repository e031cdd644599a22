/**
 * A MusicBrainz web service simulator: the lookups and searches the plugin uses, under
 * `/ws/2`, answering in MusicBrainz' JSON from the hand-written catalogue. Like MusicBrainz it
 * answers XML unless asked `fmt=json`, includes only what `inc` asks for, answers an unknown id
 * or ISRC with 404 `{"error": "Not Found"}` and an id that is no UUID with 400, pages searches
 * with `limit` (25 by default, 100 at most) and `offset`, and understands the search terms the
 * plugin sends (`arid:`, `barcode:(… OR …)`, escaped words). It notes when each request
 * arrived, to check the budget's spacing, and a switch answers the next requests with its
 * rate-limit refusal (503).
 */
import { getQuery, getRouterParam, type H3Event } from "h3";
import { startSimulator, type RouteHandler, type Simulator } from "@music-aggregator/core/testing";
import { RECORDINGS, RELEASES, artist, recording, release, type RecordingSeed } from "./fixtures/catalog.ts";
import { NOT_FOUND, RATE_LIMITED, HELP, artistBody, recordingBody, recordingSearchBody, releaseBody, releaseSearchBody } from "./fixtures/shapes.ts";

export interface MusicBrainzSimulator extends Simulator {
  /** when each request arrived (`performance.now()`), in order */
  arrivals: number[];
  /** the next `times` requests, whatever the route, get MusicBrainz' rate-limit refusal (503) */
  rateLimit(times: number): void;
}

/** The path prefix of the web service: the plugin's `baseURL` is `${url}/ws/2`. */
export const API_PREFIX = "/ws/2";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function startMusicBrainzSimulator(): Promise<MusicBrainzSimulator> {
  let rateLimitedLeft = 0;
  const arrivals: number[] = [];
  const routes: Record<string, RouteHandler> = {
    "GET /recording": (e) => {
      const q = query(e);
      const found = searchRecordings(q.query ?? "");
      const { offset, limit } = paging(q);
      return recordingSearchBody(found.slice(offset, offset + limit), found.length, offset);
    },
    "GET /recording/:mbid": (e) => lookup(e, recording, (rec) => recordingBody(rec, inc(e))),
    "GET /release/:mbid": (e) => lookup(e, release, (r) => releaseBody(r, inc(e), (id) => recording(id)!)),
    "GET /release": (e) => {
      const wanted = /^barcode:\(([\d OR]+)\)$/.exec(query(e).query ?? "")?.[1].split(" OR ") ?? [];
      return releaseSearchBody(RELEASES.filter((r) => r.barcode !== null && wanted.includes(r.barcode)));
    },
    "GET /artist/:mbid": (e) => lookup(e, artist, artistBody),
    "GET /isrc/:isrc": (e) => {
      const isrc = getRouterParam(e, "isrc") ?? "";
      const found = RECORDINGS.filter((r) => r.isrcs.includes(isrc));
      if (!found.length) return Response.json(NOT_FOUND, { status: 404 });
      return { isrc, recordings: found.map((r) => recordingBody(r, inc(e))) };
    },
  };
  const guarded = Object.fromEntries(
    Object.entries(routes).map(([pattern, handler]) => [
      pattern.replace(" /", ` ${API_PREFIX}/`),
      (event: H3Event) => {
        arrivals.push(performance.now());
        if (rateLimitedLeft > 0) {
          rateLimitedLeft--;
          return Response.json(RATE_LIMITED, { status: 503 });
        }
        // Without `fmt=json` MusicBrainz answers its XML.
        if (query(event).fmt !== "json") return new Response('<?xml version="1.0" encoding="UTF-8"?><metadata xmlns="http://musicbrainz.org/ns/mmd-2.0#"/>', { headers: { "content-type": "application/xml" } });
        return handler(event);
      },
    ]),
  );
  const simulator = await startSimulator(guarded);
  const reset = simulator.reset;
  return Object.assign(simulator, {
    arrivals,
    rateLimit(times: number) {
      rateLimitedLeft = times;
    },
    reset() {
      reset();
      arrivals.length = 0;
      rateLimitedLeft = 0;
    },
  });
}

// --- internal ---

function query(event: H3Event): Record<string, string | undefined> {
  return getQuery(event) as Record<string, string | undefined>;
}

/** `inc`'s parts: separated by `+` (a `+` sent unencoded reads as a space). */
function inc(event: H3Event): string[] {
  return (query(event).inc ?? "").split(/[+ ]/).filter(Boolean);
}

function paging(q: Record<string, string | undefined>) {
  const offset = /^\d+$/.test(q.offset ?? "") ? Number(q.offset) : 0;
  const limit = /^\d+$/.test(q.limit ?? "") ? Math.min(100, Math.max(1, Number(q.limit))) : 25;
  return { offset, limit };
}

/** A lookup by MBID: 400 for what is no UUID, 404 for an unknown one. */
function lookup<T>(event: H3Event, find: (id: string) => T | undefined, body: (found: T) => unknown) {
  const id = getRouterParam(event, "mbid") ?? "";
  if (!UUID.test(id)) return Response.json({ error: "Invalid mbid.", help: HELP }, { status: 400 });
  const found = find(id);
  return found === undefined ? Response.json(NOT_FOUND, { status: 404 }) : body(found);
}

/** `arid:<mbid>` (the artist's recordings), else every word (backslash escapes undone) in the title or a credited name. */
function searchRecordings(text: string): RecordingSeed[] {
  const byArtist = /^arid:([0-9a-f-]{36})$/.exec(text)?.[1];
  if (byArtist) return RECORDINGS.filter((r) => r.credits.some((c) => c.artist.id === byArtist));
  const words = text.replace(/\\(.)/g, "$1").toLowerCase().split(/[\s,]+/).filter(Boolean);
  const searchable = (r: RecordingSeed) => `${r.title} ${r.credits.map((c) => c.name ?? c.artist.name).join(" ")}`.toLowerCase();
  return words.length ? RECORDINGS.filter((r) => words.every((w) => searchable(r).includes(w))) : [];
}


/**
 * `GET /meting`: the Meting API that MetingJS 2 and APlayer read (docs/decisions.md,
 * "Compatibility endpoints"), made of the `/v1` operations through `MusicService`, so the
 * cache, the fair shares, the VIP rule and `fallback` are theirs. `type=song|album|artist|
 * playlist|search` answers a JSON array of `{title, author, name, artist, url, pic, lrc}` whose
 * `url`, `pic` and `lrc` are addresses of this endpoint: `type=url` redirects to the song's
 * address (with `fallback`), `type=pic` to its cover, `type=lrc` answers the LRC text.
 * `auth` and `r` (Meting's signature and cache-buster) mean nothing here and are ignored.
 */
import type { H3, H3Event } from "h3";
import { z } from "zod";
import { InputError, isKind, type CachedAnswer, type ErrorKind, type PlaylistDetail, type Song, type SongDetail } from "@music-aggregator/core";
import { ERROR_CODES } from "@music-aggregator/core/host";
import { HTTP_STATUS } from "../../engine/errors.ts";
import { nameClient } from "../../engine/http/upstream-calls.ts";
import { OPERATIONS, type OperationName } from "../../engine/operations.ts";
import { ORIGIN_PATTERN } from "../../engine/params.ts";
import { jsonAnswer, textAnswer, type Answer } from "../answer.ts";
import { exchangeOf, requestUrl, type Exchange } from "../exchange.ts";
import type { HttpFront } from "../http-front.ts";
import { NEVER, entryFreshness, type Freshness } from "../http-caching.ts";
import type { RoutePolicy } from "../route-policy.ts";
import { corsHeaders } from "./cors.ts";
import { sourceOfServer } from "./servers.ts";

export const METING_TYPES = ["song", "album", "artist", "playlist", "search", "url", "pic", "lrc"] as const;
type MetingType = (typeof METING_TYPES)[number];

const MetingParams = z.object({
  server: z.string({ error: "parameter server is required" }).max(64, "parameter server must be at most 64 characters"),
  type: z.enum(METING_TYPES, { error: `parameter type must be one of ${METING_TYPES.join(", ")}` }),
  // Checked by the operation's own schema (an id's bounds, or search's for its words).
  id: z.string({ error: "parameter id is required" }),
});

/** Pages of 100 tracks a playlist is answered with at most, asked one after the other. */
const PLAYLIST_PAGES = 5;
/** Songs a search answers: Meting's own default. */
const SEARCH_SIZE = "30";

/** As `/v1`: the user-agent rule (a browser's passes) and the same rate limit. */
const POLICY: RoutePolicy = { family: "page", methods: ["GET", "HEAD"], userAgent: true, rateLimit: "" };

/** One entry of a Meting list: Meting's own names and the popular forks' (`name`, `artist`). */
export interface MetingSong {
  title: string;
  author: string;
  name: string;
  artist: string;
  url: string;
  pic: string;
  lrc: string;
}

export type Run = (name: OperationName, params: Record<string, string>) => Promise<CachedAnswer>;

export function registerMeting(app: H3, front: HttpFront): void {
  app.all("/meting", (event) => meting(event, front), { meta: { policy: POLICY } });
}

/**
 * A `/v1` operation for the query text a compatibility endpoint's parameters make; its
 * parameters are checked by the operation's schema, a search's words named as the caller names them (`query`).
 */
export async function runOperation(front: HttpFront, name: OperationName, raw: Record<string, string>, signal: AbortSignal, query = "id"): Promise<CachedAnswer> {
  const params = OPERATIONS[name].params.safeParse(raw);
  if (!params.success) throw new InputError(params.error.issues[0].message.replace(/^parameter q\b/, `parameter ${query}`));
  return front.music.run(name, params.data as never, signal);
}

// --- internal ---

async function meting(event: H3Event, front: HttpFront): Promise<Answer> {
  const ex = exchangeOf(event, POLICY);
  const url = requestUrl(event);
  const cors = corsHeaders(front.config.compat.meting.origins, ex, url.host);
  if (!cors) return refused(front, ex);
  Object.assign(ex.out, cors);
  // The site whose page asks is the origin the statistics count, as `/v1` counts `origin`.
  const site = ex.header("origin");
  if (site && ORIGIN_PATTERN.test(site)) ex.origin = site;
  const parsed = MetingParams.safeParse(ex.query());
  if (!parsed.success) throw new InputError(parsed.error.issues[0].message);
  const { server, type, id } = parsed.data;
  const source = type === "search" && server.toLowerCase() === "all" ? "all" : sourceOfServer(front.sources, server).id;
  ex.source = source;
  // The loads this request starts spend its client's shares of the upstreams' budgets.
  nameClient(event.req.signal, ex.client);
  const run: Run = (name, params) => runOperation(front, name, { source, id, ...params }, event.req.signal);
  if (type === "url") return address(run);
  if (type === "pic") {
    const song = await run("song", {});
    return redirect((JSON.parse(song.json) as SongDetail).cover, song);
  }
  if (type === "lrc") return lyrics(run);
  const { parts, songs } = await listOf(type, id, run);
  const [base, lyricsOf] = [front.config.server.publicUrl ?? requestOrigin(ex, url), front.music.sourceInfo().capability];
  const list = songs.map((song) => entry(song, base, lyricsOf[song.source]?.lyric === true));
  return { ...jsonAnswer(200, list, { "x-cache": cacheState(parts) }), freshness: freshnessOf(parts) };
}

/** The songs of a list type, and the answers they came from. */
export async function listOf(type: Exclude<MetingType, "url" | "pic" | "lrc">, id: string, run: Run): Promise<{ parts: CachedAnswer[]; songs: Song[] }> {
  if (type === "playlist") {
    const parts: CachedAnswer[] = [];
    const songs: Song[] = [];
    for (let page = 1; page <= PLAYLIST_PAGES; page++) {
      const part = await run("playlist", { page: String(page), size: "100" });
      const detail = JSON.parse(part.json) as PlaylistDetail;
      parts.push(part);
      songs.push(...detail.song);
      if (!detail.hasMore) break;
    }
    return { parts, songs };
  }
  const part = type === "search" ? await run("search", { q: id, size: SEARCH_SIZE }) : await run(type, {});
  const data = JSON.parse(part.json) as { song?: Song[]; list?: Song[] };
  return { parts: [part], songs: type === "song" ? [data as Song] : (data.list ?? data.song ?? []) };
}

/**
 * A song as Meting lists it. A VIP song, or one that is not publicly playable, has an empty
 * `url`, as Meting APIs answer it: never an address. APlayer writes `name` and `artist` into
 * its page as HTML, so `<` is sent as a look-alike: upstream text never becomes markup on the
 * pages that embed a player.
 */
export function entry(song: Song, base: string, hasLyrics: boolean): MetingSong {
  const at = (type: MetingType) => `${base}/meting?server=${song.source}&type=${type}&id=${component(song.id)}`;
  const title = plain(song.name);
  const author = plain(song.artist.join(" / "));
  return { title, author, name: title, artist: author, url: song.vip || !song.available ? "" : at("url"), pic: song.cover ? at("pic") : "", lrc: hasLyrics ? at("lrc") : "" };
}

/** `type=url`: a redirect to the song's address, with `fallback`; VIP or unplayable, an empty answer. */
async function address(run: Run): Promise<Answer> {
  try {
    const url = await run("url", { fallback: "1" });
    return redirect((JSON.parse(url.json) as { url: string }).url, url);
  } catch (error) {
    if (isKind(error, "paid", "notFound")) return empty((error as { kind: ErrorKind }).kind);
    throw error;
  }
}

/** `type=lrc`: the LRC text; a song without lyrics answers an empty text (APlayer then shows none, and no error). */
async function lyrics(run: Run): Promise<Answer> {
  try {
    const lyric = await run("lyric", {});
    return textAnswer(200, (JSON.parse(lyric.json) as { lyric: string }).lyric, "text/plain; charset=utf-8", freshnessOf([lyric]), { "x-cache": cacheState([lyric]) });
  } catch (error) {
    if (isKind(error, "notFound")) return { ...textAnswer(200, "", "text/plain; charset=utf-8", NEVER), code: ERROR_CODES.notFound };
    throw error;
  }
}

/** A redirect to an upstream's address; anything but an http(s) URL is no address. */
function redirect(target: string | null, from: CachedAnswer): Answer {
  if (!target || !/^https?:\/\/[^\s]+$/.test(target)) return empty("notFound");
  return { status: 302, headers: { location: target, "x-cache": cacheState([from]) }, body: null, freshness: freshnessOf([from]), code: 0 };
}

/** An empty address: the status of the failure, no body; the code says why in the access line and the metrics. */
function empty(kind: ErrorKind): Answer {
  return { ...textAnswer(HTTP_STATUS[kind].v1, "", "text/plain; charset=utf-8", NEVER), code: ERROR_CODES[kind] };
}

/** A page of another site that the config does not list: no data, and the log says why. */
function refused(front: HttpFront, ex: Exchange): Answer {
  const origin = ex.header("origin")!.slice(0, 100);
  front.log.warn(`/meting: refused a cross-origin read from ${JSON.stringify(origin)}: that origin is not in config compat.meting.origins`, { reqId: ex.reqId });
  return textAnswer(403, "This site may not read this service's Meting answers: its origin is not in the service's config compat.meting.origins.", "text/plain; charset=utf-8", NEVER);
}

/** As long as the first of its answers stays cached; not at all when one is not one cached answer, or stale. */
export function freshnessOf(parts: CachedAnswer[]): Freshness {
  if (parts.some((p) => p.expiresAt === undefined || p.status === "stale")) return NEVER;
  return entryFreshness(Math.min(...parts.map((p) => p.expiresAt!)));
}

export function cacheState(parts: CachedAnswer[]): string {
  if (parts.some((p) => p.status === "stale")) return "STALE";
  return parts.every((p) => p.status === "hit" && p.cost === 0) ? "HIT" : "MISS";
}

/**
 * This service's origin as the request names it (its `Host`), when no `server.publicUrl` is
 * configured: `https` when a proxy in front
 * says so in `X-Forwarded-Proto`: only ever an upgrade, so a page served over https never gets
 * http addresses, and a client that forges the header only gets https addresses itself.
 */
function requestOrigin(ex: Exchange, url: URL): string {
  return /^\s*https\s*(,|$)/i.test(ex.header("x-forwarded-proto") ?? "") ? `https://${url.host}` : url.origin;
}

/** A query component; `'()*!` too, which APlayer would otherwise put raw into a CSS `url('…')`. */
export function component(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Without `<`, nothing in a text is a tag (a lone `>`, as in a segue's "->", is only text). */
function plain(text: string): string {
  return text.replace(/</g, "‹");
}

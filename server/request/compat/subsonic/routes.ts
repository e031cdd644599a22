/**
 * `/rest/<call>` and `/rest/<call>.view`, GET and POST form (OpenSubsonic `formPost`): the
 * Subsonic API over the service's operations, read-only (docs/decisions.md, "Subsonic").
 * Every call is authenticated first (`auth.ts`: no user configured, nothing served), then
 * answered in the envelope `f` asks for (`envelope.ts`). Subsonic clients name themselves with
 * `c`, so `/rest` has no user-agent rule; it has a rate limit of its own, which counts
 * refusals too. Writes change nothing: most answer error 50; `scrobble` and `savePlayQueue`
 * succeed as no-ops, because players send them after every song and on every pause, and show
 * or retry each failure.
 */
import type { H3, H3Event } from "h3";
import { InputError } from "@music-aggregator/core";
import { nameClient } from "../../../engine/http/upstream-calls.ts";
import { readCapped } from "../../../engine/http/read-capped.ts";
import type { Answer } from "../../answer.ts";
import { exchangeOf, firstValues, type Exchange } from "../../exchange.ts";
import type { HttpFront } from "../../http-front.ts";
import type { RoutePolicy } from "../../route-policy.ts";
import { cacheState } from "../meting.ts";
import { authenticate } from "./auth.ts";
import { BROWSE, similarSongs } from "./browse.ts";
import type { Call, Reply } from "./call.ts";
import { SubsonicError, noteFormat, okAnswer } from "./envelope.ts";
import { foldersOf } from "./library.ts";
import { coverArt, lyricsByName, lyricsBySongId, stream } from "./media.ts";
import { childOf } from "./shapes.ts";

export const SUBSONIC_POLICY: RoutePolicy = { family: "subsonic", methods: ["GET", "HEAD", "POST"], userAgent: false, rateLimit: "subsonic:" };

/** The OpenSubsonic extensions served. */
export const EXTENSIONS = [
  { name: "apiKeyAuthentication", versions: [1] },
  { name: "formPost", versions: [1] },
  { name: "songLyrics", versions: [1] },
];

/** The calls of one item, whose answers are kept (`keep`); a list or a random pick is made anew each time. */
const KEPT = ["getAlbum", "getSong", "getArtist", "getMusicDirectory", "getPlaylist", "getLyricsBySongId"];
/** Writes that succeed and change nothing (see above); every other write is error 50. */
const NO_OPS = ["scrobble", "savePlayQueue"];
const WRITES = [
  "star", "unstar", "setRating", "createPlaylist", "updatePlaylist", "deletePlaylist", "createShare", "updateShare", "deleteShare",
  "createBookmark", "deleteBookmark", "createInternetRadioStation", "updateInternetRadioStation", "deleteInternetRadioStation",
  "createUser", "updateUser", "deleteUser", "changePassword", "createPodcastChannel", "deletePodcastChannel", "deletePodcastEpisode",
  "downloadPodcastEpisode", "refreshPodcasts", "startScan", "jukeboxControl", "addChatMessage", "getUsers",
];
/** Reads of what this service has none of (stars, podcasts, radio, genres, …): empty, so that a client's start-up goes through. */
const EMPTY: Record<string, string | undefined> = {
  getGenres: "genres", getStarred: "starred", getStarred2: "starred2", getNowPlaying: "nowPlaying", getPodcasts: "podcasts",
  getNewestPodcasts: "newestPodcasts", getBookmarks: "bookmarks", getInternetRadioStations: "internetRadioStations", getShares: "shares",
  getArtistInfo: "artistInfo", getArtistInfo2: "artistInfo2", getAlbumInfo: "albumInfo", getAlbumInfo2: "albumInfo", getVideos: "videos",
  getChatMessages: "chatMessages", getSongsByGenre: "songsByGenre", getPlayQueue: undefined,
};

const CALLS: Record<string, (c: Call) => Promise<Reply>> = {
  ...BROWSE,
  ping: async () => ({}),
  getLicense: async () => ({ license: { valid: true } }),
  getOpenSubsonicExtensions: async () => ({ openSubsonicExtensions: EXTENSIONS }),
  tokenInfo: async (c) => ({ tokenInfo: { username: c.username } }),
  getUser: async (c) => {
    if ((c.params.username ?? c.username) !== c.username) throw new SubsonicError(50, "a user may only read their own account here");
    return { user: userOf(c) };
  },
  getScanStatus: async () => ({ scanStatus: { scanning: false, count: 0 } }),
  getSimilarSongs: async (c) => ({ similarSongs: { song: (await similarSongs(c)).map(childOf) } }),
  getSimilarSongs2: async (c) => ({ similarSongs2: { song: (await similarSongs(c)).map(childOf) } }),
  getCoverArt: coverArt,
  stream,
  download: stream,
  getLyricsBySongId: lyricsBySongId,
  getLyrics: lyricsByName,
  ...Object.fromEntries(Object.entries(EMPTY).map(([name, element]) => [name, async () => (element ? { [element]: {} } : {})])),
  ...Object.fromEntries(NO_OPS.map((name) => [name, async () => ({})])),
};

export function registerSubsonic(app: H3, front: HttpFront): void {
  app.all("/rest/:call", (event) => subsonic(event, front), { meta: { policy: SUBSONIC_POLICY } });
}

// --- internal ---

/** A form body is a few hundred bytes: a client's parameters. */
const MAX_FORM_BYTES = 16 * 1024;

async function subsonic(event: H3Event, front: HttpFront): Promise<Answer> {
  const ex = exchangeOf(event, SUBSONIC_POLICY);
  const params = await paramsOf(event, ex, front.config.server.bodyTimeoutMs);
  const format = noteFormat(ex, params);
  if (params.f === "jsonp" && format.f !== "jsonp") throw new SubsonicError(params.callback ? 0 : 10, params.callback ? "parameter callback must be one to four dot-separated JavaScript identifiers" : "parameter callback is required");
  const username = authenticate(front.config.compat.subsonic.users, params);
  const name = /^\/rest\/([A-Za-z0-9]{1,40})(?:\.view)?$/.exec(ex.path)?.[1] ?? "";
  if (WRITES.includes(name)) throw new SubsonicError(50, `this server is read-only: ${name} changes nothing here`);
  const call = Object.hasOwn(CALLS, name) ? CALLS[name] : undefined;
  if (!call) throw new SubsonicError(0, `unknown call ${JSON.stringify(name || ex.path.slice(0, 60))}`);
  nameClient(event.req.signal, ex.client);
  const c: Call = { front, params, username, signal: event.req.signal, parts: [] };
  const reply = await call(c);
  if ("status" in reply && "headers" in reply) return reply as Answer;
  const answer = okAnswer(format, reply);
  if (c.parts.length) answer.headers["x-cache"] = cacheState(c.parts);
  if (KEPT.includes(name)) keep(front, event, ex, answer, c);
  return answer;
}

/**
 * Keeps the answer of one item's call for its request target, as long as its cached answers
 * live: the same target is the same credentials and parameters, so the same answer (a player
 * that keeps its salt, or signs in by API key, asks it again before h3).
 */
function keep(front: HttpFront, event: H3Event, ex: Exchange, answer: Answer, c: Call): void {
  const target = (event.runtime?.node?.req as { url?: string } | undefined)?.url;
  if (!front.keptRest || !target || ex.method !== "GET" || c.parts.some((p) => p.status === "stale" || p.expiresAt === undefined)) return;
  const expiresAt = Math.min(...c.parts.map((p) => p.expiresAt!));
  answer.forms = front.keptRest.keep(target, { answer: { ...answer, headers: { ...answer.headers, "x-cache": "HIT" } }, expiresAt, policy: SUBSONIC_POLICY, route: "/rest/:call", path: ex.path });
}

/** The query's parameters, and a form body's (OpenSubsonic `formPost`); the query's win. */
async function paramsOf(event: H3Event, ex: Exchange, timeoutMs: number): Promise<Record<string, string>> {
  const type = (ex.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (ex.method !== "POST" || type !== "application/x-www-form-urlencoded") return ex.query();
  const deadline = AbortSignal.timeout(timeoutMs);
  const text = await readCapped(event.req.body, MAX_FORM_BYTES, deadline).catch(() => {
    throw new InputError(deadline.aborted ? `body was not received within ${timeoutMs} ms` : "body could not be read", "requestTimeout");
  });
  if (text === undefined) throw new InputError(`body must be at most ${MAX_FORM_BYTES} bytes`, "tooLarge");
  return { ...firstValues(new URLSearchParams(text)), ...ex.query() };
}

function userOf(c: Call): Record<string, unknown> {
  const roles = ["adminRole", "settingsRole", "uploadRole", "playlistRole", "coverArtRole", "commentRole", "podcastRole", "jukeboxRole", "shareRole", "videoConversionRole"];
  return {
    username: c.username,
    scrobblingEnabled: false,
    ...Object.fromEntries(roles.map((role) => [role, false])),
    downloadRole: true,
    streamRole: true,
    folder: foldersOf(c.front).map((folder) => folder.id),
  };
}

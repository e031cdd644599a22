/**
 * The one table of `/v1` operations. Each is declared here once: its `/v1` path and
 * parameters, what it answers (validated before it is cached), its default lifetime, the
 * parameters its cached answer depends on, and how the plugin is called. The endpoints, the
 * documentation, the capability matrix and the config's lifetime keys are all derived from it;
 * `MusicService` adds only what is not generic (all-search, lyrics through the provider,
 * addresses of playlist tracks). Most operations are a source's (a plugin method each);
 * `match` is the service's own, made of other operations (`by: "service"`).
 */
import { z } from "zod";
import { AlbumDetail, ArtistDetail, Lyric, PlaylistDetail, RankDetail, RankList, SearchResult, SongDetail, SongUrl, type CallContext, type Capability, type SourceMethods } from "@music-aggregator/core";
import { LookupParams, PlaylistParams, RankParams, ResolveParams, SearchParams, SongUrlParams, SourceAndId, TransferParams } from "./params.ts";
import { CAPABILITIES } from "@music-aggregator/core/host";
import { LookupResult, MatchResult, ResolveResult, SearchPage, TransferPage } from "./domain.ts";

type CacheKey = Record<string, string | number | undefined>;

interface OperationSpec<P extends { source: string }> {
  /** `/v1` path */
  path: string;
  summary: string;
  /** more about the answer, for the documentation (OpenAPI, `GET /`) */
  notes?: string;
  /** the operation's query parameters (besides `origin` and `callback`) */
  params: z.ZodType<P, any>;
  /** the spec declares `cb` as an alias of `callback` everywhere but on playlist */
  cbAlias: boolean;
  /** what the plugin answers (validated before it is cached); the name is the documentation's */
  result: { name: string; schema: (params: P) => z.ZodType };
  /** what `data` of a success is, as documented (OpenAPI) */
  data: z.ZodType;
  /** default lifetime of a cached answer, seconds (config `cache.ttl.<capability>`) */
  ttl: number;
  /** what the cached answer depends on (the cache key, besides the source) */
  key(params: P): CacheKey;
}

/** An operation a source serves with a plugin method. */
export interface SourceOperation<P extends { source: string } = any> extends OperationSpec<P> {
  /** the plugin call */
  call(methods: SourceMethods, params: P, ctx: CallContext): Promise<unknown>;
}

/** An operation the service provides for a source, made of other operations: no plugin method. */
export interface ServiceOperation<P extends { source: string } = any> extends OperationSpec<P> {
  by: "service";
  /** it also takes a body by POST (docs/decisions.md, "Transfer a playlist": the one body `/v1` takes) */
  body?: string;
}

export type Operation<P extends { source: string } = any> = SourceOperation<P> | ServiceOperation<P>;

const operation = <P extends { source: string }>(spec: SourceOperation<P>): SourceOperation<P> => spec;
const fixed = (name: string, schema: z.ZodType) => ({ name, schema: () => schema });

/** Every capability, in the order of the capability matrix. */
export const OPERATIONS = {
  search: operation({
    path: "/v1/search",
    summary: "Search songs in one source, or in every source at once with source=all.",
    notes:
      "The pages of one query are consecutive slices of one list: page p of size s holds items (p-1)*s to p*s-1, every page is full but the last, " +
      "and total is the same on every page (a page past the end is empty, with that total). With source=all the list is every source's window " +
      "of results (Deezer 100, iTunes 200, Audius 100, the Internet Archive 20 items), ranked by how well title and artist match q (an artist's " +
      "name lists their songs first; equal matches in the order of each upstream's popularity), one entry per recording, every copy folded " +
      "into it, the same source's included: the most playable copy is shown, the others are named in alternatives; total is the number of " +
      "entries. Per source: a source " +
      "with a grand total upstream (Deezer, the archive) reports it, and a page past its window is asked of it; a source without one (iTunes, Audius) " +
      "is asked once for its window, and total counts the window's songs.",
    params: SearchParams,
    cbAlias: true,
    data: SearchPage,
    result: fixed("SearchPage", SearchResult),
    ttl: 600,
    key: ({ q, page, size }) => ({ q, page, size }),
    call: (m, { q, page, size }, ctx) => m.search({ q, page, size }, ctx),
  }),
  song: operation({
    path: "/v1/song",
    summary: "A song's details.",
    params: SourceAndId,
    cbAlias: true,
    data: SongDetail,
    result: fixed("SongDetail", SongDetail),
    ttl: 6 * 3600,
    key: ({ id }) => ({ id }),
    call: (m, { id }, ctx) => m.song(id, ctx),
  }),
  url: operation({
    path: "/v1/song/url",
    summary: "A publicly playable address of a song (3002 for VIP/paid songs).",
    params: SongUrlParams,
    cbAlias: true,
    data: SongUrl,
    result: fixed("SongUrl", SongUrl),
    // and at most until the address's `expireAt` minus 60 s
    ttl: 1200,
    key: ({ id, quality }) => ({ id, quality }),
    call: (m, { id, quality }, ctx) => m.url(id, quality, ctx),
  }),
  lyric: operation({
    path: "/v1/lyric",
    summary: "LRC lyrics of a song.",
    params: SourceAndId,
    cbAlias: true,
    data: Lyric,
    result: fixed("Lyric", Lyric),
    ttl: 24 * 3600,
    key: ({ id }) => ({ id }),
    call: (m, { id }, ctx) => m.lyric(id, ctx),
  }),
  album: operation({
    path: "/v1/album",
    summary: "An album and its songs.",
    params: SourceAndId,
    cbAlias: true,
    data: AlbumDetail,
    result: fixed("AlbumDetail", AlbumDetail),
    ttl: 6 * 3600,
    key: ({ id }) => ({ id }),
    call: (m, { id }, ctx) => m.album(id, ctx),
  }),
  artist: operation({
    path: "/v1/artist",
    summary: "An artist and their popular songs.",
    params: SourceAndId,
    cbAlias: true,
    data: ArtistDetail,
    result: fixed("ArtistDetail", ArtistDetail),
    ttl: 6 * 3600,
    key: ({ id }) => ({ id }),
    call: (m, { id }, ctx) => m.artist(id, ctx),
  }),
  playlist: operation({
    path: "/v1/playlist",
    summary: "One page of a playlist; with_url=1 gives each track its address in url.",
    params: PlaylistParams,
    cbAlias: false,
    data: PlaylistDetail,
    result: fixed("PlaylistDetail", PlaylistDetail),
    ttl: 1800,
    // With with_url the plugin is asked for addresses at that quality too (a key of its own).
    key: ({ id, page, size, with_url, quality }) => ({ id, page, size, urls: with_url ? quality : undefined }),
    call: (m, { id, page, size, with_url, quality }, ctx) => m.playlist(id, with_url ? { page, size, urls: quality } : { page, size }, ctx),
  }),
  rank: operation({
    path: "/v1/rank",
    summary: "Without id: the source's charts; with id: that chart and its songs.",
    params: RankParams,
    cbAlias: true,
    data: z.union([RankList, RankDetail]),
    result: { name: "RankList | RankDetail", schema: ({ id }) => (id === undefined ? RankList : RankDetail) },
    ttl: 3600,
    key: ({ id }) => ({ id }),
    call: (m, { id }, ctx) => m.rank(id, ctx),
  }),
  match: {
    path: "/v1/match",
    summary: "A song, and the same recording on every other source that can search (extension; an operation of the service, not of a source).",
    notes:
      "Each other source is searched once for the song's title (its first 25 songs, through the cache) and, when the song's ISRC is known, " +
      "asked for its copies of that ISRC where it offers the look-up (Deezer); its songs are kept " +
      "when they are the same recording: equal ISRCs where both sources vouch for theirs (label catalogues: Deezer, iTunes), else the same " +
      "title once its tags are read, the same version (never a live take for a studio one, a remix, an edit, an acoustic, instrumental, " +
      "karaoke or sped-up version, another take; a single version or a collection's name only with lengths within 2 s), never an explicit " +
      "and a clean copy, a primary artist in common (never a cover by another artist) and lengths within 3 s (0.5 % past 10 minutes). " +
      "An ISRC an uploader typed (Audius, the archive, Jamendo) is only a hint: never enough alone, never against the metadata; different " +
      "ISRCs are never the same recording. confidence is 1 for vouched ISRCs (reason isrc), 0.99 for equal ISRCs with the metadata agreeing " +
      "(reason isrc), 0.77 to 0.98 by metadata (reason metadata); matches come best first. 1002 and 3001 as for /v1/song; 1003 when the " +
      "source has no song lookup or no other source can search.",
    params: SourceAndId,
    cbAlias: true,
    data: MatchResult,
    result: fixed("MatchResult", MatchResult),
    ttl: 3600,
    key: ({ id }) => ({ id }),
    by: "service",
  } satisfies ServiceOperation<z.output<typeof SourceAndId>>,
  transfer: {
    path: "/v1/playlist/match",
    summary: "A page of a playlist matched onto other sources, each track with its best copy on each (extension; the service's operation). POST imports a playlist file instead.",
    notes:
      "Each track of the page (the playlist's own paging) is matched as /v1/match matches a song, with the same rules: each target is searched once for the track's title " +
      "(through the cache, so a page asked again, or a track asked again, costs nothing), and its best copy that is the same recording is the track's copy there. A track without a " +
      "known length never matches. Each search has the all-search deadline, the whole page that plus 1 s; a search that fails, is late or is refused for the client's share of a budget leaves its target " +
      "out of that track's copies and names it in failed (the page is never failed for it: ask for it again later). With after, only the tracks past the first after are new and " +
      "matched. With format (and to naming one source) the answer is a playlist file of the copies on that source. POST with a playlist in the body (JSPF, XSPF, M3U/M3U8 or " +
      "Artist - Title lines, at most 512 KiB and 1000 tracks) matches the imported tracks the same way, page by page; source and id are not given then.",
    params: TransferParams,
    cbAlias: true,
    data: TransferPage,
    result: fixed("TransferPage", TransferPage),
    ttl: 1800,
    key: ({ id, to, page, size, after }) => ({ id, to: to?.join(","), page, size, after }),
    by: "service",
    body: "a playlist: JSPF (application/jspf+json or application/json), XSPF (application/xspf+xml), M3U/M3U8 (audio/x-mpegurl) or Artist - Title lines (text/plain); detected when the type says none of these",
  } satisfies ServiceOperation<z.output<typeof TransferParams>>,
} satisfies { [C in keyof SourceMethods]: SourceOperation } & { match: ServiceOperation; transfer: ServiceOperation };

/** Every `/v1` operation, in the order of the capability matrix: the sources' and the service's. */
export type OperationName = keyof typeof OPERATIONS;
export const OPERATION_NAMES = Object.keys(OPERATIONS) as OperationName[];
/** A row of the capability matrix: which operations one source is served. */
export type OperationSet = Record<OperationName, boolean>;

/** The capabilities a source plugin declares (`plugin.ts`), in the order of the capability matrix. */
export { CAPABILITIES };

/** The parameters of one operation, as validated. */
export type OperationParams<C extends OperationName> = z.output<(typeof OPERATIONS)[C]["params"]>;

/**
 * An operation of the service across every enabled source (extension): no `source` parameter,
 * no row of the capability matrix, the envelope's source null. Served by the same request path
 * as the table's operations; its answers are the service's own, kept by its cache.
 */
export interface AcrossOperation<P extends object = any> {
  path: string;
  summary: string;
  notes?: string;
  params: z.ZodType<P, any>;
  cbAlias: true;
  data: z.ZodType;
}

const across = <P extends object>(spec: AcrossOperation<P>): AcrossOperation<P> => spec;

export const ACROSS_OPERATIONS = {
  lookup: across({
    path: "/v1/lookup",
    summary: "The songs of an ISRC, or the albums of a barcode, on every source that can look one up (extension; the service's operation).",
    notes:
      "Exactly one of isrc and upc. Each is checked (an ISRC's shape; a barcode's length and GS1 check digit) and read in its plain form (upper case, " +
      "no hyphens or spaces; a barcode without leading zeros, so that a UPC-A and its EAN-13 spelling are one), else 1001 naming the fault. Every enabled " +
      "source that offers the look-up (isrc: Deezer; upc: Deezer, iTunes) is asked once, through the cache (a song's lifetime for an ISRC, an album's for a " +
      "barcode), under the all-search deadline; a source that fails is named in failed, and when every one fails the answer fails as an all-search does. " +
      "1003 when no enabled source offers the look-up.",
    params: LookupParams,
    cbAlias: true,
    data: LookupResult,
  }),
  resolve: across({
    path: "/v1/resolve",
    summary: "The song, album, artist or playlist a web link names, and its copies on the other sources (extension; the service's operation).",
    notes:
      "The link is checked before any plugin sees it: http or https, at most 2048 characters, no user name or password, a host that is exactly one a " +
      "source declares (lower case ASCII; look-alike Unicode hosts never match), a path without encoded separators (%2F, %5C, %00) or backslashes; else 1001 " +
      "naming the hosts understood. The link is never fetched: its source's plugin reads the id from it (Audius asks its own resolve API). A song's copies are " +
      "/v1/match's (the same rules, budgets and cache); an album's are the albums of its barcode on the sources that look barcodes up (confidence 1, reason upc), " +
      "else the album of the same title, artist and track count among the other sources' search results (0.9 to 0.95, reason metadata); an artist or a " +
      "playlist has none. 3001 when the item does not exist; 1003 for a link to a kind of page the source's API does not serve (an Apple Music playlist).",
    params: ResolveParams,
    cbAlias: true,
    data: ResolveResult,
  }),
};

export type AcrossName = keyof typeof ACROSS_OPERATIONS;
export const ACROSS_NAMES = Object.keys(ACROSS_OPERATIONS) as AcrossName[];
export type AcrossParams<C extends AcrossName> = z.output<(typeof ACROSS_OPERATIONS)[C]["params"]>;

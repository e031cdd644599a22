/**
 * The one table of source operations. Each capability is declared here once: its `/v1`
 * path and parameters, what the plugin answers (validated before it is cached), its default
 * lifetime, the parameters its cached answer depends on, and how the plugin is called. The
 * endpoints, the documentation, the capability matrix and the config's lifetime keys are all
 * derived from it; `MusicService` adds only what is not generic (all-search, lyrics through
 * the provider, addresses of playlist tracks).
 */
import { z } from "zod";
import {
  AlbumDetail,
  SearchPage,
  ArtistDetail,
  Lyric,
  PlaylistDetail,
  RankDetail,
  RankList,
  SearchResult,
  SongDetail,
  SongUrl,
} from "./domain.ts";
import { PlaylistParams, RankParams, SearchParams, SongUrlParams, SourceAndId } from "./params.ts";
import type { CallContext, SourceMethods } from "./plugin.ts";

type CacheKey = Record<string, string | number | undefined>;

export interface Operation<P extends { source: string } = any> {
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
  /** the plugin call */
  call(methods: SourceMethods, params: P, ctx: CallContext): Promise<unknown>;
}

const operation = <P extends { source: string }>(spec: Operation<P>): Operation<P> => spec;
const fixed = (name: string, schema: z.ZodType) => ({ name, schema: () => schema });

/** Every capability, in the order of the capability matrix. */
export const OPERATIONS = {
  search: operation({
    path: "/v1/search",
    summary: "Search songs in one source, or in every source at once with source=all.",
    notes:
      "The pages of one query are consecutive slices of one list: page p of size s holds items (p-1)*s to p*s-1, every page is full but the last, " +
      "and total is the same on every page (a page past the end is empty, with that total). With source=all the list is every source's window " +
      "of results (Deezer 100, iTunes 200, Audius 100, the Internet Archive 20 items), ranked by how well title and artist match q, one entry per " +
      "recording: the most playable copy is shown, the others are named in alternatives; total is the number of entries. Per source: a source " +
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
} satisfies { [C in keyof SourceMethods]: Operation };

/** The capabilities, in the order of the capability matrix. */
export type Capability = keyof typeof OPERATIONS;
export type CapabilitySet = Record<Capability, boolean>;
export const CAPABILITIES = Object.keys(OPERATIONS) as Capability[];

/** The parameters of one operation, as validated. */
export type OperationParams<C extends Capability> = z.output<(typeof OPERATIONS)[C]["params"]>;

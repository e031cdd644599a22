/**
 * Domain types of `/v1` as zod schemas: the single source of truth for validating what
 * plugins return, for the TypeScript types, and for the generated interface documentation.
 * Extra fields are allowed (spec: fields are only added); spec fields are never optional.
 */
import { z } from "zod";

export const QUALITIES = ["standard", "high", "lossless"] as const;
export const Quality = z.enum(QUALITIES);
export type Quality = z.infer<typeof Quality>;

/** `YYYY-MM-DD`, or `YYYY` / `YYYY-MM` when that is all the upstream knows. */
const PublishDate = z
  .string()
  .regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, "expected YYYY, YYYY-MM or YYYY-MM-DD")
  .describe("YYYY-MM-DD, or YYYY / YYYY-MM");
const NonNegativeInt = z.number().int().nonnegative();

/**
 * An extension field (docs/decisions.md (/v1)): an addition of this service beside the spec's
 * fields, optional so that a plugin without it stays valid; marked `x-extension` in OpenAPI.
 */
const extension = <T extends z.ZodType>(schema: T, description: string): T => schema.meta({ description: `extension: ${description}`, "x-extension": true });

/** The item's public page on its source. */
const Link = extension(
  z.string().nullable().optional(),
  "the item's public page on its source (its store or catalogue page), to show beside a preview; null when the source has none",
);

export const Song = z.looseObject({
  source: z.string(),
  id: z.string().min(1),
  name: z.string(),
  artist: z.array(z.string()),
  album: z.string(),
  albumId: z.string(),
  /** whole seconds */
  duration: NonNegativeInt,
  cover: z.string().nullable(),
  available: z.boolean(),
  vip: z.boolean(),
  artistId: extension(
    z.array(z.string()).optional(),
    'the source\'s id of each name of `artist`, in the same order (what `/v1/artist` takes); "" where the source has none for that name',
  ),
  isrc: extension(z.string().optional(), "the recording's ISRC (12 characters, no dashes), where the source gives one"),
}).check((ctx) => {
  const { artist, artistId } = ctx.value;
  if (artistId !== undefined && artistId.length !== artist.length) {
    ctx.issues.push({ code: "custom", input: artistId, path: ["artistId"], message: `expected one id per artist (${artist.length}), got ${artistId.length}` });
  }
});
export type Song = z.infer<typeof Song>;

export const SongDetail = Song.extend({
  quality: z.array(Quality),
  publishAt: PublishDate.nullable(),
  link: Link,
});
export type SongDetail = z.infer<typeof SongDetail>;

/** docs/decisions.md (Sources): a preview-only source's address is a clip, and says so. */
const Preview = extension(z.boolean().optional(), "true when the address is a short preview clip, not the whole song; absent otherwise");

/** One source's copy of a recording, and how sure the match is (`/v1/match`'s confidence). */
const MatchedSong = z.looseObject({ source: z.string(), id: z.string().min(1), confidence: z.number().min(0).max(1) });

export const SongUrl = z.looseObject({
  source: z.string(),
  id: z.string().min(1),
  url: z.string().url(),
  quality: Quality,
  /** kbps */
  bitrate: NonNegativeInt,
  size: NonNegativeInt.nullable(),
  /** Unix time in seconds */
  expireAt: NonNegativeInt.nullable(),
  preview: Preview,
  matchedFrom: extension(
    MatchedSong.optional(),
    "fallback=1 only: the song that was asked for, when this address is the same recording on another source (source and id are that copy's)",
  ),
});
export type SongUrl = z.infer<typeof SongUrl>;

export const Lyric = z.looseObject({
  source: z.string(),
  id: z.string().min(1),
  lyric: z.string(),
  translation: z.string().nullable(),
});
export type Lyric = z.infer<typeof Lyric>;

export const AlbumDetail = z.looseObject({
  source: z.string(),
  id: z.string().min(1),
  name: z.string(),
  artist: z.array(z.string()),
  cover: z.string().nullable(),
  publishAt: PublishDate.nullable(),
  song: z.array(Song),
  link: Link,
});
export type AlbumDetail = z.infer<typeof AlbumDetail>;

export const ArtistDetail = z.looseObject({
  source: z.string(),
  id: z.string().min(1),
  name: z.string(),
  avatar: z.string().nullable(),
  song: z.array(Song),
  link: Link,
});
export type ArtistDetail = z.infer<typeof ArtistDetail>;

/** A track of a playlist; with `with_url=1` it also carries `url` (string or null), and `preview` when that is a clip. */
export const PlaylistSong = Song.extend({
  url: z.string().nullable().optional(),
  preview: Preview,
  urlFrom: extension(MatchedSong.optional(), "with_url=1&fallback=1 only: the same recording on another source whose address url is"),
});
export type PlaylistSong = z.infer<typeof PlaylistSong>;

export const PlaylistDetail = z.looseObject({
  source: z.string(),
  id: z.string().min(1),
  name: z.string(),
  cover: z.string().nullable(),
  creator: z.string().nullable(),
  count: NonNegativeInt,
  song: z.array(PlaylistSong),
  page: z.number().int().positive(),
  size: z.number().int().positive(),
  total: NonNegativeInt,
  hasMore: z.boolean(),
});
export type PlaylistDetail = z.infer<typeof PlaylistDetail>;

export const RankItem = z.looseObject({
  source: z.string(),
  id: z.string().min(1),
  name: z.string(),
  cover: z.string().nullable(),
  /** ISO 8601 date-time in UTC */
  updateAt: z.iso.datetime().nullable(),
});
export type RankItem = z.infer<typeof RankItem>;

export const RankDetail = RankItem.extend({ song: z.array(Song) });
export type RankDetail = z.infer<typeof RankDetail>;

export const RankList = z.looseObject({ source: z.string(), list: z.array(RankItem) });
export type RankList = z.infer<typeof RankList>;

/** extension: the same recording on another source, as an all-search entry names it */
export const Alternative = z.looseObject({
  source: z.string(),
  id: z.string().min(1),
  available: z.boolean(),
  vip: z.boolean(),
});
export type Alternative = z.infer<typeof Alternative>;

/** A song of a search page; an all-search entry also names where else the same recording is. */
export const SearchSong = Song.extend({
  alternatives: extension(
    z.array(Alternative).optional(),
    "source=all only: the same recording on the other sources, {source, id, available, vip} each (empty when none)",
  ),
});
export type SearchSong = z.infer<typeof SearchSong>;

export const SearchPage = z.looseObject({
  page: z.number().int().positive(),
  size: z.number().int().positive(),
  total: NonNegativeInt.describe(
    "the songs the pages of this query list in all, the same on every page: with source=all, the entries of the merged list; for a source that pages by its own total, that total; else the songs of the source's window",
  ),
  failed: z.array(z.string()),
  list: z.array(SearchSong),
});
export type SearchPage = z.infer<typeof SearchPage>;

/** What a source plugin's `search` returns: one page of songs and the upstream's total. */
export const SearchResult = z.looseObject({ total: NonNegativeInt, list: z.array(Song) });
export type SearchResult = z.infer<typeof SearchResult>;

/** extension: a song found on another source as the same recording (`/v1/match`) */
export const Match = z.looseObject({
  song: Song,
  confidence: z
    .number()
    .min(0)
    .max(1)
    .describe(
      "how sure the match is: 1 for equal ISRCs both sources vouch for (label catalogues), 0.99 for equal ISRCs one of which an uploader typed, " +
        "with title, version, artist and length agreeing, 0.80 to 0.98 by metadata alone (never 0.5 or less)",
    ),
  reason: z
    .enum(["isrc", "metadata"])
    .describe(
      "isrc: both sides know the recording's ISRC and it is equal (an uploader's ISRC counts only with the metadata agreeing); " +
        "metadata: title, version, artist and length agree",
    ),
});
export type Match = z.infer<typeof Match>;

/** extension: `/v1/match`, the song asked for and the same recording on the other sources */
export const MatchResult = z.looseObject({
  song: SongDetail,
  matches: z.array(Match).describe("the same recording on the other sources that can search, best first"),
  failed: z.array(z.string()).describe("the sources whose search failed or timed out (their copies, if any, are not listed)"),
});
export type MatchResult = z.infer<typeof MatchResult>;

export const SourceInfo = z.object({
  capability: z.record(z.string(), z.record(z.string(), z.boolean())),
  disable: z.array(z.string()),
});
export type SourceInfo = z.infer<typeof SourceInfo>;

/** Reads one tier of the cache answered (a fresh entry) and did not. */
const TierCounts = z.object({ hits: NonNegativeInt, misses: NonNegativeInt });

export const CacheStats = z.object({
  driver: z.string(),
  entries: NonNegativeInt.describe(
    "answers held: the memory cache's size (summed over the workers of one process), or the shared Redis cache's, read from an index, never a key scan",
  ),
  hits: NonNegativeInt.describe("requests answered from the cache, summed over every instance sharing Redis, or every worker"),
  misses: NonNegativeInt.describe("requests that found no fresh answer in the cache, summed like hits"),
  hitRate: z.number().min(0).max(1),
  tiers: z
    .object({
      local: TierCounts.describe(
        "this process's memory: the memory store, or the in-process tier in front of Redis, with the repeated requests answered from their rendered bytes",
      ),
      redis: TierCounts.optional().describe("Redis, read when the in-process tier had no fresh copy; present with the Redis store"),
    })
    .describe("extension (not in the spec): which store answered the cache's reads, summed like hits; a miss of one tier is a read of the next"),
});
export type CacheStats = z.infer<typeof CacheStats>;

export const OriginCount = z.object({
  origin: z.string(),
  requests: NonNegativeInt,
});
export type OriginCount = z.infer<typeof OriginCount>;

export const StatusInfo = z.object({
  version: z.string(),
  /** whole seconds */
  uptime: NonNegativeInt,
  cache: CacheStats,
  /** the top 20 origins by requests: this hour and the 23 before it, every instance counted */
  origins: z
    .array(OriginCount)
    .describe(
      "the 20 origins with the most requests in the last 24 hours (the current hour and the 23 before it), most first; counted over every instance sharing Redis, or every worker of the process; each count is what the origin surely made, exact while an hour sees at most 1,000 origins, else short by at most 0.1 % of that hour's requests per counting step (docs/decisions.md, Origin counts)",
    ),
  notice: z.string(),
});
export type StatusInfo = z.infer<typeof StatusInfo>;

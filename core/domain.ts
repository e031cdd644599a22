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
export const NonNegativeInt = z.number().int().nonnegative();

/**
 * An extension field (docs/decisions.md (/v1)): an addition of this service beside the spec's
 * fields, optional so that a plugin without it stays valid; marked `x-extension` in OpenAPI.
 */
export const extension = <T extends z.ZodType>(schema: T, description: string): T => schema.meta({ description: `extension: ${description}`, "x-extension": true });

/** The item's MusicBrainz id, where its source knows it. */
const Mbid = extension(
  z.string().optional(),
  "the item's MusicBrainz id (a recording's, a release's, an artist's: a lower-case UUID), where the source gives one",
);

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
  explicit: extension(
    z.boolean().nullable().optional(),
    "true for the explicit version, false for a clean or never-explicit one, null when the source does not say; explicit and clean copies are never one recording",
  ),
  popularity: extension(
    z.number().nonnegative().optional(),
    "the source's own measure of how much the song is played (Deezer's rank, Audius's play count): comparable only among songs of one source",
  ),
  mbid: Mbid,
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
const Preview = extension(z.boolean().optional(), "true when the address is a short preview clip, false when it is the whole song; the service gives it with every address");

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
  upc: extension(z.string().optional(), "the release's barcode (UPC or EAN digits, no leading zeros), where the source gives one"),
  mbid: Mbid,
});
export type AlbumDetail = z.infer<typeof AlbumDetail>;

export const ArtistDetail = z.looseObject({
  source: z.string(),
  id: z.string().min(1),
  name: z.string(),
  avatar: z.string().nullable(),
  song: z.array(Song),
  link: Link,
  mbid: Mbid,
});
export type ArtistDetail = z.infer<typeof ArtistDetail>;

/** A track of a playlist; with `with_url=1` it also carries `url` (string or null), and `preview` with an address. */
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

/** What a source plugin's `search` returns: one page of songs and the upstream's total. */
export const SearchResult = z.looseObject({ total: NonNegativeInt, list: z.array(Song) });
export type SearchResult = z.infer<typeof SearchResult>;

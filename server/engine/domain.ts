/**
 * The service's own answers of `/v1`, as zod schemas: what the service composes from the
 * plugins' answers (search pages, matches) and its own state (the capability matrix, the
 * status). The plugins' domain (songs, albums, …) is the kit's (`@music-aggregator/core`).
 */
import { AlbumDetail, ArtistDetail, PlaylistDetail, Song, SongDetail, z } from "@music-aggregator/core";
import { NonNegativeInt, extension } from "@music-aggregator/core/host";

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
    "source=all only: the other copies of the same recording, on other sources and other ids of the same source, most playable first, {source, id, available, vip} each (empty when none)",
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

/** extension: a song found on another source as the same recording (`/v1/match`) */
export const Match = z.looseObject({
  song: Song,
  confidence: z
    .number()
    .min(0)
    .max(1)
    .describe(
      "how sure the match is: 1 for equal ISRCs both sources vouch for (label catalogues), 0.99 for equal ISRCs one of which an uploader typed, " +
        "with title, version, artist and length agreeing, 0.77 to 0.98 by metadata alone (never 0.5 or less)",
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
  failed: z.array(z.string()).describe("the sources whose search or ISRC look-up failed or timed out (their copies, if any, may be missing)"),
});
export type MatchResult = z.infer<typeof MatchResult>;

const failedSources = (what: string) => z.array(z.string()).describe(`the sources whose ${what} failed, timed out or was refused for this client's share (their items, if any, are missing)`);

/** extension: `/v1/lookup?isrc=`, the songs of one ISRC on every source that can look one up */
export const IsrcLookup = z.looseObject({
  isrc: z.string().describe("the ISRC asked, in its plain form (12 characters, upper case, no hyphens)"),
  songs: z.array(Song).describe("the songs of that ISRC, source by source in config order (none when no source has it)"),
  failed: failedSources("look-up"),
});

/** extension: `/v1/lookup?upc=`, the albums of one barcode on every source that can look one up */
export const UpcLookup = z.looseObject({
  upc: z.string().describe("the barcode asked, in its plain form (digits, leading zeros dropped)"),
  albums: z.array(AlbumDetail).describe("the albums of that barcode with their songs, source by source in config order (none when no source has it)"),
  failed: failedSources("look-up"),
});

export const LookupResult = z.union([IsrcLookup, UpcLookup]);
export type LookupResult = z.infer<typeof LookupResult>;

/** extension: an item found on another source as the same one as a link's (`/v1/resolve`) */
export const Copy = z.looseObject({
  source: z.string(),
  id: z.string().min(1),
  link: z.string().nullable().describe("the copy's page on its source, where the source gives one"),
  confidence: z.number().min(0).max(1).describe("songs: as /v1/match; albums: 1 for the same barcode, 0.9 to 0.95 by title, artist and track count"),
  reason: z.enum(["isrc", "upc", "metadata"]).describe("isrc or metadata: as /v1/match; upc: the same barcode"),
});
export type Copy = z.infer<typeof Copy>;

/** extension: `/v1/resolve`, the item a web link names and its copies elsewhere */
export const ResolveResult = z.looseObject({
  kind: z.enum(["song", "album", "artist", "playlist"]).describe("what the link names"),
  item: z.union([SongDetail, AlbumDetail, ArtistDetail, PlaylistDetail]).describe("the item as /v1/song, /v1/album, /v1/artist or /v1/playlist (its first page) answers it"),
  copies: z.array(Copy).describe("a song's or album's copies on the other enabled sources, best first; none for artists and playlists"),
  failed: failedSources("search or look-up"),
});
export type ResolveResult = z.infer<typeof ResolveResult>;

/** extension: one track of a transfer (`/v1/playlist/match`) and its copies on the target sources */
export const TransferTrack = z.looseObject({
  position: z.number().int().positive().describe("the track's place in the whole list, from 1"),
  song: Song.describe("the track as the playlist has it; an imported track has source import, its position as id, and is not playable here"),
  copies: z
    .record(z.string(), Match.nullable())
    .describe("per target source: its best copy of the track, the same recording as /v1/match finds it, or null when it has none; a target whose search failed is left out (see failed), and so is every target for a track that is not new"),
  failed: z.array(z.string()).describe("the targets whose search for this track failed, timed out or was refused for this client's share: ask for the page again later"),
  new: z.boolean().optional().describe("with after only: whether the track comes after the first after tracks; only new tracks are matched"),
});
export type TransferTrack = z.infer<typeof TransferTrack>;

/** extension: `/v1/playlist/match`, a page of a playlist matched onto other sources */
export const TransferPage = z.looseObject({
  source: z.string().nullable().describe("the playlist's source; null for an imported playlist"),
  id: z.string().nullable().describe("the playlist's id; null for an imported playlist"),
  name: z.string(),
  creator: z.string().nullable(),
  to: z.array(z.string()).describe("the target sources, in config order"),
  page: z.number().int().positive(),
  size: z.number().int().positive(),
  total: NonNegativeInt.describe("the tracks of the whole list"),
  hasMore: z.boolean(),
  matched: NonNegativeInt.describe("tracks of this page with a copy on every target"),
  unmatched: NonNegativeInt.describe("tracks of this page that some target answered without a copy (a track whose only missing copies are on failed targets counts in neither)"),
  failed: z.array(z.string()).describe("the targets whose search failed for at least one track of this page"),
  newTracks: NonNegativeInt.optional().describe("with after only: the tracks of the whole list after the first after"),
  tracks: z.array(TransferTrack),
});
export type TransferPage = z.infer<typeof TransferPage>;

/** extension: what a bound source is, from its plugin's definition (`/v1/source`'s `sources`) */
export const SourceAbout = z.object({
  name: z.string().describe("the upstream's name, to label the source with (Deezer)"),
  plugin: z.string().describe("the id of the plugin bound to it (config sources.<id>.plugin)"),
  homepage: z.string().nullable().describe("the upstream's own home page; null when the plugin names none"),
  playback: z.enum(["full", "preview"]).describe("full: its addresses are whole songs; preview: short clips (a full-length copy may be had elsewhere with fallback=1)"),
  attribution: z.string().nullable().describe("the credit the upstream asks to be shown beside its songs; null when it asks none"),
  links: z.array(z.string()).describe("the hosts of the web links /v1/resolve reads for it (www.deezer.com); none when its plugin declares none"),
  lookups: z.array(z.enum(["isrc", "upc"])).describe("the identifiers /v1/lookup asks it for: isrc (its songs of an ISRC), upc (its albums of a barcode)"),
});
export type SourceAbout = z.infer<typeof SourceAbout>;

export const SourceInfo = z.object({
  capability: z.record(z.string(), z.record(z.string(), z.boolean())),
  disable: z.array(z.string()),
  sources: extension(z.record(z.string(), SourceAbout), "one entry per registered source id (disabled ones included): its name, plugin, home page, playback, attribution, the hosts of its web links and its look-ups"),
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

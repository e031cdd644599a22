/**
 * The named data types of the OpenAPI document (`components.schemas`), by the names the
 * operation table uses: the kit's domain (what plugin answers are validated against), the
 * service's own answers, and `/api`'s.
 */
import type { z } from "zod";
import * as kit from "@music-aggregator/core";
import * as service from "../../../engine/domain.ts";
import { API_TYPES } from "./api-answers.ts";

export const NAMED_TYPES: Record<string, z.ZodType> = {
  Song: kit.Song,
  SongDetail: kit.SongDetail,
  SongUrl: kit.SongUrl,
  Lyric: kit.Lyric,
  AlbumDetail: kit.AlbumDetail,
  ArtistDetail: kit.ArtistDetail,
  PlaylistSong: kit.PlaylistSong,
  PlaylistDetail: kit.PlaylistDetail,
  RankItem: kit.RankItem,
  RankList: kit.RankList,
  RankDetail: kit.RankDetail,
  SearchSong: service.SearchSong,
  Alternative: service.Alternative,
  SearchPage: service.SearchPage,
  Match: service.Match,
  MatchResult: service.MatchResult,
  IsrcLookup: service.IsrcLookup,
  UpcLookup: service.UpcLookup,
  LookupResult: service.LookupResult,
  Copy: service.Copy,
  ResolveResult: service.ResolveResult,
  TransferTrack: service.TransferTrack,
  TransferPage: service.TransferPage,
  SourceAbout: service.SourceAbout,
  SourceInfo: service.SourceInfo,
  CacheStats: service.CacheStats,
  StatusInfo: service.StatusInfo,
  ...API_TYPES,
};

/**
 * The meaning of each field of the named types that their schemas leave undescribed, by field
 * name (a nested one by its path, `tiers.local.hits`); `Type.field` where one type means
 * something else by it. Every field of the document has a meaning (a test walks them all).
 */
const MEANINGS: Record<string, string> = {
  source: "the public id of the source the item is from (source_a …), as /v1/source lists it",
  id: "the item's id on its source: what the endpoint of its kind takes with that source",
  name: "the song's, album's, playlist's or chart's title, or the artist's name",
  artist: "the credited artists' names, main first",
  album: 'the title of the album the song is on ("" when none)',
  albumId: 'the album\'s id on the source, what /v1/album takes ("" when none)',
  duration: "the length in whole seconds (0 when the source does not say)",
  cover: "the address of the cover picture (the album's, playlist's or chart's), or null",
  avatar: "the address of the artist's picture, or null",
  available: "true when the song can be played from a public address (/v1/song/url gives one); false for a VIP song and for one its source gives no address",
  vip: "true for a paid, VIP or gated song: the service gives it no address (3002), and never gets past the gate",
  quality: "the qualities /v1/song/url can answer with: standard (about 128 kbps), high (about 320 kbps), lossless",
  publishAt: "the release date: YYYY-MM-DD, or YYYY / YYYY-MM when that is all the source knows; null when unknown",
  "SongUrl.url": "the public address of the audio, as the source gives it (it may expire: see expireAt)",
  "SongUrl.quality": "the quality of this address: the one asked for, or the best lower one the source has",
  "PlaylistSong.url": "with_url=1 only: the track's public address, or null when it has none (VIP, not playable, or not looked up)",
  bitrate: "the audio's bitrate in kbps",
  "SongUrl.size": "the file's size in bytes, or null when the source does not say",
  expireAt: "Unix time in seconds when the address stops working, or null when it does not expire",
  "matchedFrom.source": "the source of the song asked for", "matchedFrom.id": "the id of the song asked for",
  "matchedFrom.confidence": "how sure the match is, as /v1/match says (0.80 to 1)",
  "urlFrom.source": "the source of the copy whose address url is", "urlFrom.id": "that copy's id",
  "urlFrom.confidence": "how sure the match is, as /v1/match says (0.80 to 1)",
  lyric: "the lyrics in LRC: a [mm:ss.xx] time before each line (plain lines when the lyrics are not timed)",
  translation: "a translation of the lyrics in LRC, or null",
  song: "the songs, in the album's, artist's, playlist's or chart's order",
  creator: "who made the playlist, or null when the source does not say",
  count: "the tracks the playlist holds in all",
  page: "the page number (from 1)", size: "the page size asked for",
  total: "the items the pages list in all, the same on every page",
  hasMore: "true when a page follows this one",
  updateAt: "when the chart was last updated (ISO 8601 date-time), or null when the source does not say",
  "RankList.list": "the source's charts, without their songs: open one with its id",
  "SearchPage.list": "the songs of this page, in the search's order",
  "TransferPage.tracks": "the tracks of this page, in the playlist's order, each with its copies",
  failed: "source=all: the sources that failed or timed out, whose songs are missing; [] otherwise",
  disable: "the ids of bound sources the config disables (answered 1002); they keep their row",
  driver: "the cache store: memory, or redis (shared by every instance)",
  hitRate: "hits / (hits + misses), rounded; 0 before any request",
  "tiers.local.hits": "reads answered by this process's memory", "tiers.local.misses": "reads this process's memory could not answer",
  "tiers.redis.hits": "reads answered by Redis", "tiers.redis.misses": "reads Redis could not answer (a load followed)",
  version: "the service's version", uptime: "seconds since this instance started",
  "origins[].origin": "an origin, as callers send it", "origins[].requests": "the requests it surely made in the window",
  notice: "the operator's notice (config notice): by default, that no audio is stored or served and nothing gated is unlocked",
  server_filename: "the entry's file or folder name", isdir: "1 for a folder, 0 for a file",
  category: "the share host's kind of file (1 video, 2 audio, 3 picture, 4 document, 6 other …)",
  uk: "the share owner's user number", shareid: "the share's number",
  randsk: "the share host's session key for this share (pass it back to open sub-folders of a share with an extract code)",
  "ShareListing.list": "the entries of the directory",
  code: "0 for success, else the error code (the table of codes is in the document's description)",
  "ApiError.code": "the HTTP status of the answer", message: "what went wrong, in words: the parameter or upstream it names", data: "null for a failure",
};

/** `schemas` with every property of every named type described (the ones their zod schema leaves out, from `MEANINGS`). */
export function describeFields(schemas: Record<string, Record<string, unknown>>): void {
  for (const [type, schema] of Object.entries(schemas)) fill(type, schema, "");
}

// --- internal ---

function fill(type: string, schema: Record<string, unknown>, path: string): void {
  const parts = [schema, ...((schema.allOf ?? schema.anyOf ?? []) as Record<string, unknown>[])];
  for (const part of parts) {
    for (const [name, field] of Object.entries((part.properties ?? {}) as Record<string, Record<string, unknown>>)) {
      const at = `${path}${name}`;
      if (!field.description && !field.$ref) field.description = MEANINGS[`${type}.${at}`] ?? MEANINGS[at] ?? MEANINGS[name];
      if (field.properties) fill(type, field, `${at}.`);
      if ((field.items as Record<string, unknown> | undefined)?.properties) fill(type, field.items as Record<string, unknown>, `${at}[].`);
    }
  }
}

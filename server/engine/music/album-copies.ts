/**
 * An album's copies on the other enabled sources (`/v1/resolve` of an album link), release by
 * release, precision first (a wrong copy sends a listener to another record):
 *
 * 1. By barcode: when the album has one, every other source that offers the `upc` look-up is
 *    asked for it once, through the cache (`IdentifierLookups`); what it finds is the same
 *    release (confidence 1, reason upc).
 * 2. By metadata, on every other source that can search and found none by barcode: its search
 *    window for the album's title and first artist (through the cache, as `/v1/match` searches),
 *    and among the albums its songs name, those of the same title (its tags read, the neutral
 *    ones aside: `albumCore`), a primary artist in common and the same kind (live, remixes, …),
 *    those of the very title first, each looked up (`/v1/album`, cached; at most
 *    `MAX_CANDIDATES`) and kept when it has as many songs: confidence 0.95
 *    when their lengths agree song by song (within 3 s), else 0.9 (reason metadata).
 */
import { inject, injectable } from "tsyringe";
import { isServiceError, type AlbumDetail, type Song } from "@music-aggregator/core";
import { artistKeys, fold } from "../match/fold.ts";
import { copiesQuery } from "../match/query.ts";
import { DURATION_TOLERANCE_S } from "../match/recording.ts";
import { albumCore, albumKinds, isLiveAlbum } from "../match/title.ts";
import type { Copy } from "../domain.ts";
import { SourceRegistry, type EnabledSource } from "../sources/source-registry.ts";
import { IdentifierLookups } from "./identifier-lookups.ts";
import { MATCH_WINDOW } from "./match-service.ts";
import { SearchAllService } from "./search-all.ts";
import { SourceCalls } from "./source-calls.ts";

/** Albums of one source looked up as candidates, at most: a title and artist name few releases. */
const MAX_CANDIDATES = 2;
/** Confidence of a copy by metadata: every song's length agreeing, or only their number. */
const SAME_LENGTHS = 0.95;
const SAME_COUNT = 0.9;

/** An album's copies, the sources that failed, and whether an upstream was asked. */
export interface AlbumCopiesFound {
  copies: Copy[];
  failed: string[];
  fresh: boolean;
}

@injectable()
export class AlbumCopies {
  constructor(
    @inject(SourceRegistry) private readonly registry: SourceRegistry,
    @inject(IdentifierLookups) private readonly lookups: IdentifierLookups,
    @inject(SearchAllService) private readonly searchAll: SearchAllService,
    @inject(SourceCalls) private readonly calls: SourceCalls,
  ) {}

  /** The copies of `source`'s `album` on every other enabled source, by barcode first. */
  async find(source: EnabledSource, album: AlbumDetail, signal?: AbortSignal): Promise<AlbumCopiesFound> {
    const others = (this.registry.enabled() as EnabledSource[]).filter((other) => other !== source);
    const found: AlbumCopiesFound = { copies: [], failed: [], fresh: false };
    const byBarcode = new Set<EnabledSource>();
    if (album.upc) {
      const outcomes = await this.lookups.find(others, "upc", album.upc, signal);
      outcomes.forEach((outcome, i) => {
        if (outcome === undefined) return;
        if (isServiceError(outcome)) return void found.failed.push(others[i].id);
        if (outcome.cost > 0) found.fresh = true;
        if (outcome.items.length) byBarcode.add(others[i]);
        for (const copy of outcome.items) found.copies.push({ source: copy.source, id: copy.id, link: this.linkOf(copy), confidence: 1, reason: "upc" });
      });
    }
    const searched = others.filter((other) => !byBarcode.has(other) && !found.failed.includes(other.id) && other.capabilities.search && other.capabilities.album);
    const byMetadata = await Promise.all(searched.map((other) => this.byMetadata(other, album, signal)));
    byMetadata.forEach((outcome, i) => {
      if (outcome.failed) found.failed.push(searched[i].id);
      if (outcome.fresh) found.fresh = true;
      found.copies.push(...outcome.copies);
    });
    found.copies.sort((a, b) => b.confidence - a.confidence);
    if (found.failed.length) found.fresh = true;
    return found;
  }

  // --- internal ---

  /** One source's copies by title, artist and number of songs. */
  private async byMetadata(other: EnabledSource, album: AlbumDetail, signal?: AbortSignal): Promise<{ copies: Copy[]; failed: boolean; fresh: boolean }> {
    const query = copiesQuery({ name: `${album.name} ${album.artist[0] ?? ""}`, artist: [] });
    if (!query) return { copies: [], failed: false, fresh: false };
    const [window] = await this.searchAll.windows([other], query, signal, (_, list) => list, MATCH_WINDOW);
    if (isServiceError(window)) return { copies: [], failed: true, fresh: true };
    const named = window.read.filter((song) => song.albumId && sameRelease(album, song));
    // The album of the very title first: its single, its deluxe edition or its remaster share its
    // title's core, and listed before it they took every look.
    const title = fold(album.name);
    const ordered = [...named.filter((song) => fold(song.album) === title), ...named.filter((song) => fold(song.album) !== title)];
    const candidates = [...new Set(ordered.map((song) => song.albumId))].slice(0, MAX_CANDIDATES);
    let fresh = window.cost > 0;
    let failed = false;
    const copies: Copy[] = [];
    for (const id of candidates) {
      const outcome = await this.searchAll.settle(other.id, signal, (time) => this.calls.call(other, "album", { source: other.id, id }, time));
      if (isServiceError(outcome)) {
        // A candidate that no longer exists is no copy; any other failure leaves the source unknown.
        if (outcome.kind !== "notFound") failed = true;
        continue;
      }
      if (outcome.cost > 0) fresh = true;
      const candidate = JSON.parse(outcome.json) as AlbumDetail;
      const confidence = songsAgree(album.song, candidate.song);
      if (confidence) copies.push({ source: other.id, id: candidate.id, link: this.linkOf(candidate), confidence, reason: "metadata" });
    }
    return { copies, failed, fresh };
  }

  private linkOf(album: AlbumDetail): string | null {
    return album.link ?? this.registry.pageOf(album.source, "album", album.id);
  }
}

/** Whether a song's album is named like `album` and credits one of its primary artists, of the same kind. */
function sameRelease(album: AlbumDetail, song: Song): boolean {
  if (albumCore(song.album) !== albumCore(album.name)) return false;
  if (isLiveAlbum(song.album) !== isLiveAlbum(album.name) || albumKinds(song.album).join() !== albumKinds(album.name).join()) return false;
  const artists = new Set(album.artist.flatMap(artistKeys));
  return song.artist.some((name) => artistKeys(name).some((key) => artists.has(key)));
}

/** The confidence of two track lists being one release: as many songs, lengths agreeing or not; 0 when the numbers differ. */
function songsAgree(a: readonly Song[], b: readonly Song[]): number {
  if (a.length === 0 || a.length !== b.length) return 0;
  const timed = a.every((song, i) => song.duration > 0 && b[i].duration > 0);
  return timed && a.every((song, i) => Math.abs(song.duration - b[i].duration) <= DURATION_TOLERANCE_S) ? SAME_LENGTHS : SAME_COUNT;
}

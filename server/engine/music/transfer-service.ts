/**
 * `/v1/playlist/match` (docs/decisions.md, "Transfer a playlist"): a page of a playlist, or of
 * an imported one, each track matched onto the target sources as `/v1/match` matches a song:
 * one search of each target for its title (`copiesQuery`), through the cache, its first
 * `MATCH_WINDOW` songs judged by the matcher (`sameRecording`), the best one the track's copy.
 * Each search has the all-search deadline, and the whole page that plus `PAGE_GRACE_MS` (its
 * playlist page, the tracks waiting their turn); a search that fails, is late or is
 * refused for the client's share of a budget leaves its target out of that track's copies and
 * names it in `failed`: the page is answered with what it has, never failed for it. A page is
 * kept like a match (shortly when a target failed, not at all when one was refused), so asking
 * again costs nothing, and its searches are kept on their own, so another page or playlist
 * with the same titles costs nothing either.
 */
import { createHash } from "node:crypto";
import { inject, injectable } from "tsyringe";
import { type PlaylistDetail, type Song, InputError, ServiceError, UpstreamTimeoutError, isKind, isServiceError, mapWithConcurrency, type CachedAnswer, type ResponseCache, Tokens } from "@music-aggregator/core";
import { deadline, isrcsOf } from "@music-aggregator/core/host";
import { copiesQuery } from "../match/query.ts";
import { recordingOf, sameRecording, type Recording } from "../match/recording.ts";
import { cacheKey } from "../cache/response-cache.ts";
import type { AppConfig } from "../config.ts";
import type { OperationParams } from "../operations.ts";
import type { ImportOptions } from "../params.ts";
import type { FileTrack, PlaylistFile } from "../playlist-files/playlist-file.ts";
import { SourceRegistry, type EnabledSource } from "../sources/source-registry.ts";
import { MATCH_WINDOW } from "./match-service.ts";
import { SearchAllService } from "./search-all.ts";
import { gatheredLifetime } from "./search-service.ts";
import { SourceCalls } from "./source-calls.ts";
import type { Match, TransferPage, TransferTrack } from "../domain.ts";

/**
 * Tracks matched at once: each asks every target at once, so a page of 100 onto two targets
 * keeps 32 searches in flight, and upstreams answering in 200 ms see it done in about 1.3 s.
 */
export const TRACKS_AT_ONCE = 16;

/** What a page may take beyond one search's deadline: its playlist page, and tracks that wait their turn. */
export const PAGE_GRACE_MS = 1000;

/** The page of a transfer before its tracks are matched. */
interface Head {
  source: string | null;
  id: string | null;
  name: string;
  creator: string | null;
  page: number;
  size: number;
  total: number;
  hasMore: boolean;
}
type Options = ImportOptions;

@injectable()
export class TransferService {
  constructor(
    @inject(Tokens.ResponseCache) private readonly cache: ResponseCache,
    @inject(Tokens.Config) private readonly config: AppConfig,
    @inject(SourceRegistry) private readonly registry: SourceRegistry,
    @inject(SearchAllService) private readonly searchAll: SearchAllService,
    @inject(SourceCalls) private readonly calls: SourceCalls,
  ) {}

  /** A page of `params.source`'s playlist `params.id`, matched (1002, 1003; 3001 as `/v1/playlist`). */
  playlist(params: OperationParams<"transfer">, signal?: AbortSignal): Promise<CachedAnswer> {
    const source = this.registry.use(params.source, "transfer");
    const targets = this.targets(params.to, source);
    const key = cacheKey(`transfer:${source.id}`, { id: params.id, to: targets.map((t) => t.id).join(","), page: params.page, size: params.size, after: params.after });
    return this.kept(key, signal, async (time) => {
      const asked = { source: source.id, id: params.id, page: params.page, size: params.size, quality: "standard" as const, with_url: false, fallback: false };
      const found = await this.calls.call(source, "playlist", asked, time.signal).catch((error: unknown) => {
        throw time.expired() ? new UpstreamTimeoutError(source.id, this.config.upstream.searchAllTimeoutMs + PAGE_GRACE_MS) : error;
      });
      const p = JSON.parse(found.json) as PlaylistDetail;
      const head = { source: source.id, id: p.id, name: p.name, creator: p.creator, page: p.page, size: p.size, total: p.total, hasMore: p.hasMore };
      const made = await this.match(head, p.song, targets, params, time.signal);
      return { ...made, fromUpstream: made.fromUpstream || found.cost > 0 };
    });
  }

  /** A page of an imported playlist, matched: the same answer, its tracks numbered from 1. */
  imported(file: PlaylistFile, params: Options, signal?: AbortSignal): Promise<CachedAnswer> {
    const targets = this.targets(params.to);
    const first = (params.page - 1) * params.size;
    const songs = file.tracks.slice(first, first + params.size).map((track, i) => importedSong(track, first + i + 1));
    const head = { source: null, id: null, name: file.title, creator: file.creator, page: params.page, size: params.size, total: file.tracks.length, hasMore: first + params.size < file.tracks.length };
    // Kept by what it is made of: the same tracks imported again cost nothing.
    const digest = createHash("sha1").update(JSON.stringify([head, songs])).digest("base64url");
    const key = cacheKey("transfer:import", { digest, to: targets.map((t) => t.id).join(","), after: params.after });
    return this.kept(key, signal, (time) => this.match(head, songs, targets, params, time.signal));
  }

  // --- internal ---

  /** The targets `to` names (1002, 1003 each), or every other enabled source that can search (1003 when none). */
  private targets(to: string[] | undefined, origin?: EnabledSource): EnabledSource[] {
    if (!to) {
      const others = this.registry.searchable().filter((s) => s !== origin);
      if (!others.length) throw new ServiceError("capability", "no other enabled source can search: there is nothing to match onto");
      return others;
    }
    const named = new Set(to.map((id) => this.registry.use(id, "search")));
    if (origin && named.has(origin)) throw new InputError(`parameter to must not name the playlist's own source ${origin.id}`);
    // In config order, as every list of sources is.
    return this.registry.searchable().filter((s) => named.has(s));
  }

  /** The page through the cache, made under one deadline; its cost, 0 when every part came from the cache. */
  private async kept(key: string, signal: AbortSignal | undefined, make: (time: ReturnType<typeof deadline>) => Promise<Made>): Promise<CachedAnswer> {
    let cost: number | undefined;
    let refused = false;
    const ttl = this.config.cache.ttl.transfer;
    // A page left without a target for this client's share is this client's alone: not kept.
    const lifetime = (page: TransferPage) => gatheredLifetime(ttl, page.failed, refused);
    const answer = await this.cache.fetch(
      key,
      { ttl: (value) => lifetime(value as TransferPage) },
      async (loadSignal) => {
        const started = performance.now();
        const time = deadline(this.config.upstream.searchAllTimeoutMs + PAGE_GRACE_MS, loadSignal);
        try {
          const made = await make(time);
          cost = made.fromUpstream || made.page.failed.length ? Math.max(1, Math.round(performance.now() - started)) : 0;
          refused = made.refused;
          return made.page;
        } finally {
          time.dispose();
        }
      },
      signal,
    );
    // Made here from cached parts only: no upstream time was spent.
    return cost === undefined ? answer : { ...answer, cost, status: cost > 0 ? "miss" : "hit" };
  }

  private async match(head: Head, songs: Song[], targets: EnabledSource[], options: Options, signal: AbortSignal): Promise<Made> {
    const first = (head.page - 1) * head.size + 1;
    let fromUpstream = false;
    let refused = false;
    const tracks = await mapWithConcurrency(songs, TRACKS_AT_ONCE, async (song, i): Promise<TransferTrack> => {
      const position = first + i;
      if (options.after !== undefined && position <= options.after) return { position, song, copies: {}, failed: [], new: false };
      const track: TransferTrack = { position, song, copies: {}, failed: [], ...(options.after === undefined ? {} : { new: true }) };
      const query = copiesQuery(song);
      // Past the page's deadline nothing more is asked.
      if (signal.aborted) track.failed = targets.map((t) => t.id);
      if (!query || signal.aborted) {
        if (!query) for (const t of targets) track.copies[t.id] = null;
        return track;
      }
      // An imported list may leave lengths out (`Artist - Title` lines); a source's tracks always have one.
      const asked = { ...recordingOf(song), lengthOptional: song.source === IMPORT_SOURCE };
      const outcomes = await this.searchAll.windows(targets, query, signal, (target, list) => bestCopy(asked, list, target), MATCH_WINDOW);
      outcomes.forEach((outcome, t) => {
        if (isServiceError(outcome)) {
          track.failed.push(targets[t].id);
          if (isKind(outcome, "shareSpent")) refused = true;
          return;
        }
        if (outcome.cost > 0) fromUpstream = true;
        track.copies[targets[t].id] = outcome.read;
      });
      return track;
    });
    const considered = tracks.filter((t) => t.new !== false);
    const copies = (t: TransferTrack) => Object.values(t.copies);
    const page: TransferPage = {
      ...head,
      to: targets.map((t) => t.id),
      matched: considered.filter((t) => !t.failed.length && copies(t).every((c) => c !== null)).length,
      unmatched: considered.filter((t) => copies(t).some((c) => c === null)).length,
      failed: targets.filter((t) => tracks.some((track) => track.failed.includes(t.id))).map((t) => t.id),
      ...(options.after === undefined ? {} : { newTracks: Math.max(0, head.total - options.after) }),
      tracks,
    };
    return { page, fromUpstream, refused };
  }
}

interface Made {
  page: TransferPage;
  fromUpstream: boolean;
  refused: boolean;
}

/** The song of `list` that is `asked`'s recording with the highest confidence (the first of equals), or null. */
function bestCopy(asked: Recording, list: Song[], target: EnabledSource): Match | null {
  const isrcs = isrcsOf(target.plugin);
  let best: Match | null = null;
  for (const candidate of list) {
    const verdict = sameRecording(asked, recordingOf(candidate, isrcs));
    if (verdict.same && (!best || verdict.confidence > best.confidence)) best = { song: candidate, confidence: verdict.confidence, reason: verdict.reason };
  }
  return best;
}

/** The `source` of an imported playlist's tracks. */
const IMPORT_SOURCE = "import";

/** An imported track as a song of no source: `import`, numbered by its place in the list, not playable here. */
function importedSong(track: FileTrack, position: number): Song {
  return { source: IMPORT_SOURCE, id: String(position), name: track.title, artist: track.artist, album: track.album, albumId: "", duration: track.duration, cover: null, available: false, vip: false };
}

/**
 * `/v1/match` (docs/decisions.md, "One song, every source"): a song, and the same recording on
 * every other enabled source that can search. The song is looked up (as `/v1/song`), each
 * other source is searched once for the song's title (`copiesQuery`), its first
 * `MATCH_WINDOW` songs through the cache, and every song there that the matcher calls the same
 * recording is a match (an ISRC counts alone only when both sources vouch for theirs: the
 * plugins' `isrcs`). ISRC first: when the song's ISRC is known, each other source that offers
 * the `isrc` look-up is asked for its copies of it too (`IdentifierLookups`: one call per source,
 * cached), so that equal ISRCs decide wherever both upstreams know them. The answer is kept
 * with the `match` lifetime (a minute at most when a source failed, not at all when one was
 * refused for the client's share of its budget), so asking again costs nothing.
 */
import { inject, injectable } from "tsyringe";
import { type Song, type SongDetail, isKind, isServiceError, type CachedAnswer, type ResponseCache, type ServiceErrorLike, Tokens } from "@music-aggregator/core";
import { copiesQuery } from "../match/query.ts";
import { recordingOf, sameRecording } from "../match/recording.ts";
import { isrcsOf } from "@music-aggregator/core/host";
import { cacheKey } from "../cache/response-cache.ts";
import type { AppConfig } from "../config.ts";
import { SourceRegistry, type EnabledSource } from "../sources/source-registry.ts";
import { IdentifierLookups } from "./identifier-lookups.ts";
import { SearchAllService } from "./search-all.ts";
import { gatheredLifetime } from "./search-service.ts";
import { SourceCalls } from "./source-calls.ts";
import { type Match, type MatchResult } from "../domain.ts";

/**
 * Songs of each source's search looked at: a song's copies share its title and rank high for
 * it, and a small window keeps a playlist's matches cheap (at most the source's own window).
 */
export const MATCH_WINDOW = 25;

@injectable()
export class MatchService {
  constructor(
    @inject(Tokens.ResponseCache) private readonly cache: ResponseCache,
    @inject(Tokens.Config) private readonly config: AppConfig,
    @inject(SourceRegistry) private readonly registry: SourceRegistry,
    @inject(SearchAllService) private readonly searchAll: SearchAllService,
    @inject(SourceCalls) private readonly calls: SourceCalls,
    @inject(IdentifierLookups) private readonly lookups: IdentifierLookups,
  ) {}

  /**
   * `/v1/match` of `sourceId`'s song `id` (1002, 1003; 3001 as `/v1/song`): against every other
   * enabled searchable source, or with `among: "full"` against those whose addresses are full
   * length only (kept apart in the cache).
   */
  async matches(sourceId: string, id: string, signal?: AbortSignal, among?: "full"): Promise<CachedAnswer> {
    const source = this.registry.use(sourceId, "match");
    const others = this.registry.searchable().filter((other) => other !== source && (!among || (other.plugin.playback ?? "full") === "full"));
    let cost: number | undefined;
    let refused = false;
    // A match left without a source for this client's share is this client's alone: not kept.
    const lifetime = (result: MatchResult) =>
      gatheredLifetime(this.config.cache.ttl.match, result.failed, refused);
    const answer = await this.cache.fetch(
      cacheKey(`match:${source.id}`, { id, among }),
      { ttl: (value) => lifetime(value as MatchResult) },
      async (loadSignal) => {
        const made = await this.compose(source, others, id, loadSignal);
        cost = made.cost;
        refused = made.refused;
        return made.result;
      },
      signal,
    );
    // Made here from cached parts only: no upstream time was spent.
    return cost === undefined ? answer : { ...answer, cost, status: cost > 0 ? "miss" : "hit" };
  }

  // --- internal ---

  private async compose(source: EnabledSource, others: EnabledSource[], id: string, signal: AbortSignal): Promise<{ result: MatchResult; cost: number; refused: boolean }> {
    const started = performance.now();
    const found = await this.calls.call(source, "song", { source: source.id, id }, signal);
    const song = JSON.parse(found.json) as SongDetail;
    const asked = recordingOf(song, isrcsOf(source.plugin));
    const query = copiesQuery(song);
    const [outcomes, byIsrc] = await Promise.all([
      query ? this.searchAll.windows(others, query, signal, (other, list) => list, MATCH_WINDOW) : others.map(() => ({ read: [] as Song[], cost: 0 })),
      asked.isrc ? this.lookups.find(others, "isrc", asked.isrc, signal) : others.map(() => undefined),
    ]);

    const matches: Ranked[] = [];
    const failed: string[] = [];
    let fromUpstream = found.cost > 0;
    others.forEach((other, sourceIndex) => {
      const [window, copies] = [settledAnswer(outcomes[sourceIndex]), settledAnswer(byIsrc[sourceIndex])];
      if (isServiceError(outcomes[sourceIndex]) || isServiceError(byIsrc[sourceIndex])) failed.push(other.id);
      if ((window?.cost ?? 0) + (copies?.cost ?? 0) > 0) fromUpstream = true;
      const isrcs = isrcsOf(other.plugin);
      candidatesOf(window?.read ?? [], copies?.items ?? []).forEach((candidate, rank) => {
        const verdict = sameRecording(asked, recordingOf(candidate, isrcs));
        if (verdict.same) matches.push({ match: { song: candidate, confidence: verdict.confidence, reason: verdict.reason }, sourceIndex, rank });
      });
    });
    matches.sort((a, b) => b.match.confidence - a.match.confidence || a.sourceIndex - b.sourceIndex || a.rank - b.rank);
    const cost = fromUpstream || failed.length ? Math.max(1, Math.round(performance.now() - started)) : 0;
    const refused = [...outcomes, ...byIsrc].some((o) => isKind(o, "shareSpent"));
    return { result: { song, matches: matches.map((m) => m.match), failed }, cost, refused };
  }
}

/** A source's songs to judge: its search window, each with its ISRC where the look-up found it, then the look-up's songs the window lacks. */
function candidatesOf(window: readonly Song[], copies: readonly Song[]): Song[] {
  const isrcOf = new Map(copies.map((copy) => [copy.id, copy.isrc]));
  const listed = new Set(window.map((song) => song.id));
  return [...window.map((song) => (song.isrc || !isrcOf.has(song.id) ? song : { ...song, isrc: isrcOf.get(song.id) })), ...copies.filter((copy) => !listed.has(copy.id))];
}

/** What a source answered, or undefined when it failed (or was not asked). */
function settledAnswer<T extends object>(outcome: T | ServiceErrorLike | undefined): T | undefined {
  return outcome === undefined || isServiceError(outcome) ? undefined : outcome;
}

interface Ranked {
  match: Match;
  sourceIndex: number;
  rank: number;
}

/**
 * `/v1/match` (docs/decisions.md, "One song, every source"): a song, and the same recording on
 * every other enabled source that can search. The song is looked up (as `/v1/song`), each
 * other source is searched once for the song's title (`copiesQuery`), its first
 * `MATCH_WINDOW` songs through the cache, and every song there that the matcher calls the same
 * recording is a match (an ISRC counts alone only when both sources vouch for theirs: the
 * plugins' `isrcs`). The answer is kept with the `match` lifetime (a minute at most when a
 * source failed, not at all when one was refused for the client's share of its budget), so
 * asking again costs nothing.
 */
import { inject, injectable } from "tsyringe";
import { type SongDetail, isKind, isServiceError, type CachedAnswer, type ResponseCache, Tokens } from "@music-aggregator/core";
import { copiesQuery } from "../match/query.ts";
import { recordingOf, sameRecording } from "../match/recording.ts";
import { isrcsOf } from "@music-aggregator/core/host";
import { cacheKey } from "../cache/response-cache.ts";
import type { AppConfig } from "../config.ts";
import { SourceRegistry, type EnabledSource } from "../sources/source-registry.ts";
import { SearchAllService } from "./search-all.ts";
import { PARTIAL_LIST_TTL_SECONDS } from "./search-service.ts";
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
      refused ? 0 : result.failed.length ? Math.min(PARTIAL_LIST_TTL_SECONDS, this.config.cache.ttl.match) : this.config.cache.ttl.match;
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
    const outcomes = query ? await this.searchAll.windows(others, query, signal, (other, list) => ({ other, list }), MATCH_WINDOW) : [];

    const matches: Ranked[] = [];
    const failed: string[] = [];
    let fromUpstream = found.cost > 0;
    outcomes.forEach((outcome, sourceIndex) => {
      if (isServiceError(outcome)) {
        failed.push(others[sourceIndex].id);
        return;
      }
      if (outcome.cost > 0) fromUpstream = true;
      const isrcs = isrcsOf(others[sourceIndex].plugin);
      outcome.read.list.forEach((candidate, rank) => {
        const verdict = sameRecording(asked, recordingOf(candidate, isrcs));
        if (verdict.same) matches.push({ match: { song: candidate, confidence: verdict.confidence, reason: verdict.reason }, sourceIndex, rank });
      });
    });
    matches.sort((a, b) => b.match.confidence - a.match.confidence || a.sourceIndex - b.sourceIndex || a.rank - b.rank);
    const cost = fromUpstream || failed.length ? Math.max(1, Math.round(performance.now() - started)) : 0;
    return { result: { song, matches: matches.map((m) => m.match), failed }, cost, refused: outcomes.some((o) => isKind(o, "shareSpent")) };
  }
}

interface Ranked {
  match: Match;
  sourceIndex: number;
  rank: number;
}

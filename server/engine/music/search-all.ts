/**
 * The merged list of a search with `source=all` (docs/decisions.md, "Search across all
 * sources"): every enabled searchable source's window, asked at once, each with its own
 * deadline, merged into one ranked, de-duplicated list (`merged-search.ts`). `failed` names the
 * sources that failed or timed out, and those whose budget this client has spent its share of;
 * when all fail the answer is 2001 (all timed out), 4001 (every one refused for the client's
 * share) or 2002.
 */
import { inject, injectable } from "tsyringe";
import { ServiceError, UpstreamError, UpstreamTimeoutError, isKind, isServiceError, type ServiceErrorLike, type CachedAnswer, Tokens } from "@music-aggregator/core";
import { withCost, deadline, isrcsOf, searchPagingOf } from "@music-aggregator/core/host";
import type { AppConfig } from "../config.ts";
import type { EnabledSource } from "../sources/source-registry.ts";
import { mergeScored, scoreWindow, type ScoredWindow } from "./merged-search.ts";
import { SourceCalls } from "./source-calls.ts";
import { type SearchSong } from "../domain.ts";
import { SourceError } from "../errors.ts";

/** The list every page of one all-search is cut from. */
export interface MergedList {
  failed: string[];
  list: SearchSong[];
}

@injectable()
export class SearchAllService {
  private readonly deadlineMs: number;

  constructor(
    @inject(Tokens.Config) config: AppConfig,
    @inject(SourceCalls) private readonly calls: SourceCalls,
  ) {
    this.deadlineMs = config.upstream.searchAllTimeoutMs;
  }

  /**
   * The merged list of `q`, the upstream milliseconds it took (0 when every window came from
   * the cache), and whether a source was left out for this client's share (a list for this
   * client only). `signal` ends the whole search early (nobody waits for it any more).
   */
  async list(sources: EnabledSource[], q: string, signal?: AbortSignal): Promise<{ merged: MergedList; cost: number; refused: boolean }> {
    if (!sources.length) throw new SourceError("no enabled source supports search");
    const started = performance.now();
    // Each window is read and scored as it arrives: only the merge itself waits for the last one.
    const outcomes = await this.windows(sources, q, signal, (source, list, i) => scoreWindow(q, { playback: source.plugin.playback ?? "full", isrcs: isrcsOf(source.plugin), list }, i));

    const windows: ScoredWindow[] = [];
    const failed: string[] = [];
    let fromUpstream = false;
    outcomes.forEach((outcome, i) => {
      if (isServiceError(outcome)) {
        failed.push(sources[i].id);
        return;
      }
      windows.push(outcome.read);
      if (outcome.cost > 0) fromUpstream = true;
    });
    if (failed.length === sources.length) throw withCost(everyOneFailed(outcomes as ServiceErrorLike[], failed), performance.now() - started);
    const merged = { failed, list: mergeScored(windows) };
    const refused = outcomes.some((o) => isKind(o, "shareSpent"));
    return { merged, cost: fromUpstream || failed.length ? Math.max(1, Math.round(performance.now() - started)) : 0, refused };
  }

  /**
   * Every source's window of `q` at once (at most `atMost` songs of it), each settled under its
   * own deadline: what `read` makes of its songs (as it arrives) and its cost, or the error it
   * failed with.
   */
  windows<T>(
    sources: EnabledSource[],
    q: string,
    signal: AbortSignal | undefined,
    read: (source: EnabledSource, list: SearchSong[], index: number) => T,
    atMost = Infinity,
  ): Promise<({ read: T; cost: number } | ServiceErrorLike)[]> {
    return Promise.all(
      sources.map(async (source, i) => {
        const outcome = await this.withDeadline(source, q, Math.min(searchPagingOf(source.plugin).window, atMost), signal);
        if (isServiceError(outcome)) return outcome;
        const { list } = JSON.parse(outcome.json) as { list: SearchSong[] };
        return { read: read(source, list, i), cost: outcome.cost };
      }),
    );
  }

  // --- internal ---

  /** One source's window, settled under the all-search deadline. */
  private withDeadline(source: EnabledSource, q: string, size: number, requestSignal?: AbortSignal): Promise<CachedAnswer | ServiceErrorLike> {
    return this.settle(source.id, requestSignal, (signal) => this.calls.call(source, "search", { source: source.id, type: "song", q, page: 1, size }, signal));
  }

  /**
   * One source's part of a call across sources (its window, its ISRC look-up), settled: its
   * answer, or the error it failed with (2001 once the all-search deadline has passed). The
   * deadline ends this wait only: a load other callers share goes on under its own deadline.
   */
  async settle<T>(sourceId: string, requestSignal: AbortSignal | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T | ServiceErrorLike> {
    const time = deadline(this.deadlineMs, requestSignal);
    try {
      return await work(time.signal);
    } catch (error) {
      if (time.expired()) return new UpstreamTimeoutError(sourceId, this.deadlineMs);
      return isServiceError(error) ? error : new UpstreamError(`${sourceId} failed`, { cause: error });
    } finally {
      time.dispose();
    }
  }
}

/** The failure of a call every source failed: 2001 when all timed out, 4001 when all refused this client's share, else 2002. */
export function everyOneFailed(errors: ServiceErrorLike[], failed: string[]): ServiceErrorLike {
  if (errors.every((e) => e.kind === "timeout")) return new ServiceError("timeout", `every source timed out: ${failed.join(", ")}`);
  if (errors.every((e) => e.kind === "shareSpent")) {
    const retryAfterSeconds = Math.min(...errors.map((e) => e.retryAfterSeconds ?? 60));
    return new ServiceError("shareSpent", `this client's share of the request budget of every source is spent (${failed.join(", ")}); answers already cached are still served, new ones again in ${retryAfterSeconds} s`, { retryAfterSeconds });
  }
  return new UpstreamError(`every source failed: ${failed.join(", ")}`);
}

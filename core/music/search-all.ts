/**
 * Search with `source=all` (docs/decisions.md (/v1)): every enabled source concurrently, each with its own
 * deadline; results interleaved round-robin in source order; `failed` lists the sources that
 * failed or timed out; when all fail the answer is 2001 (all timed out) or 2002.
 */
import type { SearchPage, SearchResult, Song } from "../domain.ts";
import { ServiceError, SourceError, UpstreamError, UpstreamTimeoutError, isKind, isServiceError, withCost, type ServiceErrorLike } from "../errors.ts";
import { combinedLife } from "../cache/response-cache.ts";
import type { CachedAnswer } from "../services.ts";
import { deadline } from "../http/deadline.ts";
import type { BoundSource } from "../sources/source-registry.ts";

export interface SearchParams {
  q: string;
  page: number;
  size: number;
}

/** One source's page of a search; `signal` ends this caller's wait, not the shared load. */
type SearchOne = (source: BoundSource, params: SearchParams, signal: AbortSignal) => Promise<CachedAnswer>;

export class SearchAllService {
  constructor(
    private readonly deadlineMs: number,
    private readonly searchOne: SearchOne,
  ) {}

  /** `signal` ends the whole search early (its client went away). */
  async run(sources: BoundSource[], params: SearchParams, signal?: AbortSignal): Promise<CachedAnswer> {
    if (!sources.length) throw new SourceError("no enabled source supports search");
    // Each source fills its share of the page, so `size` and the paging stay meaningful.
    const share = Math.ceil(params.size / sources.length);
    const started = performance.now();
    const outcomes = await Promise.all(sources.map((source) => this.withDeadline(source, { q: params.q, page: params.page, size: share }, signal)));

    const lists: Song[][] = [];
    const failed: string[] = [];
    let total = 0;
    let fromUpstream = false;
    outcomes.forEach((outcome, i) => {
      if (isServiceError(outcome)) {
        failed.push(sources[i].id);
        return;
      }
      const result = JSON.parse(outcome.json) as SearchResult;
      total += result.total;
      lists.push(result.list);
      if (outcome.cost > 0) fromUpstream = true;
    });
    if (failed.length === sources.length) {
      const allTimedOut = outcomes.every((o) => isKind(o, "timeout"));
      const error = allTimedOut
        ? new ServiceError("timeout", `every source timed out: ${failed.join(", ")}`)
        : new UpstreamError(`every source failed: ${failed.join(", ")}`);
      throw withCost(error, performance.now() - started);
    }
    const page: SearchPage = { page: params.page, size: params.size, total, failed, list: roundRobin(lists).slice(0, params.size) };
    const cost = fromUpstream || failed.length ? Math.max(1, Math.round(performance.now() - started)) : 0;
    // Kept as long as every source's part is; a page missing a failed source's part is not one to keep.
    const life = combinedLife(outcomes.map((outcome) => (isServiceError(outcome) ? undefined : outcome)));
    return { json: JSON.stringify(page), cost, status: cost ? "miss" : "hit", ...life };
  }

  // --- internal ---

  /**
   * One source's search, settled: its answer, or the error it failed with. The deadline ends
   * this wait only: a load other callers share goes on under its own deadline.
   */
  private async withDeadline(source: BoundSource, params: SearchParams, requestSignal?: AbortSignal): Promise<CachedAnswer | ServiceErrorLike> {
    const time = deadline(this.deadlineMs, requestSignal);
    try {
      return await this.searchOne(source, params, time.signal);
    } catch (error) {
      if (time.expired()) return new UpstreamTimeoutError(source.id, this.deadlineMs);
      return isServiceError(error) ? error : new UpstreamError(`${source.id} failed`, { cause: error });
    } finally {
      time.dispose();
    }
  }
}

function roundRobin<T>(lists: T[][]): T[] {
  const merged: T[] = [];
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let i = 0; i < longest; i++) for (const list of lists) if (i < list.length) merged.push(list[i]);
  return merged;
}

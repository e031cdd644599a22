/**
 * Search with `source=all` (DESIGN §3): every enabled source concurrently, each with its own
 * deadline; results interleaved round-robin in source order; `failed` lists the sources that
 * failed or timed out; when all fail the answer is 2001 (all timed out) or 2002.
 */
import type { CachedAnswer } from "../cache/response-cache.ts";
import type { SearchPage, SearchResult, Song } from "../domain.ts";
import { ServiceError, SourceError, UpstreamError, UpstreamTimeoutError, isKind, isServiceError, type ServiceErrorLike } from "../errors.ts";
import type { BoundSource } from "../sources/source-registry.ts";

export interface SearchParams {
  q: string;
  page: number;
  size: number;
}

type SearchOne = (source: BoundSource, params: SearchParams, signal: AbortSignal) => Promise<CachedAnswer>;

export class SearchAllService {
  constructor(
    private readonly deadlineMs: number,
    private readonly searchOne: SearchOne,
  ) {}

  async run(sources: BoundSource[], params: SearchParams): Promise<CachedAnswer> {
    if (!sources.length) throw new SourceError("no enabled source supports search");
    // Each source fills its share of the page, so `size` and the paging stay meaningful.
    const share = Math.ceil(params.size / sources.length);
    const started = performance.now();
    const outcomes = await Promise.all(sources.map((source) => this.withDeadline(source, { ...params, size: share })));

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
      throw allTimedOut
        ? new ServiceError("timeout", `every source timed out: ${failed.join(", ")}`)
        : new UpstreamError(`every source failed: ${failed.join(", ")}`);
    }
    const page: SearchPage = { page: params.page, size: params.size, total, failed, list: roundRobin(lists).slice(0, params.size) };
    const cost = fromUpstream || failed.length ? Math.max(1, Math.round(performance.now() - started)) : 0;
    return { json: JSON.stringify(page), cost, status: cost ? "miss" : "hit" };
  }

  // --- internal ---

  /** One source's search, settled: its answer, or the error it failed with. */
  private async withDeadline(source: BoundSource, params: SearchParams): Promise<CachedAnswer | ServiceErrorLike> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new UpstreamTimeoutError(source.id, this.deadlineMs);
        controller.abort(error);
        reject(error);
      }, this.deadlineMs);
    });
    try {
      return await Promise.race([this.searchOne(source, params, controller.signal), deadline]);
    } catch (error) {
      return isServiceError(error) ? error : new UpstreamError(`${source.id} failed`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }
}

function roundRobin<T>(lists: T[][]): T[] {
  const merged: T[] = [];
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let i = 0; i < longest; i++) for (const list of lists) if (i < list.length) merged.push(list[i]);
  return merged;
}

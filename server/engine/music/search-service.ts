/**
 * `/v1/search` (docs/decisions.md, "Search paging"). The pages of one query are consecutive
 * slices of one list, and `total` is the same on all of them:
 *
 * - `source=all`: the merged list (`search-all.ts`), built once from every source's window and
 *   kept as one cache entry; `total` is its length.
 * - one source: its window (`searchPaging.window` songs, page 1), asked for once and kept; a
 *   page inside it is cut from it. A source whose upstream tells an exact total
 *   (`searchPaging.exactTotal`) reports that total, and a page past its window is asked of the
 *   upstream, with the window's total. Any other source's `total` is its window's length, and
 *   a page past the window is empty.
 *
 * A page is cut from its list when asked; asked again, it is a kept answer, served before h3.
 */
import { inject, injectable } from "tsyringe";
import { cacheKey } from "../cache/response-cache.ts";
import type { AppConfig } from "../config.ts";
import type { OperationParams } from "../operations.ts";
import { searchPagingOf } from "@music-aggregator/core/host";
import { type CachedAnswer, type ResponseCache, Tokens } from "@music-aggregator/core";
import { SourceRegistry, type EnabledSource } from "../sources/source-registry.ts";
import { SearchAllService, type MergedList } from "./search-all.ts";
import { SourceCalls } from "./source-calls.ts";
import { type SearchPage, type SearchSong } from "../domain.ts";

export interface SearchParams {
  q: string;
  page: number;
  size: number;
}

/**
 * A merged list built while a source failed is kept this long only (or the search lifetime,
 * when shorter): the pages asked within it stay one list, and the failed source is asked
 * again soon after.
 */
export const PARTIAL_LIST_TTL_SECONDS = 60;

/**
 * The lifetime of an answer gathered from several sources (a merged list, a match, a look-up,
 * a transfer page): `ttl`, at most `PARTIAL_LIST_TTL_SECONDS` when a source failed, and none
 * (not kept) when a source was refused for this client's share of its budget: that answer is
 * this client's alone.
 */
export function gatheredLifetime(ttl: number, failed: readonly string[], refused: boolean): number {
  return refused ? 0 : failed.length ? Math.min(PARTIAL_LIST_TTL_SECONDS, ttl) : ttl;
}

@injectable()
export class SearchService {
  constructor(
    @inject(Tokens.ResponseCache) private readonly cache: ResponseCache,
    @inject(Tokens.Config) private readonly config: AppConfig,
    @inject(SourceRegistry) private readonly registry: SourceRegistry,
    @inject(SourceCalls) private readonly calls: SourceCalls,
    @inject(SearchAllService) private readonly searchAll: SearchAllService,
  ) {}

  /** `/v1/search`: a page of one source's search, or of the merged list of all of them. */
  search(params: OperationParams<"search">, signal?: AbortSignal): Promise<CachedAnswer> {
    if (params.source === "all") return this.all(this.registry.searchable(), params, signal);
    return this.one(this.registry.use(params.source, "search"), params, signal);
  }

  // --- internal ---

  /** A page of one source's search. */
  private one(source: EnabledSource, params: SearchParams, signal?: AbortSignal): Promise<CachedAnswer> {
    const { window, exactTotal } = searchPagingOf(source.plugin);
    const windowOf = async (loadSignal?: AbortSignal): Promise<Listed> => {
      const answer = await this.searchOne(source, { q: params.q, page: 1, size: window }, loadSignal);
      const found = JSON.parse(answer.json) as SearchPage;
      const list = once(found.list).slice(0, window);
      return { answer, listed: { failed: [], list, total: exactTotal ? Math.max(found.total, list.length) : list.length } };
    };
    if (!exactTotal || params.page * params.size <= window) return this.cut(params, signal, windowOf);
    return this.pastWindow(source, params, windowOf, signal);
  }

  /**
   * A page of the merged list of every searchable source. A list left without a source for
   * this client's share is this client's alone: not kept, so the next client's has it.
   */
  private all(sources: EnabledSource[], params: SearchParams, signal?: AbortSignal): Promise<CachedAnswer> {
    const { search } = this.config.cache.ttl;
    return this.cut(params, signal, async (loadSignal) => {
      let cost: number | undefined;
      let refused = false;
      const lifetime = (merged: MergedList) => gatheredLifetime(search, merged.failed, refused);
      const answer = await this.cache.fetch(
        cacheKey("search-all:all", { q: params.q }),
        { ttl: (merged) => lifetime(merged as MergedList) },
        async (listSignal) => {
          const built = await this.searchAll.list(sources, params.q, listSignal);
          cost = built.cost;
          refused = built.refused;
          return built.merged;
        },
        loadSignal,
      );
      const merged = JSON.parse(answer.json) as MergedList;
      // Built here from cached windows only: no upstream time was spent.
      return { answer: cost === undefined ? answer : { ...answer, cost }, listed: merged };
    });
  }

  /** One source's search for these parameters, through the cache; `signal` ends this caller's wait. */
  private searchOne(source: EnabledSource, params: SearchParams, signal?: AbortSignal): Promise<CachedAnswer> {
    return this.calls.call(source, "search", { ...params, source: source.id, type: "song" }, signal);
  }

  /** A page past the window of a source with an exact total: asked of the upstream, reported with the window's total. */
  private async pastWindow(source: EnabledSource, params: SearchParams, windowOf: (signal?: AbortSignal) => Promise<Listed>, signal?: AbortSignal): Promise<CachedAnswer> {
    const [window, answer] = await Promise.all([windowOf(signal), this.searchOne(source, params, signal)]);
    const page = JSON.parse(answer.json) as SearchPage;
    page.total = window.listed.total!;
    const json = JSON.stringify(page);
    const cost = window.answer.cost + answer.cost;
    if (cost > 0) return { json, cost, status: "miss" };
    // Both from the cache: the page lives as long as the shorter-lived of the two.
    const expiresAt = Math.min(answer.expiresAt ?? Infinity, window.answer.expiresAt ?? Infinity);
    return { json, cost: 0, status: "hit", expiresAt: Number.isFinite(expiresAt) ? expiresAt : undefined };
  }

  /**
   * The page `params` asks for, cut from the list `load` gives, living as long as the list (a
   * stale list's pages not at all; none of a search's stands in stale for HTTP caches). Its cost
   * is the list's: 0 when the list came from the cache. A page asked again is a kept answer
   * (`request/kept-answers.ts`), so it is not cut again.
   */
  private async cut(params: SearchParams, signal: AbortSignal | undefined, load: (signal?: AbortSignal) => Promise<Listed>): Promise<CachedAnswer> {
    const { answer: list, listed } = await load(signal);
    const json = JSON.stringify(pageOf(listed, params));
    const status = list.status === "stale" ? "stale" : list.cost > 0 ? "miss" : "hit";
    return status === "stale" ? { json, cost: list.cost, status } : { json, cost: list.cost, status, expiresAt: list.expiresAt, staleSeconds: 0 };
  }
}

// --- internal ---

interface Listed {
  /** the list as the cache answered it (its cost, status and end of life) */
  answer: CachedAnswer;
  /** the songs, and the total when it is not their number (an upstream's exact total) */
  listed: MergedList & { total?: number };
}

/** Page `page` of `size`: items [(page - 1) * size, page * size) of the list; past its end, none. */
function pageOf({ failed, list, total }: Listed["listed"], { page, size }: SearchParams): SearchPage {
  const start = (page - 1) * size;
  return { page, size, total: total ?? list.length, failed, list: list.slice(start, start + size) };
}

/** Each song once: an upstream that lists one twice in its window shows it once. */
function once(list: SearchSong[]): SearchSong[] {
  const seen = new Set<string>();
  return list.filter((song) => !seen.has(song.id) && seen.add(song.id) !== undefined);
}

/**
 * `/v1/search` (docs/decisions.md, "Search paging"). The pages of one query are consecutive
 * slices of one list, and `total` is the same on all of them:
 *
 * - `source=all`: the merged list (`search-all.ts`), built once from every source's window and
 *   kept as one cache entry; `total` is its length.
 * - a source whose upstream pages with an exact total (`searchPaging.exactTotal`): its own
 *   pages, asked of it one by one, with its total.
 * - any other source (no grand total upstream): its window, asked for once and kept; pages are
 *   cut from it, `total` is the window's length, and a page past it is empty.
 *
 * Each page cut from a list is kept as its own small entry, never longer than its list, so a
 * cached page of any search is one cache read.
 */
import { cacheKey } from "../cache/response-cache.ts";
import type { AppConfig } from "../config.ts";
import type { SearchPage, SearchSong } from "../domain.ts";
import { searchPagingOf } from "../plugin.ts";
import type { CachedAnswer, ResponseCache } from "../services.ts";
import type { BoundSource } from "../sources/source-registry.ts";
import { SearchAllService, type MergedList } from "./search-all.ts";

export interface SearchParams {
  q: string;
  page: number;
  size: number;
}

/** One source's search for these parameters, through the cache; `signal` ends this caller's wait. */
type SearchOne = (source: BoundSource, params: SearchParams, signal?: AbortSignal) => Promise<CachedAnswer>;

/**
 * A merged list built while a source failed is kept this long only: the pages asked within it
 * stay consistent, and the failed source is asked again soon after.
 */
export const PARTIAL_LIST_TTL_SECONDS = 60;

export class SearchService {
  private readonly searchAll: SearchAllService;

  constructor(
    private readonly cache: ResponseCache,
    private readonly config: AppConfig,
    private readonly searchOne: SearchOne,
  ) {
    this.searchAll = new SearchAllService(config.upstream.searchAllTimeoutMs, (source, q, size, signal) => searchOne(source, { q, page: 1, size }, signal));
  }

  /** A page of one source's search. */
  one(source: BoundSource, params: SearchParams, signal?: AbortSignal): Promise<CachedAnswer> {
    const { window, exactTotal } = searchPagingOf(source.plugin);
    if (exactTotal) return this.searchOne(source, params, signal);
    return this.cut(source.id, params, signal, async (loadSignal) => {
      const answer = await this.searchOne(source, { q: params.q, page: 1, size: window }, loadSignal);
      const found = JSON.parse(answer.json) as SearchPage;
      return { answer, listed: { failed: [], list: once(found.list).slice(0, window) }, ttl: this.config.cache.ttl.search };
    });
  }

  /** A page of the merged list of every searchable source. */
  all(sources: BoundSource[], params: SearchParams, signal?: AbortSignal): Promise<CachedAnswer> {
    const lifetime = (merged: MergedList) => (merged.failed.length ? PARTIAL_LIST_TTL_SECONDS : this.config.cache.ttl.search);
    return this.cut("all", params, signal, async (loadSignal) => {
      let cost: number | undefined;
      const answer = await this.cache.fetch(
        cacheKey("search-all:all", { q: params.q }),
        { ttl: (merged) => lifetime(merged as MergedList) },
        async (listSignal) => {
          const built = await this.searchAll.list(sources, params.q, listSignal);
          cost = built.cost;
          return built.merged;
        },
        loadSignal,
      );
      const merged = JSON.parse(answer.json) as MergedList;
      // Built here from cached windows only: no upstream time was spent.
      return { answer: cost === undefined ? answer : { ...answer, cost }, listed: merged, ttl: lifetime(merged) };
    });
  }

  // --- internal ---

  /**
   * The page `params` asks for, cut from the list `load` gives and kept as its own entry for no
   * longer than the list has left. Its cost is the list's: 0 when the list came from the cache.
   */
  private async cut(scope: string, params: SearchParams, signal: AbortSignal | undefined, load: (signal: AbortSignal) => Promise<Listed>): Promise<CachedAnswer> {
    let made: { cost: number; stale: boolean } | undefined;
    let ttl = 0;
    const answer = await this.cache.fetch(
      cacheKey(`search-page:${scope}`, { q: params.q, page: params.page, size: params.size }),
      { ttl: () => ttl, keepStale: false, cacheMisses: false },
      async (loadSignal) => {
        const { answer: list, listed, ttl: lifetime } = await load(loadSignal);
        made = { cost: list.cost, stale: list.status === "stale" };
        // A stale list stands in once; its pages are not kept.
        ttl = made.stale ? 0 : list.expiresAt ? Math.floor((list.expiresAt - Date.now()) / 1000) : lifetime;
        return pageOf(listed, params);
      },
      signal,
    );
    if (!made) return answer;
    return { json: answer.json, cost: made.cost, status: made.stale ? "stale" : made.cost > 0 ? "miss" : "hit" };
  }
}

// --- internal ---

interface Listed {
  /** the list as the cache answered it (its cost, status and end of life) */
  answer: CachedAnswer;
  listed: MergedList;
  /** the list's lifetime when it was made just now (seconds) */
  ttl: number;
}

/** Page `page` of `size`: items [(page - 1) * size, page * size) of the list; past its end, none. */
function pageOf({ failed, list }: MergedList, { page, size }: SearchParams): SearchPage {
  const start = (page - 1) * size;
  return { page, size, total: list.length, failed, list: list.slice(start, start + size) };
}

/** Each song once: an upstream that lists one twice in its window shows it once. */
function once(list: SearchSong[]): SearchSong[] {
  const seen = new Set<string>();
  return list.filter((song) => !seen.has(song.id) && seen.add(song.id) !== undefined);
}

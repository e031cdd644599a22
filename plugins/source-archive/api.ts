/**
 * The Internet Archive as the methods use it. `/metadata/{identifier}` answers HTTP 200 with
 * `{}` for an unknown item and the search gateway answers HTTP 200 with `{"error": ...}` for
 * a query it refuses, so both answers are looked at before their schema (3001 and 2002);
 * everything else is read with the wire schemas (2003; the bad field in the log). Item reads for
 * searches, artists and charts go through the core's response cache, a bounded number at once.
 */
import {
  isKind,
  isServiceError,
  loggedMessage,
  type Logger,
  mapWithConcurrency,
  NotFoundError,
  readUpstreamAnswer,
  type ResponseCache,
  type UpstreamClient,
  UpstreamError,
  UpstreamTimeoutError,
} from "@music-aggregator/core";
import { metadataPath } from "./ids.ts";
import { type ArchiveItem, toArchiveItem } from "./item.ts";
import { type AdvancedSearch, advancedSearchPath } from "./query.ts";
import { ItemAnswer, SearchAnswer, SearchRefusal } from "./wire.ts";

export interface ItemReads {
  /** item reads in flight at once */
  concurrency: number;
  /** seconds an item stays in the response cache */
  ttlSeconds: number;
  /** the public source id, so that two bindings (say, a mirror) never share entries */
  sourceId: string;
}

export class ArchiveApi {
  constructor(
    private readonly http: UpstreamClient,
    private readonly cache: ResponseCache,
    private readonly reads: ItemReads,
    private readonly log: Logger,
  ) {}

  /** One item, read afresh: 3001 for an unknown identifier. */
  async item(identifier: string, signal?: AbortSignal): Promise<ArchiveItem> {
    const path = metadataPath(identifier);
    const body = await this.getBody(path, signal);
    if (isEmptyObject(body)) throw new NotFoundError(`Internet Archive has no item ${identifier}`);
    return toArchiveItem(readUpstreamAnswer("Internet Archive", ItemAnswer, body, path));
  }

  /**
   * The items of a hit list, from the cache when it has them, in the list's order. An item
   * that cannot be read is left out (and logged): one broken item does not fail a search. When
   * no item could be read and some failed, the first failure is the answer; the caller's
   * deadline always is.
   */
  async items(identifiers: string[], signal?: AbortSignal): Promise<ArchiveItem[]> {
    const failures: unknown[] = [];
    const found = await mapWithConcurrency(identifiers, this.reads.concurrency, async (identifier) => {
      try {
        return await this.cachedItem(identifier, signal);
      } catch (error) {
        if (signal?.aborted || !isKind(error, "notFound", "upstream", "timeout", "parse")) throw error;
        if (!isKind(error, "notFound")) failures.push(error);
        this.log.warn(`item ${identifier} left out: ${loggedMessage(error)}`);
        return undefined;
      }
    });
    const items = found.filter((item): item is ArchiveItem => item !== undefined);
    if (items.length === 0 && failures.length) throw failures[0];
    return items;
  }

  /** One page of identifiers and the total number of hits. */
  async search(query: AdvancedSearch, signal?: AbortSignal): Promise<{ total: number; identifiers: string[] }> {
    const body = await this.getBody(advancedSearchPath(query), signal);
    const refusal = SearchRefusal.safeParse(body);
    if (refusal.success) throw new UpstreamError("Internet Archive refused the search", { said: refusal.data.error });
    const { response } = readUpstreamAnswer("Internet Archive", SearchAnswer, body, "/advancedsearch.php");
    return { total: response.numFound, identifiers: response.docs.map((d) => d.identifier) };
  }

  // --- internal ---

  private async cachedItem(identifier: string, signal?: AbortSignal): Promise<ArchiveItem> {
    const key = `archive-item:${this.reads.sourceId}|identifier=${encodeURIComponent(identifier)}&`;
    const started = performance.now();
    try {
      const answer = await this.cache.fetch(key, { ttl: this.reads.ttlSeconds }, (load) => this.item(identifier, load), signal);
      // Written by `item()` just above, under a key of this plugin's own: its shape is known.
      return JSON.parse(answer.json) as ArchiveItem;
    } catch (error) {
      // The cache ends a caller's wait with its signal's own reason: that is the deadline passing.
      if (signal?.aborted && !isServiceError(error)) throw new UpstreamTimeoutError(this.http.name, performance.now() - started, { cause: error });
      throw error;
    }
  }

  private async getBody(path: string, signal?: AbortSignal): Promise<unknown> {
    const response = await this.http.request(path, { signal });
    if (response.status >= 400) {
      const what = path.startsWith("/advancedsearch.php") ? "/advancedsearch.php" : path;
      throw new UpstreamError(`Internet Archive answered HTTP ${response.status} for ${what}`, { upstreamStatus: response.status });
    }
    return response.json();
  }
}

// --- internal ---

function isEmptyObject(body: unknown): boolean {
  return typeof body === "object" && body !== null && !Array.isArray(body) && Object.keys(body).length === 0;
}



/**
 * The items of one identifier across sources (docs/decisions.md, "One song, every source"):
 * each given source that offers the look-up (`SourceLookups`: Deezer's `/track/isrc:{isrc}`
 * and `/album/upc:{upc}`, iTunes' `lookup?upc=`) is asked once, through the cache
 * (`SourceCalls.lookup`) and so within its upstream budget and this client's share of it,
 * under the all-search deadline. `/v1/match` asks it for the ISRC of the song it matches,
 * `/v1/resolve` for the barcode of the album it resolves; `/v1/lookup` is the same call over
 * every enabled source that offers the look-up.
 */
import { inject, injectable } from "tsyringe";
import { isServiceError, type AlbumDetail, type Lookup, type ServiceErrorLike, type Song } from "@music-aggregator/core";
import type { EnabledSource } from "../sources/source-registry.ts";
import { SearchAllService } from "./search-all.ts";
import { SourceCalls } from "./source-calls.ts";

/** What each look-up finds: songs of an ISRC, albums of a barcode. */
export interface LookupItems {
  isrc: Song;
  upc: AlbumDetail;
}

/** One source's items of the identifier, and the upstream milliseconds they cost (0 from the cache). */
export interface Found<K extends Lookup> {
  items: LookupItems[K][];
  cost: number;
}

@injectable()
export class IdentifierLookups {
  constructor(
    @inject(SourceCalls) private readonly calls: SourceCalls,
    @inject(SearchAllService) private readonly across: SearchAllService,
  ) {}

  /** Whether `source` offers the look-up `kind`. */
  static offeredBy(source: EnabledSource, kind: Lookup): boolean {
    return source.plugin.lookups?.[kind] === true && typeof source.methods[kind] === "function";
  }

  /**
   * For each of `sources`, in their order: its items of `value`, the error its look-up failed
   * with, or undefined when it offers no such look-up (nothing is asked of it).
   */
  find<K extends Lookup>(sources: readonly EnabledSource[], kind: K, value: string, signal?: AbortSignal): Promise<(Found<K> | ServiceErrorLike | undefined)[]> {
    return Promise.all(
      sources.map(async (source) => {
        if (!IdentifierLookups.offeredBy(source, kind)) return undefined;
        const outcome = await this.across.settle(source.id, signal, (time) => this.calls.lookup(source, kind, value, time));
        return isServiceError(outcome) ? outcome : { items: JSON.parse(outcome.json) as LookupItems[K][], cost: outcome.cost };
      }),
    );
  }
}

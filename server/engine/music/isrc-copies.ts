/**
 * The copies of a recording by its ISRC (docs/decisions.md, "One song, every source"): each
 * given source that offers the `isrc` look-up (`SourceLookups`: Deezer's `/track/isrc:{isrc}`)
 * is asked once, through the cache (`SourceCalls.isrc`, a song's lifetime) and so within its
 * upstream budget and this client's share of it, under the all-search deadline. `/v1/match`
 * asks it for the ISRC of the song it matches; `/v1/lookup?isrc=` is the same call over every
 * enabled source that offers the look-up.
 */
import { inject, injectable } from "tsyringe";
import { isServiceError, type ServiceErrorLike, type Song } from "@music-aggregator/core";
import type { EnabledSource } from "../sources/source-registry.ts";
import { SearchAllService } from "./search-all.ts";
import { SourceCalls } from "./source-calls.ts";

/** One source's songs of the ISRC, and the upstream milliseconds they cost (0 from the cache). */
export interface IsrcFound {
  songs: Song[];
  cost: number;
}

@injectable()
export class IsrcCopies {
  constructor(
    @inject(SourceCalls) private readonly calls: SourceCalls,
    @inject(SearchAllService) private readonly across: SearchAllService,
  ) {}

  /** Whether `source` offers the look-up. */
  static offeredBy(source: EnabledSource): boolean {
    return source.plugin.lookups?.isrc === true && typeof source.methods.isrc === "function";
  }

  /**
   * For each of `sources`, in their order: its songs of `isrc`, the error its look-up failed
   * with, or undefined when it offers no look-up (nothing is asked of it).
   */
  find(sources: readonly EnabledSource[], isrc: string, signal?: AbortSignal): Promise<(IsrcFound | ServiceErrorLike | undefined)[]> {
    return Promise.all(
      sources.map(async (source) => {
        if (!IsrcCopies.offeredBy(source)) return undefined;
        const outcome = await this.across.settle(source.id, signal, (time) => this.calls.isrc(source, isrc, time));
        return isServiceError(outcome) ? outcome : { songs: JSON.parse(outcome.json) as Song[], cost: outcome.cost };
      }),
    );
  }
}

/**
 * `/v1/lookup` (docs/decisions.md, "Links and identifiers"): the songs of one ISRC, or the
 * albums of one barcode, on every enabled source that offers that look-up, each source asked
 * once through the cache (`IdentifierLookups`). The answer is kept like a match (a minute at
 * most when a source failed, not at all when one was refused for the client's share of its
 * budget), so asking again costs nothing; when every source fails, it fails as an all-search.
 */
import { inject, injectable } from "tsyringe";
import { ServiceError, isKind, isServiceError, type AlbumDetail, type Song, type CachedAnswer, type Lookup, type ResponseCache, type ServiceErrorLike, Tokens } from "@music-aggregator/core";
import { withCost } from "@music-aggregator/core/host";
import { cacheKey } from "../cache/response-cache.ts";
import type { AppConfig } from "../config.ts";
import type { LookupResult } from "../domain.ts";
import type { LookupParams } from "../params.ts";
import { SourceRegistry, type EnabledSource } from "../sources/source-registry.ts";
import { IdentifierLookups } from "./identifier-lookups.ts";
import { everyOneFailed } from "./search-all.ts";
import { gatheredLifetime } from "./search-service.ts";

@injectable()
export class LookupService {
  constructor(
    @inject(Tokens.ResponseCache) private readonly cache: ResponseCache,
    @inject(Tokens.Config) private readonly config: AppConfig,
    @inject(SourceRegistry) private readonly registry: SourceRegistry,
    @inject(IdentifierLookups) private readonly lookups: IdentifierLookups,
  ) {}

  /** `/v1/lookup` for its validated parameters (exactly one identifier, in its plain form). */
  async lookup(params: LookupParams, signal?: AbortSignal): Promise<CachedAnswer> {
    const kind: Lookup = params.isrc !== undefined ? "isrc" : "upc";
    const value = (params.isrc ?? params.upc)!;
    const sources = (this.registry.enabled() as EnabledSource[]).filter((source) => IdentifierLookups.offeredBy(source, kind));
    if (!sources.length) throw new ServiceError("capability", `no enabled source offers the ${kind} look-up`);
    const ttl = this.config.cache.ttl[kind === "isrc" ? "song" : "album"];
    let cost: number | undefined;
    let refused = false;
    const answer = await this.cache.fetch(
      cacheKey(`lookup:${kind}`, { [kind]: value }),
      { ttl: (found) => gatheredLifetime(ttl, (found as LookupResult).failed, refused) },
      async (loadSignal) => {
        const started = performance.now();
        const outcomes = await this.lookups.find(sources, kind, value, loadSignal);
        const failed = sources.filter((_, i) => isServiceError(outcomes[i])).map((source) => source.id);
        const spent = Math.max(1, Math.round(performance.now() - started));
        if (failed.length === sources.length) throw withCost(everyOneFailed(outcomes as ServiceErrorLike[], failed), spent);
        const items = outcomes.flatMap((outcome) => (outcome && !isServiceError(outcome) ? outcome.items : []));
        const fromUpstream = failed.length > 0 || outcomes.some((outcome) => outcome && !isServiceError(outcome) && outcome.cost > 0);
        cost = fromUpstream ? spent : 0;
        refused = outcomes.some((outcome) => isKind(outcome, "shareSpent"));
        const result: LookupResult = kind === "isrc" ? { isrc: value, songs: items as Song[], failed } : { upc: value, albums: items as AlbumDetail[], failed };
        return result;
      },
      signal,
    );
    // Made here from cached parts only: no upstream time was spent.
    return cost === undefined ? answer : { ...answer, cost, status: cost > 0 ? "miss" : "hit" };
  }
}

/**
 * An album's copies on the other enabled sources (`/v1/resolve` of an album link). By barcode
 * first: when the album has one, every other source that offers the `upc` look-up is asked for
 * it once, through the cache (`IdentifierLookups`), and what it finds is the same release
 * (confidence 1, reason upc). Metadata then, on the other sources that can search and found
 * none by barcode: to come.
 */
import { inject, injectable } from "tsyringe";
import { isServiceError, type AlbumDetail } from "@music-aggregator/core";
import type { Copy } from "../domain.ts";
import { SourceRegistry, type EnabledSource } from "../sources/source-registry.ts";
import { IdentifierLookups } from "./identifier-lookups.ts";

/** An album's copies, the sources that failed, and whether an upstream was asked. */
export interface AlbumCopiesFound {
  copies: Copy[];
  failed: string[];
  fresh: boolean;
}

@injectable()
export class AlbumCopies {
  constructor(
    @inject(SourceRegistry) private readonly registry: SourceRegistry,
    @inject(IdentifierLookups) private readonly lookups: IdentifierLookups,
  ) {}

  /** The copies of `source`'s `album` on every other enabled source. */
  async find(source: EnabledSource, album: AlbumDetail, signal?: AbortSignal): Promise<AlbumCopiesFound> {
    const others = (this.registry.enabled() as EnabledSource[]).filter((other) => other !== source);
    const copies: Copy[] = [];
    const failed: string[] = [];
    let fresh = false;
    if (album.upc) {
      const outcomes = await this.lookups.find(others, "upc", album.upc, signal);
      outcomes.forEach((outcome, i) => {
        if (outcome === undefined) return;
        if (isServiceError(outcome)) return void failed.push(others[i].id);
        if (outcome.cost > 0) fresh = true;
        for (const found of outcome.items) copies.push({ source: found.source, id: found.id, link: found.link ?? this.registry.pageOf(found.source, "album", found.id), confidence: 1, reason: "upc" });
      });
    }
    return { copies, failed, fresh: fresh || failed.length > 0 };
  }
}

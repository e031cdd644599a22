/**
 * The two upstreams as the methods use them: the iTunes Search API (`/search`, `/lookup`,
 * always in the configured storefront) and Apple's RSS chart feeds. Both are reached through
 * the core's client, each with its own name and request budget.
 */
import { NotFoundError, readUpstreamAnswer, upcDigits, type UpstreamClient } from "@music-aggregator/core";
import { statusError } from "./errors.ts";
import { ItunesAnswer, RssFeed } from "./wire.ts";

export interface LookupOptions {
  /** `song` adds the songs of an album or artist after it */
  entity?: "song";
  limit?: number;
  /** the storefront, when not the configured one (a chart's) */
  country?: string;
  signal?: AbortSignal;
}

export class ItunesApi {
  constructor(
    private readonly http: UpstreamClient,
    private readonly country: string,
  ) {}

  /**
   * `/search` for songs, one page; Apple does not say how many there are in all. Apple documents
   * no `offset`: it is sent only past the first page (the core asks for page 1 of 200 only).
   */
  search(term: string, limit: number, offset: number, signal?: AbortSignal): Promise<ItunesAnswer> {
    return this.get("/search", { term, media: "music", entity: "song", limit, offset: offset || undefined, country: this.country }, signal);
  }

  /** `/lookup` of one id, or of several in one call (`id=a,b,c`). */
  lookup(ids: readonly string[], { entity, limit, country, signal }: LookupOptions = {}): Promise<ItunesAnswer> {
    return this.get("/lookup", { id: ids.join(","), entity, limit, country: country ?? this.country }, signal);
  }

  /** `/lookup?upc=`: the album of a barcode (as 12 digits, or 13 and 14 as they are) and, with `entity=song`, its songs. */
  lookupUpc(upc: string, { entity, limit, signal }: LookupOptions = {}): Promise<ItunesAnswer> {
    return this.get("/lookup", { upc: upc.length <= 12 ? upcDigits(upc, 12) : upc, entity, limit, country: this.country }, signal);
  }

  // --- internal ---

  private async get(path: string, query: Record<string, string | number | undefined>, signal?: AbortSignal): Promise<ItunesAnswer> {
    const response = await this.http.request(path, { query, signal });
    if (response.status >= 400) throw statusError(response.status, response.text, path);
    // Apple sends `text/javascript` with blank lines around the JSON: only the body counts.
    return readUpstreamAnswer("iTunes", ItunesAnswer, response.json(), path);
  }
}

/** Apple's RSS JSON feeds: the most-played songs of one storefront. */
export class AppleCharts {
  constructor(private readonly http: UpstreamClient) {}

  /** The feed of `country`'s top `size` songs; a storefront without one is 3001. */
  mostPlayed(country: string, size: number, signal?: AbortSignal): Promise<RssFeed> {
    return this.feed(`/api/v2/${country}/music/most-played/${size}/songs.json`, signal);
  }

  /** Any feed of the same shape, by its path. */
  async feed(path: string, signal?: AbortSignal): Promise<RssFeed> {
    return (await this.http.getJson(path, RssFeed, { signal, notFound: true })).feed;
  }
}

/** Only digits reach an iTunes query: anything else cannot be an iTunes id. */
export function itunesId(id: string, what: string): string {
  if (!/^\d{1,20}$/.test(id)) throw new NotFoundError(`iTunes has no such ${what}: iTunes ids are digits`);
  return id;
}

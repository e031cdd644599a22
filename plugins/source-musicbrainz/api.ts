/**
 * The MusicBrainz web service as the methods use it: GET with `fmt=json`, read with a wire
 * schema. An unknown id is HTTP 404 (`{"error": "Not Found"}`); MusicBrainz' rate limiting is
 * HTTP 503, which the upstream client retries inside the deadline, each attempt waiting for its
 * turn in the shared budget. Ids are checked to be UUIDs before any call: nothing else is a
 * MusicBrainz id, and nothing else reaches its paths.
 */
import { NotFoundError, readUpstreamAnswer, type UpstreamClient, UpstreamError, z } from "@music-aggregator/core";
import { MBID } from "./wire.ts";

/** Lucene's operators and syntax characters, escaped so that a query is words, not a search program. */
const LUCENE_SPECIAL = /[+\-!(){}[\]^"~*?:\\/&|]/g;

export interface GetOptions {
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
}

export class MusicBrainzApi {
  constructor(private readonly http: UpstreamClient) {}

  /** GETs a lookup and reads the answer with `schema`; 3001 when MusicBrainz has no such thing (404). */
  async get<S extends z.ZodType>(path: string, schema: S, what: string, options: GetOptions = {}): Promise<z.output<S>> {
    const found = await this.find(path, schema, options);
    if (found === undefined) throw new NotFoundError(`MusicBrainz has no ${what}`);
    return found;
  }

  /** GETs a search (`/recording?query=`): a 404 there is no missing item but a wrong `baseURL` (2002). */
  async search<S extends z.ZodType>(path: string, schema: S, options: GetOptions = {}): Promise<z.output<S>> {
    const found = await this.find(path, schema, options);
    if (found === undefined) throw new UpstreamError(`MusicBrainz answered HTTP 404 for ${path}: is the source's baseURL right?`, { upstreamStatus: 404 });
    return found;
  }

  /** GETs `path` and reads the answer with `schema`; undefined when MusicBrainz answers 404. */
  async find<S extends z.ZodType>(path: string, schema: S, { query, signal }: GetOptions = {}): Promise<z.output<S> | undefined> {
    const response = await this.http.request(path, { query: { ...query, fmt: "json" }, signal });
    if (response.status === 404) return undefined;
    if (response.status >= 400) throw new UpstreamError(`MusicBrainz answered HTTP ${response.status} for ${path}`, { upstreamStatus: response.status });
    return readUpstreamAnswer("MusicBrainz", schema, response.json(), path);
  }
}

/** `id` as MusicBrainz writes it (a lower-case UUID); 3001 for anything else, without a call. */
export function mbid(id: string, what: string): string {
  const lower = id.length === 36 ? id.toLowerCase() : "";
  if (!MBID.test(lower)) throw new NotFoundError(`MusicBrainz has no such ${what}: MusicBrainz ids are UUIDs (8-4-4-4-12 hexadecimal digits)`);
  return lower;
}

/** Free text as one Lucene query of plain words: MusicBrainz' search syntax characters escaped. */
export function luceneWords(text: string): string {
  return text.replace(LUCENE_SPECIAL, (c) => `\\${c}`);
}

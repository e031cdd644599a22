/**
 * The Deezer API as the methods use it: GET a path, read the answer with a wire schema, map
 * Deezer's error objects to core errors, and retry quota answers a bounded number of times
 * (the core client retries 5xx and 429, but Deezer reports its quota with HTTP 200).
 */
import { type Logger, NotFoundError, readUpstreamAnswer, sleep, type UpstreamClient, UpstreamError, UpstreamTimeoutError, type z } from "@music-aggregator/core";
import { NO_DATA, QUOTA_EXCEEDED, readDeezerError, toServiceError } from "./errors.ts";

export interface QuotaPolicy {
  /** further attempts after a quota answer */
  retries: number;
  /** wait before the first retry, doubled for each further one */
  backoffMs: number;
}

export interface GetOptions {
  query?: Record<string, string | number>;
  signal?: AbortSignal;
  /** Deezer error codes that mean "no such thing" here, besides 800 */
  missing?: readonly number[];
}

export class DeezerApi {
  constructor(
    private readonly http: UpstreamClient,
    private readonly quota: QuotaPolicy,
    private readonly log: Logger,
  ) {}

  /** GETs `path` and reads the answer with `schema`; throws core errors (3001, 2001, 2002, 2003). */
  async get<S extends z.ZodType>(path: string, schema: S, options: GetOptions = {}): Promise<z.output<S>> {
    const started = Date.now();
    const missing = [NO_DATA, ...(options.missing ?? [])];
    for (let attempt = 0; ; attempt++) {
      const body = await this.fetchJson(path, options);
      const error = readDeezerError(body);
      if (!error) return readUpstreamAnswer("Deezer", schema, body, path);
      if (error.code !== QUOTA_EXCEEDED || attempt >= this.quota.retries) throw toServiceError(error, path, missing);
      this.log.warn(`Deezer quota answer for ${path}, retry ${attempt + 1} of ${this.quota.retries}`);
      await this.backoff(attempt, options.signal, started);
    }
  }

  // --- internal ---

  private async fetchJson(path: string, { query, signal }: GetOptions): Promise<unknown> {
    const response = await this.http.request(path, { query, signal });
    // Deezer answers an unknown id with HTTP 200 and error 800; a 404 is a path it does not serve
    // at all (a wrong baseURL, an API change): an upstream failure, never a missing song to cache.
    if (response.status === 404) throw new UpstreamError(`Deezer answered HTTP 404 for ${path}: no such API path (is baseURL right?)`, { upstreamStatus: 404 });
    if (response.status >= 400) throw new UpstreamError(`Deezer answered HTTP ${response.status} for ${path}`, { upstreamStatus: response.status });
    return response.json();
  }

  /** Waits before a quota retry; the caller's deadline ends the wait (and the call) early. */
  private async backoff(attempt: number, signal: AbortSignal | undefined, started: number): Promise<void> {
    try {
      await sleep(this.quota.backoffMs * 2 ** attempt, signal);
    } catch (cause) {
      throw new UpstreamTimeoutError("Deezer", Date.now() - started, { cause });
    }
  }
}

/** Only digits reach a Deezer path: anything else cannot be a Deezer id (and cannot climb out of the path). */
export function deezerId(id: string, what: string): string {
  if (!/^\d{1,20}$/.test(id)) throw new NotFoundError(`Deezer has no such ${what}: Deezer ids are digits`);
  return id;
}

// --- internal ---


/**
 * The Jamendo API v3.0 as the methods use it: GET a read method with the client id and
 * `format=json`, look at the answer's headers before anything else (Jamendo reports failures
 * there, with HTTP 200), then read the answer with a wire schema. `http.request()` is used
 * rather than `getJson` because a failure's headers must be read whatever the HTTP status.
 */
import { jsonLimitProblem, NotFoundError, readUpstreamAnswer, type UpstreamClient, UpstreamError, type UpstreamResponse, z } from "@music-aggregator/core";
import { isFailure, toServiceError } from "./errors.ts";
import { JamendoHeaders } from "./wire.ts";

/** `/tracks` lists album tracks only unless told otherwise; singles are songs too. */
export const ALL_TRACK_TYPES = "single albumtrack";

export interface GetOptions {
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
}

export class JamendoApi {
  constructor(
    private readonly http: UpstreamClient,
    private readonly clientId: string,
    /** the `imagesize` every cover is asked in */
    readonly imageSize: number,
  ) {}

  /** GETs a read method and reads the answer with `schema`; throws core errors (2001, 2002, 2003). */
  async get<S extends z.ZodType>(path: string, schema: S, { query, signal }: GetOptions = {}): Promise<z.output<S>> {
    const response = await this.http.request(path, { query: { client_id: this.clientId, format: "json", ...query }, signal });
    if (response.status >= 400) throw this.httpFailure(response, path);
    const body = response.json();
    const { headers } = readUpstreamAnswer("Jamendo", WithHeaders, body, path);
    if (isFailure(headers)) throw toServiceError(headers, path, this.clientId);
    return readUpstreamAnswer("Jamendo", schema, body, path);
  }

  // --- internal ---

  /** An HTTP error status: Jamendo's own failure headers when the body has them, else the status. */
  private httpFailure(response: UpstreamResponse, path: string) {
    const parsed = WithHeaders.safeParse(parseOrUndefined(response.text));
    if (parsed.success && isFailure(parsed.data.headers)) return toServiceError(parsed.data.headers, path, this.clientId);
    return new UpstreamError(`Jamendo answered HTTP ${response.status} for ${path}`, { upstreamStatus: response.status });
  }
}

/**
 * Only digits reach Jamendo as an id: anything else cannot be Jamendo's, and a space or a `+`
 * would ask for several ids at once (Jamendo's list separators).
 */
export function jamendoId(id: string, what: string): string {
  if (!/^\d{1,12}$/.test(id)) throw new NotFoundError(`Jamendo has no such ${what}: Jamendo ids are digits`);
  return id;
}

/** The result with `id`: Jamendo answers an unknown id with an empty `results`, which is 3001. */
export function only<T extends { id: string }>(results: readonly T[], id: string, what: string): T {
  const found = results.find((item) => item.id === id);
  if (!found) throw new NotFoundError(`Jamendo has no ${what} ${id}`);
  return found;
}

// --- internal ---

const WithHeaders = z.looseObject({ headers: JamendoHeaders });


function parseOrUndefined(text: string): unknown {
  // Past the kit's limits the text is not parsed at all (it would cost seconds): unreadable.
  if (jsonLimitProblem(text)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

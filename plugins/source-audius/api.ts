/**
 * The Audius API as the methods use it: every request names this service (`app_name`, and
 * `api_key` when one is configured), a 404 anywhere is "no such thing" (3001), and the stream
 * endpoint's refusals are read by status (a 403 is 3002). Every call takes the caller's signal.
 */
import { NotFoundError, readUpstreamAnswer, type UpstreamClient, type z } from "@music-aggregator/core";
import { streamError } from "./errors.ts";
import { HASHID, StreamAnswer } from "./wire.ts";

/** Who this service is to Audius. */
export interface AudiusIdentity {
  appName: string;
  apiKey?: string;
}

type Query = Record<string, string | number | boolean>;

export class AudiusApi {
  constructor(
    private readonly http: UpstreamClient,
    private readonly identity: AudiusIdentity,
  ) {}

  /** GETs `/v1/...` and reads the answer with `schema`; throws core errors (3001, 2001, 2002, 2003). */
  get<S extends z.ZodType>(path: string, schema: S, { query, signal }: { query?: Query; signal?: AbortSignal } = {}): Promise<z.output<S>> {
    return this.http.getJson(path, schema, { query: this.named(query), signal, notFound: true });
  }

  /**
   * The address of a track's full MP3: `/v1/tracks/{id}/stream?no_redirect=true` answers it as
   * JSON instead of redirecting to a content node. Call it only for a track known not to be gated.
   */
  async streamUrl(id: string, signal?: AbortSignal): Promise<string> {
    const path = `/v1/tracks/${audiusId(id, "track")}/stream`;
    const response = await this.http.request(path, { query: this.named({ no_redirect: true }), signal });
    if (response.status >= 400) throw streamError(response.status, response.text, id);
    return readUpstreamAnswer("Audius", StreamAnswer, response.json(), path).data;
  }

  // --- internal ---

  /** The request's own parameters, then who is asking. */
  private named(query: Query = {}): Query {
    const { appName, apiKey } = this.identity;
    return { ...query, app_name: appName, ...(apiKey ? { api_key: apiKey } : {}) };
  }
}

/** Only hashids reach an Audius path: anything else cannot be Audius's (and cannot climb out of the path). */
export function audiusId(id: string, what: string): string {
  if (!HASHID.test(id)) throw new NotFoundError(`Audius has no such ${what}: Audius ids are 5 to 20 letters and digits`);
  return id;
}

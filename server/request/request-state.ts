/**
 * What one request gathers on its way through the pipeline: headers for its answer (rate
 * limit, cache), and what the access log and the statistics report about it.
 */
import type { H3Event } from "h3";
import type { CompressedForms } from "./compression.ts";

/** Which envelope a route answers in: `/v1`'s, `/api`'s, or the pages' (the `/v1` one, never JSONP). */
export type Family = "v1" | "api" | "page";

export interface RequestState {
  /** headers for the answer, lowercase names */
  headers: Record<string, string>;
  /** the query's first values, empty ones left out (they count as absent) */
  query?: Record<string, string>;
  /** the public source asked for (the envelope's `source`) */
  source?: string | null;
  /** the client's key (the rate limit's): the upstream budgets' shares its misses spend are counted under it */
  client?: string;
  /** the caller's `origin`, once validated */
  origin?: string;
  /** an operation whose answers shared HTTP caches may keep (its cached not-founds too) */
  sharedCacheable?: boolean;
  /** the envelope's code, for the access log */
  code?: number;
  /** file entries a share listing returned, for the statistics */
  files?: number;
  /** the answer's body as the reply functions made it, for compression (`compress-answers.ts`) */
  body?: string | Uint8Array;
  /** the kept compressed forms of a body that does not change (a cached answer, a page) */
  compressed?: CompressedForms;
}

export function stateOf(event: H3Event): RequestState {
  const context = event.context as { music?: RequestState };
  return (context.music ??= { headers: {} });
}

/** The first value of each query parameter; repeated ones never become arrays, empty ones count as absent. */
export function queryOf(event: H3Event): Record<string, string> {
  const state = stateOf(event);
  if (state.query) return state.query;
  const query: Record<string, string> = {};
  for (const [key, value] of event.url.searchParams) if (value !== "" && !(key in query)) query[key] = value;
  return (state.query = query);
}

/**
 * What a route answers, and what a kept answer is: one kind of answer for every route and
 * both ways of serving it. Its headers are its own (type, security, `X-Cache`, `Retry-After`,
 * …); what depends on the request (its id, the rate limit, `Cache-Control` at the time it is
 * sent, a 304, compression, `Content-Length`) is added by `deliver.ts`.
 */
import type { CompressedForms } from "./compression.ts";
import { NEVER, type Freshness } from "./http-caching.ts";

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string | null;
  /** how long HTTP caches may keep it */
  freshness: Freshness;
  /** its entity tag, when caches may keep it */
  etag?: string;
  /** the kept compressed forms of a body that does not change (a kept answer, a page), made when first asked for */
  forms?: CompressedForms;
  /** the envelope's code (the status for answers without an envelope), for the access line and the metrics */
  code: number;
}

const JSON_TYPE = "application/json; charset=utf-8";

/** A JSON answer that no cache keeps (probes, `/api`). */
export function jsonAnswer(status: number, body: unknown, headers: Record<string, string> = {}, code = status): Answer {
  return { status, headers: { "content-type": JSON_TYPE, "x-content-type-options": "nosniff", ...headers }, body: JSON.stringify(body), freshness: NEVER, code };
}

/** A text answer of a page, an asset or a scrape. */
export function textAnswer(status: number, body: Buffer | string, type: string, freshness: Freshness, headers: Record<string, string> = {}, forms?: CompressedForms): Answer {
  return { status, headers: { "content-type": type, "x-content-type-options": "nosniff", ...headers }, body, freshness, forms, code: status };
}

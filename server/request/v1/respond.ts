/**
 * The `/v1` envelope `{code, message, data, source, cost}` in JSON or JSONP (docs/decisions.md (/v1)).
 * JSONP answers are always HTTP 200; a JSON answer's status comes from the error table. Every
 * answer says how HTTP caches may keep it (`http-caching.ts`); a success whose entity tag the
 * request's `If-None-Match` names is a 304 without a body.
 */
import type { H3Event } from "h3";
import { FastResponse } from "srvx";
import { ERROR_CODES, type ServiceErrorLike } from "../../../core/errors.ts";
import { CALLBACK_PATTERN } from "../../../core/params.ts";
import type { RoutePolicy } from "../route-policy.ts";
import { queryOf, stateOf } from "../request-state.ts";
import { V1_STATUS } from "../../../core/errors.ts";
import { COMPRESS_FROM_BYTES } from "../compression.ts";
import { BODY_HEADERS, NEVER, cacheControl, entityTag, entryFreshness, notModified, type Freshness } from "./http-caching.ts";

/** A success: `dataJson` is the payload as JSON text (spliced, never re-serialised); `freshness`, how long caches may keep it. */
export function replyV1Data(event: H3Event, policy: RoutePolicy, dataJson: string, source: string | null, cost: number, freshness: Freshness = NEVER): Response {
  const callback = callbackOf(event, policy).name;
  const etag = freshness.kind === "never" ? undefined : entityTag(dataJson, source, callback);
  return replyRendered(event, 0, renderV1Data(dataJson, source, cost, callback), freshness, etag);
}

/** A success's envelope in JSON or JSONP. */
export function renderV1Data(dataJson: string, source: string | null, cost: number, callback: string | undefined): RenderedV1 {
  return renderV1(0, dataEnvelope(dataJson, source, cost), callback);
}

/** The envelope of a success, as JSON text. */
function dataEnvelope(dataJson: string, source: string | null, cost: number): string {
  const sourceJson = source === null ? "null" : JSON.stringify(source);
  return `{"code":0,"message":"ok","data":${dataJson},"source":${sourceJson},"cost":${cost}}`;
}

export function replyV1Error(event: H3Event, policy: RoutePolicy, error: ServiceErrorLike, source: string | null, cost: number): Response {
  // A not-found the cache keeps may be kept as long by others; every other failure, not at all.
  const cached = error.kind === "notFound" && stateOf(event).sharedCacheable === true;
  return replyRendered(event, ERROR_CODES[error.kind], renderV1Failure(error, source, cost, callbackOf(event, policy).name), cached ? entryFreshness(error.cachedUntil) : NEVER);
}

/** A failure's envelope, with the headers its kind adds (`Retry-After`, `Allow`): the one form of h3 and the fast path. */
export function renderV1Failure(error: ServiceErrorLike, source: string | null, cost: number, callback: string | undefined): RenderedV1 {
  const code = ERROR_CODES[error.kind];
  const rendered = renderV1(code, errorEnvelope(code, error.message, source, cost), callback);
  if ((error.kind === "rateLimited" || error.kind === "shareSpent") && error.retryAfterSeconds !== undefined) rendered.headers["retry-after"] = String(error.retryAfterSeconds);
  if (error.kind === "method") rendered.headers.allow = "GET, HEAD";
  return rendered;
}

/** `callback` (or its alias `cb`) as the caller sent it, and whether it is a valid name to echo. */
export function callbackOf(event: H3Event, policy: RoutePolicy): { name?: string; param?: string; valid: boolean } {
  if (policy.family !== "v1") return { valid: true };
  const query = queryOf(event);
  const param = query.callback !== undefined ? "callback" : policy.cbAlias && query.cb !== undefined ? "cb" : undefined;
  if (!param) return { valid: true };
  const name = query[param];
  return CALLBACK_PATTERN.test(name) ? { name, param, valid: true } : { param, valid: false };
}

/** A `/v1` answer as bytes on the wire will carry it: status, its own headers, body. */
export interface RenderedV1 {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The envelope in JSON, or in JSONP when a valid `callback` is given (then always HTTP 200). */
export function renderV1(code: number, envelope: string, callback: string | undefined): RenderedV1 {
  if (callback) {
    return {
      status: 200,
      headers: { "content-type": "application/javascript; charset=utf-8", "x-content-type-options": "nosniff" },
      body: `/**/ typeof ${callback} === 'function' && ${callback}(${escapeLineSeparators(envelope)});`,
    };
  }
  return { status: V1_STATUS[code] ?? 500, headers: { "content-type": "application/json; charset=utf-8", "x-content-type-options": "nosniff" }, body: envelope };
}

/** The envelope of an error, as JSON text. */
export function errorEnvelope(code: number, message: string, source: string | null, cost: number): string {
  return JSON.stringify({ code, message, data: null, source, cost });
}

// --- internal ---

/** An answer rendered once (`renderV1`), sent by h3 with its caching headers. An invalid callback is never echoed: that answer is plain JSON. */
export function replyRendered(event: H3Event, code: number, rendered: RenderedV1, freshness: Freshness, etag?: string): Response {
  const state = stateOf(event);
  state.code = code;
  const headers = Object.assign(state.headers, rendered.headers);
  headers["cache-control"] = cacheControl(freshness, Date.now());
  if (etag !== undefined) {
    headers.etag = etag;
    if (notModified(event.req.headers.get("if-none-match"), etag)) {
      for (const name of BODY_HEADERS) delete headers[name];
      // The Vary a full answer would carry (it may be sent compressed: `compression.ts`).
      if (Buffer.byteLength(rendered.body) >= COMPRESS_FROM_BYTES) headers.vary = "accept-encoding";
      return new FastResponse(null, { status: 304, headers });
    }
  }
  state.body = rendered.body;
  // srvx's FastResponse with a string body and plain headers goes to node:http in one write
  // with Content-Length, never through a web Headers object or a ReadableStream.
  if (event.req.method !== "HEAD") return new FastResponse(rendered.body, { status: rendered.status, headers });
  // HEAD: the headers a GET would get, its Content-Length included, and no body.
  headers["content-length"] = String(Buffer.byteLength(rendered.body));
  return new FastResponse(null, { status: rendered.status, headers });
}

/** U+2028/U+2029 are valid in JSON but end a line in older JavaScript engines. */
function escapeLineSeparators(text: string): string {
  return /[\u2028\u2029]/.test(text) ? text.replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029") : text;
}

/**
 * The `/v1` envelope `{code, message, data, source, cost}` as an answer, in JSON or JSONP
 * (docs/decisions.md (/v1)). JSONP answers are always HTTP 200; a JSON answer's status comes
 * from the error table. A success's data is spliced in as the JSON text the cache holds, never
 * parsed and serialised again.
 */
import { type ServiceErrorLike } from "@music-aggregator/core";
import { ERROR_CODES } from "@music-aggregator/core/host";
import type { Answer } from "../answer.ts";
import { NEVER, entityTag, type Freshness } from "../http-caching.ts";
import { V1_STATUS } from "../../engine/errors.ts";

/** A success; it carries an entity tag when HTTP caches may keep it. */
export function v1Data(dataJson: string, source: string | null, cost: number, callback: string | undefined, freshness: Freshness = NEVER): Answer {
  const sourceJson = source === null ? "null" : JSON.stringify(source);
  const answer = v1Answer(0, `{"code":0,"message":"ok","data":${dataJson},"source":${sourceJson},"cost":${cost}}`, callback, freshness);
  if (freshness.kind !== "never") answer.etag = entityTag(dataJson, source, callback);
  return answer;
}

/** A failure, with the headers its kind adds (`Retry-After`, `Allow`). */
export function v1Failure(error: ServiceErrorLike, source: string | null, callback: string | undefined, freshness: Freshness = NEVER): Answer {
  const code = ERROR_CODES[error.kind];
  const answer = v1Answer(code, JSON.stringify({ code, message: error.message, data: null, source, cost: error.cost ?? 0 }), callback, freshness);
  if ((error.kind === "rateLimited" || error.kind === "shareSpent") && error.retryAfterSeconds !== undefined) answer.headers["retry-after"] = String(error.retryAfterSeconds);
  if (error.kind === "method") answer.headers.allow = ["GET", "HEAD", ...(error.allowed ?? []).filter((m) => m !== "GET" && m !== "HEAD")].join(", ");
  // A body past its bound or its deadline was left unread: the connection cannot carry another request.
  if (error.kind === "tooLarge" || error.kind === "requestTimeout") answer.headers.connection = "close";
  return answer;
}

// --- internal ---

/** The envelope in JSON, or in JSONP when a valid `callback` is given (then always HTTP 200). */
function v1Answer(code: number, envelope: string, callback: string | undefined, freshness: Freshness): Answer {
  if (callback) {
    return {
      status: 200,
      headers: { "content-type": "application/javascript; charset=utf-8", "x-content-type-options": "nosniff" },
      body: `/**/ typeof ${callback} === 'function' && ${callback}(${escapeLineSeparators(envelope)});`,
      freshness,
      code,
    };
  }
  return { status: V1_STATUS[code] ?? 500, headers: { "content-type": "application/json; charset=utf-8", "x-content-type-options": "nosniff" }, body: envelope, freshness, code };
}

/** U+2028/U+2029 are valid in JSON but end a line in older JavaScript engines. */
function escapeLineSeparators(text: string): string {
  return /[\u2028\u2029]/.test(text) ? text.replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029") : text;
}

/**
 * The envelope `{code, message, data, source, cost}` in JSON or JSONP, and the one table
 * through the `/v1` error table (`errors.ts`). JSONP answers are always HTTP 200.
 */
import { FastResponse } from "srvx";
import { ERROR_CODES, type ServiceErrorLike } from "../../core/errors.ts";
import { V1_STATUS } from "./errors.ts";

export interface ReplyContext {
  /** a validated JSONP callback name: the answer is JSONP */
  callback?: string;
  /** headers gathered on the way (rate limit, cache); lowercase names */
  headers: Record<string, string>;
  head: boolean;
}

/** A success: `dataJson` is the payload as JSON text (spliced, not re-serialised). */
export function replyData(ctx: ReplyContext, dataJson: string, source: string | null, cost: number): Response {
  const sourceJson = source === null ? "null" : JSON.stringify(source);
  return reply(ctx, 200, `{"code":0,"message":"ok","data":${dataJson},"source":${sourceJson},"cost":${cost}}`);
}

export function replyError(ctx: ReplyContext, error: ServiceErrorLike, source: string | null, cost = 0): Response {
  const code = ERROR_CODES[error.kind];
  if (error.kind === "rateLimited" && error.retryAfterSeconds !== undefined) ctx.headers["retry-after"] = String(error.retryAfterSeconds);
  if (error.kind === "method") ctx.headers.allow = "GET, HEAD";
  const body = JSON.stringify({ code, message: error.message, data: null, source, cost });
  return reply(ctx, V1_STATUS[code], body);
}

// --- internal ---

function reply(ctx: ReplyContext, status: number, envelope: string): Response {
  const headers = ctx.headers;
  headers["x-content-type-options"] = "nosniff";
  let body: string;
  if (ctx.callback) {
    headers["content-type"] = "application/javascript; charset=utf-8";
    body = `/**/ typeof ${ctx.callback} === 'function' && ${ctx.callback}(${escapeLineSeparators(envelope)});`;
    status = 200;
  } else {
    headers["content-type"] = "application/json; charset=utf-8";
    body = envelope;
  }
  // srvx's FastResponse with a string body and plain headers goes to node:http in one write
  // with Content-Length, never through a web Headers object or a ReadableStream: on the hot
  // path of cached answers that is most of the cost left above a bare h3 handler.
  return new FastResponse(ctx.head ? null : body, { status, headers });
}

/** U+2028/U+2029 are valid in JSON but end a line in older JavaScript engines. */
function escapeLineSeparators(text: string): string {
  return /[\u2028\u2029]/.test(text) ? text.replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029") : text;
}

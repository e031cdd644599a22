/**
 * Answers of the share-listing service (`/api`): `{code, message, data}` with `code` equal to
 * the HTTP status (DESIGN §4). Never any CORS header: browsers of other origins get nothing.
 */
import type { ServiceErrorLike } from "../../core/errors.ts";
import { apiMessage, apiStatus } from "./errors.ts";

export interface ShareReplyContext {
  /** headers gathered on the way (rate limit, cache, Allow) */
  headers: Headers;
  /** a HEAD request: headers only */
  head: boolean;
  /** file entries returned, for the traffic statistics */
  files: number;
}

export const SUCCESS_MESSAGE = "success";

export function newReplyContext(method: string): ShareReplyContext {
  return { headers: new Headers(), head: method === "HEAD", files: 0 };
}

/** A success: `{code:200, message:"success", data}`. */
export function replyData(ctx: ShareReplyContext, data: unknown): Response {
  return replyJson(ctx, 200, { code: 200, message: SUCCESS_MESSAGE, data });
}

/** A failure: `{code, message, data:null}` with the status of its kind; 429 carries Retry-After. */
export function replyError(ctx: ShareReplyContext, error: ServiceErrorLike): Response {
  const status = apiStatus(error);
  if (status === 429 && error.retryAfterSeconds !== undefined) ctx.headers.set("retry-after", String(error.retryAfterSeconds));
  if (error.kind === "method") ctx.headers.set("allow", (error.allowed ?? []).join(", "));
  // The rest of the body was left unread: the connection cannot carry another request.
  if (error.kind === "tooLarge" || error.kind === "requestTimeout") ctx.headers.set("connection", "close");
  return replyJson(ctx, status, { code: status, message: apiMessage(error), data: null });
}

export function replyJson(ctx: ShareReplyContext, status: number, body: object): Response {
  ctx.headers.set("content-type", "application/json; charset=utf-8");
  ctx.headers.set("x-content-type-options", "nosniff");
  ctx.headers.set("cache-control", "no-store");
  return new Response(ctx.head ? null : JSON.stringify(body), { status, headers: ctx.headers });
}

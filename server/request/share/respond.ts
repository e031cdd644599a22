/**
 * Answers of the share-listing service (`/api`): `{code, message, data}` with `code` equal to
 * the HTTP status (docs/decisions.md (/api)). Never any CORS header: browsers of other origins get nothing.
 */
import type { H3Event } from "h3";
import { FastResponse } from "srvx";
import type { ServiceErrorLike } from "../../../core/errors.ts";
import { stateOf } from "../request-state.ts";
import { apiMessage, apiStatus } from "./errors.ts";

export const SUCCESS_MESSAGE = "success";

/** A success: `{code:200, message:"success", data}`. */
export function replyShareData(event: H3Event, data: unknown): Response {
  return replyJson(event, 200, { code: 200, message: SUCCESS_MESSAGE, data });
}

/** A failure: `{code, message, data:null}` with the status of its kind; 429 carries Retry-After. */
export function replyShareError(event: H3Event, error: ServiceErrorLike): Response {
  const status = apiStatus(error);
  const headers = stateOf(event).headers;
  if (status === 429 && error.retryAfterSeconds !== undefined) headers["retry-after"] = String(error.retryAfterSeconds);
  if (error.kind === "method") headers.allow = [...(error.allowed ?? []), ...(error.allowed?.includes("GET") ? ["HEAD"] : [])].join(", ");
  // The rest of the body was left unread: the connection cannot carry another request.
  if (error.kind === "tooLarge" || error.kind === "requestTimeout") headers.connection = "close";
  return replyJson(event, status, { code: status, message: apiMessage(error), data: null });
}

/** Any answer of this service: its own headers, and none from a cache or a browser's guess. */
export function replyBody(event: H3Event, status: number, body: string | Uint8Array | null, headers: Record<string, string>): Response {
  const state = stateOf(event);
  const all = Object.assign(state.headers, headers, { "x-content-type-options": "nosniff" });
  if (body !== null) state.body = body;
  if (event.req.method !== "HEAD" || body === null) return new FastResponse(event.req.method === "HEAD" ? null : (body as BodyInit), { status, headers: all });
  all["content-length"] = String(Buffer.byteLength(body));
  return new FastResponse(null, { status, headers: all });
}

// --- internal ---

function replyJson(event: H3Event, status: number, body: object): Response {
  stateOf(event).code = status;
  return replyBody(event, status, JSON.stringify(body), { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
}

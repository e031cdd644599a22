/**
 * Answers of the share-listing service (`/api`): `{code, message, data}` with `code` equal to
 * the HTTP status (docs/decisions.md (/api)). Never any CORS header: browsers of other origins get nothing.
 */
import type { ServiceErrorLike } from "@music-aggregator/core";
import { jsonAnswer, type Answer } from "../answer.ts";
import { apiMessage, apiStatus } from "./errors.ts";

export const SUCCESS_MESSAGE = "success";

/** A success: `{code:200, message:"success", data}`. */
export function shareData(data: unknown, headers: Record<string, string> = {}): Answer {
  return jsonAnswer(200, { code: 200, message: SUCCESS_MESSAGE, data }, headers);
}

/** A failure: `{code, message, data:null}` with the status of its kind; 429 carries Retry-After. */
export function shareFailure(error: ServiceErrorLike): Answer {
  const status = apiStatus(error);
  const headers: Record<string, string> = {};
  if (status === 429 && error.retryAfterSeconds !== undefined) headers["retry-after"] = String(error.retryAfterSeconds);
  if (error.kind === "method") headers.allow = [...(error.allowed ?? []), ...(error.allowed?.includes("GET") ? ["HEAD"] : [])].join(", ");
  // The rest of the body was left unread: the connection cannot carry another request.
  if (error.kind === "tooLarge" || error.kind === "requestTimeout") headers.connection = "close";
  return jsonAnswer(status, { code: status, message: apiMessage(error), data: null }, headers);
}

/**
 * The `/api` mapping of the error model: each kind's HTTP status, which is also the `code`
 * of the answer (docs/decisions.md (/api)). The one place where `/api` statuses meet kinds.
 */
import type { ErrorKind, ServiceErrorLike } from "../../core/errors.ts";

const API_STATUS: Record<ErrorKind, number> = {
  parameter: 400,
  source: 400,
  capability: 400,
  tooLarge: 413,
  requestTimeout: 408,
  mediaType: 415,
  method: 405,
  credentialsRequired: 401,
  credentialsWrong: 403,
  notFound: 404,
  gone: 410,
  blocked: 451,
  paid: 403,
  rateLimited: 429,
  userAgentBlocked: 403,
  upstream: 502,
  parse: 502,
  timeout: 504,
  internal: 500,
};

/** The status of an `/api` answer for `error`; the share host's own 429 is passed on as 429. */
export function apiStatus(error: ServiceErrorLike): number {
  if (error.kind === "upstream" && error.upstreamStatus === 429) return 429;
  return API_STATUS[error.kind];
}

/** The message of an `/api` answer: the share host's rate limit is said in the caller's terms. */
export function apiMessage(error: ServiceErrorLike): string {
  if (error.kind === "upstream" && error.upstreamStatus === 429) return "the share host is rate limiting this service, retry later";
  if (error.kind === "timeout") return "the share host did not answer in time";
  if (error.kind === "upstream") return error.message.startsWith("the share host") ? error.message : "the share host failed to answer";
  if (error.kind === "parse") return "the share host answered something that could not be read";
  return error.message;
}

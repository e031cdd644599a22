/**
 * The `/api` answers of the error model: each kind's status is `HTTP_STATUS[kind].api`, which
 * is also the answer's `code` (docs/decisions.md, the `/api` errors); the share host's own
 * rate limit and failures are said in the caller's terms.
 */
import type { ServiceErrorLike } from "@music-aggregator/core";
import { HTTP_STATUS } from "../../engine/errors.ts";

/** The status of an `/api` answer for `error`; the share host's own 429 is passed on as 429. */
export function apiStatus(error: ServiceErrorLike): number {
  if (error.kind === "upstream" && error.upstreamStatus === 429) return 429;
  return HTTP_STATUS[error.kind].api;
}

/** The message of an `/api` answer: the share host's rate limit is said in the caller's terms. */
export function apiMessage(error: ServiceErrorLike): string {
  if (error.kind === "upstream" && error.upstreamStatus === 429) return "the share host is rate limiting this service, retry later";
  if (error.kind === "timeout") return "the share host did not answer in time";
  if (error.kind === "upstream") return error.message.startsWith("the share host") ? error.message : "the share host failed to answer";
  if (error.kind === "parse") return "the share host answered something that could not be read";
  return error.message;
}

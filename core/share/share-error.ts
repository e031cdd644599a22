/**
 * One conversion for the share layer: whatever a backend or the core throws becomes a
 * `ShareError` whose `status` is the answer's HTTP status and `code` (DESIGN §4).
 */
import { ErrorCode, RateLimitError, ServiceError, ShareError, UpstreamError } from "../errors.ts";

/** Upstream timeout 504, upstream failure or unreadable answer 502, anything unknown 500. */
export function toShareError(error: unknown): ShareError {
  if (error instanceof ShareError) return error;
  if (error instanceof RateLimitError) {
    return new ShareError(429, "rate limit exceeded", { retryAfterSeconds: error.retryAfterSeconds, cause: error });
  }
  if (error instanceof UpstreamError && error.status === 429) {
    // The share host's own rate limit: the caller should slow down, as DESIGN §4 says.
    return new ShareError(429, "the share host is rate limiting this service, retry later", { retryAfterSeconds: error.retryAfterSeconds ?? 60, cause: error });
  }
  if (error instanceof ServiceError) {
    switch (error.code) {
      case ErrorCode.timeout:
        return new ShareError(504, "the share host did not answer in time", { cause: error });
      case ErrorCode.upstream:
        return new ShareError(502, "the share host failed to answer", { cause: error });
      case ErrorCode.parse:
        return new ShareError(502, "the share host answered something that could not be read", { cause: error });
      case ErrorCode.parameter:
        return new ShareError(400, error.message, { cause: error });
    }
  }
  return new ShareError(500, "internal error", { cause: error });
}

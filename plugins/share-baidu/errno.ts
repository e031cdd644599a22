/**
 * The share host's `errno`/`errtype` values mapped to the core's errors (docs/decisions.md (/api)). Messages are ours:
 * no upstream text, code or cookie is passed on. An answer that cannot be read is 502, never
 * "not found": only an `errno` the host chose to send can say a share is missing.
 */
import { AccessError, NotFoundError, type ServiceError, UnavailableError, UpstreamError, UpstreamParseError } from "@music-aggregator/core";

/** How long a caller should wait after the host's own rate limit or captcha, seconds. */
export const UPSTREAM_RETRY_AFTER_SECONDS = 60;

const NOT_FOUND = new Set([105, 140, -7, -21, 5]);
const DIR_NOT_FOUND = new Set([2]);
const EXPIRED = new Set([10, -8]);
const BLOCKED = new Set([3, 115]);
const RATE_LIMITED = new Set([-19, -62]);
const WRONG_CODE = new Set([-130, -12, -9]);
/** account or IP restrictions: the host refuses this service, not the caller */
export const RESTRICTED = new Set([8001, 9013, 9019, -6, 132, 110]);
/**
 * Restrictions of the one-call listing that the share page's own flow does not have (it works
 * without a login), so they send the plugin to verify-then-list instead of failing at once.
 */
export const FALLBACK_TRIGGERS = new Set([8001, 9013, 9019, -6]);

/** The errno of an answer, when it has a readable one. */
export function errnoOf(answer: Record<string, unknown>): number | undefined {
  const value = answer.errno;
  if (typeof value === "number" && Number.isInteger(value)) return value;
  if (typeof value === "string" && /^-?\d{1,9}$/.test(value)) return Number(value);
  return undefined;
}

/**
 * The error an answer stands for, or `undefined` for success (`errno` 0).
 * `pwdGiven` tells a wrong extract code (403) from a missing one (401).
 */
export function shareErrorOf(answer: Record<string, unknown>, pwdGiven: boolean): ServiceError | undefined {
  const errtype = typeof answer.errtype === "string" ? answer.errtype : undefined;
  const errno = errnoOf(answer);
  if (errtype === "mispwd-9" || (errno !== undefined && WRONG_CODE.has(errno))) {
    // Without a code the host can only mean that one is needed.
    return pwdGiven ? new AccessError("credentialsWrong", "wrong extract code") : new AccessError("credentialsRequired", "this share needs an extract code (pwd)");
  }
  if (errtype === "mis_105") return notFound();
  if (errtype === "mis_2") return dirNotFound();
  if (errno === undefined) return new UpstreamParseError("the share host answered something that could not be read");
  if (errno === 0) return undefined;
  if (NOT_FOUND.has(errno)) return notFound();
  if (DIR_NOT_FOUND.has(errno)) return dirNotFound();
  if (EXPIRED.has(errno)) return new UnavailableError("gone", "the share has expired");
  if (BLOCKED.has(errno)) return new UnavailableError("blocked", "the share is blocked by the share host");
  if (RATE_LIMITED.has(errno)) {
    return new UpstreamError("the share host is rate limiting this service, retry later", {
      upstreamStatus: 429,
      retryAfterSeconds: UPSTREAM_RETRY_AFTER_SECONDS,
    });
  }
  if (RESTRICTED.has(errno)) return new UpstreamError("the share host refused this service's request");
  return new UpstreamError("the share host answered with an unexpected error");
}

// --- internal ---

const notFound = () => new NotFoundError("share not found");
const dirNotFound = () => new NotFoundError("directory not found in this share");

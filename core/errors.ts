/**
 * Domain errors of the service. Each carries a stable `code` from the spec's error table;
 * only the server maps codes to HTTP statuses and envelopes (see `server/v1/respond.ts`).
 */

export const ErrorCode = {
  ok: 0,
  parameter: 1001,
  source: 1002,
  capability: 1003,
  method: 1004,
  timeout: 2001,
  upstream: 2002,
  parse: 2003,
  notFound: 3001,
  paid: 3002,
  rateLimited: 4001,
  userAgentBlocked: 4002,
  internal: 5000,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The base of every error the service reports on purpose. */
export class ServiceError extends Error {
  override name = "ServiceError";
  constructor(
    readonly code: ErrorCodeValue,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** 1001: a parameter is missing, malformed or out of range; the message names it. */
export class InputError extends ServiceError {
  override name = "InputError";
  constructor(message: string) {
    super(ErrorCode.parameter, message);
  }
}

/** 1002: unknown or disabled source, or `all` outside search. */
export class SourceError extends ServiceError {
  override name = "SourceError";
  constructor(message: string) {
    super(ErrorCode.source, message);
  }
}

/** 1003: the source does not support the operation. */
export class CapabilityError extends ServiceError {
  override name = "CapabilityError";
  constructor(source: string, operation: string) {
    super(ErrorCode.capability, `source ${source} does not support ${operation}`);
  }
}

/** 1004: any method but GET. */
export class MethodError extends ServiceError {
  override name = "MethodError";
  constructor(method: string) {
    super(ErrorCode.method, `method ${method} is not allowed, use GET`);
  }
}

/** 2001: the upstream did not answer in time. */
export class UpstreamTimeoutError extends ServiceError {
  override name = "UpstreamTimeoutError";
  constructor(upstream: string, ms: number, options?: { cause?: unknown }) {
    super(ErrorCode.timeout, `${upstream} did not answer within ${ms} ms`, options);
  }
}

/** 2002: the upstream failed (network error, 5xx, quota). */
export class UpstreamError extends ServiceError {
  override name = "UpstreamError";
  /** the upstream's HTTP status, when it answered one (e.g. 429 for its own rate limit) */
  readonly status?: number;
  /** the upstream's Retry-After in seconds, when it sent one */
  readonly retryAfterSeconds?: number;
  constructor(message: string, options?: { cause?: unknown; status?: number; retryAfterSeconds?: number }) {
    super(ErrorCode.upstream, message, options);
    this.status = options?.status;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}

/** 2003: the upstream answered something that cannot be understood. */
export class UpstreamParseError extends ServiceError {
  override name = "UpstreamParseError";
  constructor(message: string, options?: { cause?: unknown }) {
    super(ErrorCode.parse, message, options);
  }
}

/** 3001: unknown id, or a song without lyrics. */
export class NotFoundError extends ServiceError {
  override name = "NotFoundError";
  constructor(message: string) {
    super(ErrorCode.notFound, message);
  }
}

/** 3002: the song is VIP/paid or gated; no address is given. */
export class PaidContentError extends ServiceError {
  override name = "PaidContentError";
  constructor(message = "this song is VIP/paid content; no public address is given") {
    super(ErrorCode.paid, message);
  }
}

/** 4001: over the rate limit. */
export class RateLimitError extends ServiceError {
  override name = "RateLimitError";
  constructor(readonly retryAfterSeconds: number) {
    super(ErrorCode.rateLimited, `rate limit exceeded, retry after ${retryAfterSeconds} s`);
  }
}

/** 4002: the user-agent is a default one of an HTTP library. */
export class UserAgentBlockedError extends ServiceError {
  override name = "UserAgentBlockedError";
  constructor() {
    super(ErrorCode.userAgentBlocked, "user-agent blocked: send a user-agent that names your application");
  }
}

/** Codes whose failure is the upstream's: a stale cached answer may stand in for them. */
export function isUpstreamFailure(error: unknown): boolean {
  return (
    error instanceof ServiceError &&
    (error.code === ErrorCode.timeout || error.code === ErrorCode.upstream || error.code === ErrorCode.parse)
  );
}

/** Turns anything thrown into a ServiceError; unknown throwables become 5000 without details. */
export function toServiceError(error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  return new ServiceError(ErrorCode.internal, "internal error", { cause: error });
}

/**
 * Errors of the share-listing service (`/api`), whose `code` is the HTTP status itself
 * (DESIGN §4): 400, 401, 403, 404, 410, 415, 429, 451, 502, 504, 500.
 */
export class ShareError extends Error {
  override name = "ShareError";
  constructor(
    readonly status: number,
    message: string,
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(message, options);
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
  readonly retryAfterSeconds?: number;
}

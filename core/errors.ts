/**
 * The one error model. Every failure reported on purpose is a `ServiceError` of a stable `kind`,
 * which has the spec's error `code` (`ERROR_CODES`). Errors are recognised by a brand (`Symbol.for`), not by
 * class, so a plugin that ships its own copy of this package still reports 3001 for
 * `NotFoundError`.
 */
import { errorText } from "./error-text.ts";

export { MAX_MESSAGE_LENGTH, safeMessage, upstreamText } from "./error-text.ts";

/**
 * Every kind of failure and its spec error code (what `/v1` reports): one row each. Kinds only
 * the share service raises have the code their meaning has in the spec's table. How the
 * service answers each kind over HTTP is the service's (`server/engine/errors.ts`).
 */
export const ERROR_CODES = {
  /** a parameter is missing, malformed or out of range; the message names it */
  parameter: 1001,
  /** a request body over the size limit */
  tooLarge: 1001,
  /** a request body that did not arrive in time */
  requestTimeout: 1001,
  /** a request body of a content type that is not accepted */
  mediaType: 1001,
  /** an unknown or disabled source, or `all` outside search */
  source: 1002,
  /** the source does not support the operation */
  capability: 1003,
  /** a method the endpoint does not serve */
  method: 1004,
  /** the upstream did not answer in time */
  timeout: 2001,
  /** the upstream failed (network error, 5xx, quota) */
  upstream: 2002,
  /** the upstream answered something that cannot be understood */
  parse: 2003,
  /** an unknown id; a song without lyrics; a share or directory that does not exist */
  notFound: 3001,
  /** a share that has expired */
  gone: 3001,
  /** a share the share host blocks */
  blocked: 3001,
  /** VIP, paid or gated content: no public address is given */
  paid: 3002,
  /** a share that needs an extract code none was given for */
  credentialsRequired: 3002,
  /** a wrong extract code or QR sign */
  credentialsWrong: 3002,
  /** over the rate limit */
  rateLimited: 4001,
  /** this client's share of an upstream's request budget is spent (an extension: a refused cache miss) */
  shareSpent: 4001,
  /** a default user-agent of an HTTP library */
  userAgentBlocked: 4002,
  /** a bug; its message never leaves the service */
  internal: 5000,
} as const satisfies Record<string, number>;

export type ErrorKind = keyof typeof ERROR_CODES;

/** Marks errors made by this core, across copies of the package. */
export const ERROR_BRAND = Symbol.for("music-aggregator.error");

export interface ServiceErrorOptions {
  cause?: unknown;
  /** the upstream's HTTP status, when it answered one (e.g. 429 for its own rate limit) */
  upstreamStatus?: number;
  /** seconds the caller should wait (our rate limit, or the upstream's Retry-After) */
  retryAfterSeconds?: number;
  /**
   * the upstream's own words (an error body's message): written to the log with the error,
   * never put in an answer. Use this, or `upstreamText`, for anything an upstream wrote.
   */
  said?: string;
}

/** The base of every error the service reports on purpose. */
export class ServiceError extends Error {
  override name = "ServiceError";
  readonly [ERROR_BRAND] = true;
  readonly upstreamStatus?: number;
  readonly retryAfterSeconds?: number;
  /** what the upstream said, escaped and cut: for the log only (see `ServiceErrorOptions.said`) */
  readonly said?: string;
  /** upstream milliseconds spent before it failed (see `withCost`); absent when none was */
  cost?: number;
  /** a cached answer (a not-found): epoch milliseconds until which the cache keeps it */
  cachedUntil?: number;

  constructor(
    readonly kind: ErrorKind,
    message: string,
    options: ServiceErrorOptions = {},
  ) {
    const text = errorText(message, options.said);
    super(text.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.upstreamStatus = options.upstreamStatus;
    this.retryAfterSeconds = options.retryAfterSeconds;
    if (text.said) this.said = text.said;
  }

  /** the spec's error code of this kind */
  get code(): number {
    return ERROR_CODES[this.kind];
  }
}

/** A parameter is missing, malformed or out of range; the message names it. */
export class InputError extends ServiceError {
  override name = "InputError";
  constructor(message: string, kind: "parameter" | "tooLarge" | "requestTimeout" | "mediaType" = "parameter") {
    super(kind, message);
  }
}

/** The upstream did not answer in time; the message states the time really waited. */
export class UpstreamTimeoutError extends ServiceError {
  override name = "UpstreamTimeoutError";
  constructor(upstream: string, waitedMs: number, options?: { cause?: unknown }) {
    super("timeout", `${upstream} did not answer within ${Math.round(waitedMs)} ms`, options);
  }
}

/** The upstream failed (network error, 5xx, quota). */
export class UpstreamError extends ServiceError {
  override name = "UpstreamError";
  constructor(message: string, options?: ServiceErrorOptions) {
    super("upstream", message, options);
  }
}

/** The upstream answered something that cannot be understood. */
export class UpstreamParseError extends ServiceError {
  override name = "UpstreamParseError";
  constructor(message: string, options?: { cause?: unknown; said?: string }) {
    super("parse", message, options);
  }
}

/** An unknown id, a song without lyrics, a share or directory that does not exist. */
export class NotFoundError extends ServiceError {
  override name = "NotFoundError";
  constructor(message: string, options?: { said?: string }) {
    super("notFound", message, options);
  }
}

/** The song is VIP/paid or gated; no address is given. */
export class PaidContentError extends ServiceError {
  override name = "PaidContentError";
  constructor(message = "this song is VIP/paid content; no public address is given", options?: { said?: string }) {
    super("paid", message, options);
  }
}

/**
 * A cache miss refused because the client whose request would start it has spent its share of
 * the upstream's request budget (docs/decisions.md, "Fair upstream budgets"). Not the upstream's
 * failure: the client is told when it may ask again, and cached answers still serve it.
 */
export class ShareSpentError extends ServiceError {
  override name = "ShareSpentError";
  constructor(upstream: string, share: { spent: number; requests: number; windowMs: number }, retryAfterSeconds: number) {
    super(
      "shareSpent",
      `${upstream}: this client's share of the request budget is spent (${share.spent} of ${share.requests} requests per ${share.windowMs / 1000} s); answers already cached are still served, new ones again in ${retryAfterSeconds} s`,
      { retryAfterSeconds },
    );
  }
}

/** A share or a signed resource refused: an extract code or sign is missing or wrong. */
export class AccessError extends ServiceError {
  override name = "AccessError";
  constructor(kind: "credentialsRequired" | "credentialsWrong", message: string) {
    super(kind, message);
  }
}

/** A share that exists no more (expired) or that its host blocks. */
export class UnavailableError extends ServiceError {
  override name = "UnavailableError";
  constructor(kind: "gone" | "blocked", message: string) {
    super(kind, message);
  }
}

/** The fields of a service error, whichever copy of the core made it. */
export interface ServiceErrorLike {
  kind: ErrorKind;
  message: string;
  upstreamStatus?: number;
  retryAfterSeconds?: number;
  said?: string;
  allowed?: readonly string[];
  cost?: number;
  cachedUntil?: number;
}

/** Whether `error` is a service error, made by this copy of the core or another. */
export function isServiceError(error: unknown): error is ServiceErrorLike {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as Record<symbol, unknown>)[ERROR_BRAND] === true &&
    Object.hasOwn(ERROR_CODES, (error as { kind?: unknown }).kind as string)
  );
}

/** Whether `error` is a service error of one of `kinds`. */
export function isKind(error: unknown, ...kinds: ErrorKind[]): boolean {
  return isServiceError(error) && kinds.includes(error.kind);
}

/** Failures that are the upstream's. */
export function isUpstreamFailure(error: unknown): boolean {
  return isKind(error, "timeout", "upstream", "parse");
}

/** Failures a stale cached answer may stand in for: the upstream's, and a client's spent share. */
export function staleMayStandIn(error: unknown): boolean {
  return isUpstreamFailure(error) || isKind(error, "shareSpent");
}

/** An error's message with what the upstream said, for the log (never for an answer). */
export function loggedMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const said = isServiceError(error) ? error.said : undefined;
  return said ? `${message} (upstream said: ${said})` : message;
}

/**
 * Notes on `error` the upstream time spent before it was thrown, for the envelope's `cost`
 * (at least 1 ms, so a failed upstream call never reads as "no call made"). Returns `error`.
 */
export function withCost<T>(error: T, ms: number): T {
  if (isServiceError(error) && error.cost === undefined) error.cost = Math.max(1, Math.round(ms));
  return error;
}

/** Anything thrown as a service error; unknown throwables become `internal` without details. */
export function toServiceError(error: unknown): ServiceErrorLike {
  if (isServiceError(error)) return error;
  return new ServiceError("internal", "internal error", { cause: error });
}

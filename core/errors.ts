/**
 * The service's one error model. Every failure reported on purpose is a `ServiceError` of a
 * stable `kind`; `ERRORS` is the one table of kinds: the spec's error `code`, and the HTTP
 * status each envelope answers it with. Errors are recognised by a brand (`Symbol.for`), not by
 * class, so a plugin that ships its own copy of this package still reports 3001 for
 * `NotFoundError`.
 */
import { errorText } from "./error-text.ts";

export { MAX_MESSAGE_LENGTH, safeMessage, upstreamText } from "./error-text.ts";

/**
 * Every kind of failure, in one table: its spec error code (what `/v1` reports), the HTTP status
 * of a `/v1` answer in JSON mode (docs/decisions.md, by the spec's table of codes) and the HTTP
 * status of an `/api` answer, which is also that answer's `code`. Adding an error is one row.
 * Kinds only the share service raises have the code their meaning has in the spec's table.
 */
export const ERRORS = {
  /** a parameter is missing, malformed or out of range; the message names it */
  parameter: { code: 1001, v1Status: 400, apiStatus: 400 },
  /** a request body over the size limit */
  tooLarge: { code: 1001, v1Status: 400, apiStatus: 413 },
  /** a request body that did not arrive in time */
  requestTimeout: { code: 1001, v1Status: 400, apiStatus: 408 },
  /** a request body of a content type that is not accepted */
  mediaType: { code: 1001, v1Status: 400, apiStatus: 415 },
  /** an unknown or disabled source, or `all` outside search */
  source: { code: 1002, v1Status: 400, apiStatus: 400 },
  /** the source does not support the operation */
  capability: { code: 1003, v1Status: 400, apiStatus: 400 },
  /** a method the endpoint does not serve */
  method: { code: 1004, v1Status: 405, apiStatus: 405 },
  /** the upstream did not answer in time */
  timeout: { code: 2001, v1Status: 504, apiStatus: 504 },
  /** the upstream failed (network error, 5xx, quota) */
  upstream: { code: 2002, v1Status: 502, apiStatus: 502 },
  /** the upstream answered something that cannot be understood */
  parse: { code: 2003, v1Status: 502, apiStatus: 502 },
  /** an unknown id; a song without lyrics; a share or directory that does not exist */
  notFound: { code: 3001, v1Status: 404, apiStatus: 404 },
  /** a share that has expired */
  gone: { code: 3001, v1Status: 404, apiStatus: 410 },
  /** a share the share host blocks */
  blocked: { code: 3001, v1Status: 404, apiStatus: 451 },
  /** VIP, paid or gated content: no public address is given */
  paid: { code: 3002, v1Status: 403, apiStatus: 403 },
  /** a share that needs an extract code none was given for */
  credentialsRequired: { code: 3002, v1Status: 403, apiStatus: 401 },
  /** a wrong extract code or QR sign */
  credentialsWrong: { code: 3002, v1Status: 403, apiStatus: 403 },
  /** over the rate limit */
  rateLimited: { code: 4001, v1Status: 429, apiStatus: 429 },
  /** this client's share of an upstream's request budget is spent (an extension: a refused cache miss) */
  shareSpent: { code: 4001, v1Status: 429, apiStatus: 429 },
  /** a default user-agent of an HTTP library */
  userAgentBlocked: { code: 4002, v1Status: 403, apiStatus: 403 },
  /** a bug; its message never leaves the service */
  internal: { code: 5000, v1Status: 500, apiStatus: 500 },
} as const satisfies Record<string, { code: number; v1Status: number; apiStatus: number }>;

export type ErrorKind = keyof typeof ERRORS;

/** The spec's error code of each kind, as `/v1` reports it. */
export const ERROR_CODES = Object.fromEntries(Object.entries(ERRORS).map(([kind, row]) => [kind, row.code])) as Readonly<Record<ErrorKind, number>>;

/** The HTTP status of each `/v1` code in JSON mode, 0 (success) included. */
export const V1_STATUS: Readonly<Record<number, number>> = Object.fromEntries([[0, 200], ...Object.values(ERRORS).map((row) => [row.code, row.v1Status])]);

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

/** An unknown or disabled source, or `all` outside search. */
export class SourceError extends ServiceError {
  override name = "SourceError";
  constructor(message: string) {
    super("source", message);
  }
}

/** The source does not support the operation. */
export class CapabilityError extends ServiceError {
  override name = "CapabilityError";
  constructor(source: string, operation: string) {
    super("capability", `source ${source} does not support ${operation}`);
  }
}

/** A method the endpoint does not serve; `allowed` goes to the `Allow` header. */
export class MethodError extends ServiceError {
  override name = "MethodError";
  constructor(
    method: string,
    readonly allowed: readonly string[],
  ) {
    super("method", `method ${method.slice(0, 20)} is not allowed, use ${allowed.join(" or ")}`);
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

/** Over the rate limit. */
export class RateLimitError extends ServiceError {
  override name = "RateLimitError";
  constructor(retryAfterSeconds: number, message = `rate limit exceeded, retry after ${retryAfterSeconds} s`) {
    super("rateLimited", message, { retryAfterSeconds });
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

/** The user-agent is a default one of an HTTP library. */
export class UserAgentBlockedError extends ServiceError {
  override name = "UserAgentBlockedError";
  constructor() {
    super("userAgentBlocked", "user-agent blocked: send a user-agent that names your application");
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

/**
 * A problem that stops the start (a bad config, plugin or address). Not a service error: no
 * request is ever answered with one; the entry point prints its message and exits 1.
 */
export class StartupError extends Error {
  override name = "StartupError";
}

/** A config that does not validate or cannot be read; names every bad key. */
export class ConfigError extends StartupError {
  override name = "ConfigError";
}

/** Every plugin problem found at start-up, each naming the plugin and the field. */
export class PluginStartupError extends StartupError {
  override name = "PluginStartupError";
  constructor(readonly problems: string[]) {
    super(`${problems.length} plugin problem${problems.length === 1 ? "" : "s"}:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

/** The address to listen on cannot be had. */
export class ListenError extends StartupError {
  override name = "ListenError";
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

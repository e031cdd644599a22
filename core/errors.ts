/**
 * The service's one error model. Every failure reported on purpose is a `ServiceError` of a
 * stable `kind`, which has the spec's error `code` (`ERROR_CODES`); nothing here knows HTTP.
 * Each envelope maps errors to statuses once, at the edge: `server/v1/errors.ts` (by code,
 * the spec's table) and `server/share/errors.ts` (by kind, docs/decisions.md (/api)). Errors are recognised by a brand (`Symbol.for`), not by class,
 * so a plugin that ships its own copy of this package still reports 3001 for `NotFoundError`.
 */

export type ErrorKind =
  /** a parameter is missing, malformed or out of range; the message names it */
  | "parameter"
  /** a request body over the size limit */
  | "tooLarge"
  /** a request body that did not arrive in time */
  | "requestTimeout"
  /** a request body of a content type that is not accepted */
  | "mediaType"
  /** an unknown or disabled source, or `all` outside search */
  | "source"
  /** the source does not support the operation */
  | "capability"
  /** a method the endpoint does not serve */
  | "method"
  /** the upstream did not answer in time */
  | "timeout"
  /** the upstream failed (network error, 5xx, quota) */
  | "upstream"
  /** the upstream answered something that cannot be understood */
  | "parse"
  /** an unknown id; a song without lyrics; a share or directory that does not exist */
  | "notFound"
  /** VIP, paid or gated content: no public address is given */
  | "paid"
  /** over the rate limit */
  | "rateLimited"
  /** a default user-agent of an HTTP library */
  | "userAgentBlocked"
  /** a share that needs an extract code none was given for */
  | "credentialsRequired"
  /** a wrong extract code or QR sign */
  | "credentialsWrong"
  /** a share that has expired */
  | "gone"
  /** a share the share host blocks */
  | "blocked"
  /** a bug; its message never leaves the service */
  | "internal";

/**
 * The spec's error code of each kind, as `/v1` reports it. Kinds only the share service
 * raises have the code their meaning has in the spec's table.
 */
export const ERROR_CODES: Readonly<Record<ErrorKind, number>> = {
  parameter: 1001,
  tooLarge: 1001,
  requestTimeout: 1001,
  mediaType: 1001,
  source: 1002,
  capability: 1003,
  method: 1004,
  timeout: 2001,
  upstream: 2002,
  parse: 2003,
  notFound: 3001,
  gone: 3001,
  blocked: 3001,
  paid: 3002,
  credentialsRequired: 3002,
  credentialsWrong: 3002,
  rateLimited: 4001,
  userAgentBlocked: 4002,
  internal: 5000,
};

/** Marks errors made by this core, across copies of the package. */
export const ERROR_BRAND = Symbol.for("music-aggregator.error");

export interface ServiceErrorOptions {
  cause?: unknown;
  /** the upstream's HTTP status, when it answered one (e.g. 429 for its own rate limit) */
  upstreamStatus?: number;
  /** seconds the caller should wait (our rate limit, or the upstream's Retry-After) */
  retryAfterSeconds?: number;
}

/** The base of every error the service reports on purpose. */
export class ServiceError extends Error {
  override name = "ServiceError";
  readonly [ERROR_BRAND] = true;
  readonly upstreamStatus?: number;
  readonly retryAfterSeconds?: number;
  /** upstream milliseconds spent before it failed (see `withCost`); absent when none was */
  cost?: number;

  constructor(
    readonly kind: ErrorKind,
    message: string,
    options: ServiceErrorOptions = {},
  ) {
    super(safeMessage(message), options.cause === undefined ? undefined : { cause: options.cause });
    this.upstreamStatus = options.upstreamStatus;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  /** the spec's error code of this kind */
  get code(): number {
    return ERROR_CODES[this.kind];
  }
}

/** The longest message an error carries; upstream text inside it is cut to fit. */
export const MAX_MESSAGE_LENGTH = 300;

/**
 * A message fit for an answer and a log line, whatever text an upstream put in it: control
 * characters (a newline would forge a log line) and the line separators JSONP must not carry
 * are escaped, and the whole is cut at `MAX_MESSAGE_LENGTH`. Every `ServiceError` goes through
 * this, so no plugin needs to remember it.
 */
export function safeMessage(message: string): string {
  const escaped = message.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => (c === "\n" ? "\\n" : c === "\t" ? " " : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`));
  return escaped.length <= MAX_MESSAGE_LENGTH ? escaped : `${escaped.slice(0, MAX_MESSAGE_LENGTH - 1)}…`;
}

/**
 * Text an upstream sent (an error message, a reason), cut to `max` characters, for a plugin to
 * quote in its own message; `safeMessage` escapes it when the error is made.
 */
export function upstreamText(text: string, max = 200): string {
  const trimmed = text.trim();
  return trimmed.length <= max ? trimmed : `${trimmed.slice(0, max - 1)}…`;
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
  constructor(message: string, options?: { cause?: unknown }) {
    super("parse", message, options);
  }
}

/** An unknown id, a song without lyrics, a share or directory that does not exist. */
export class NotFoundError extends ServiceError {
  override name = "NotFoundError";
  constructor(message: string) {
    super("notFound", message);
  }
}

/** The song is VIP/paid or gated; no address is given. */
export class PaidContentError extends ServiceError {
  override name = "PaidContentError";
  constructor(message = "this song is VIP/paid content; no public address is given") {
    super("paid", message);
  }
}

/** Over the rate limit. */
export class RateLimitError extends ServiceError {
  override name = "RateLimitError";
  constructor(retryAfterSeconds: number, message = `rate limit exceeded, retry after ${retryAfterSeconds} s`) {
    super("rateLimited", message, { retryAfterSeconds });
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
  allowed?: readonly string[];
  cost?: number;
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

/** Failures that are the upstream's: a stale cached answer may stand in for them. */
export function isUpstreamFailure(error: unknown): boolean {
  return isKind(error, "timeout", "upstream", "parse");
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

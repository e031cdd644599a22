/**
 * The service's side of the error model: how each kind is answered over HTTP (the status of a
 * `/v1` answer in JSON mode, by the spec's table of codes, and the status of an `/api` answer,
 * which is also that answer's `code`: docs/decisions.md), and the errors only the service
 * raises: its own checks' refusals and what stops a start. The kinds and their spec codes are
 * the kit's (`ERROR_CODES`), shared with the plugins that throw them.
 */
import { ServiceError, type ErrorKind } from "@music-aggregator/core";
import { ERROR_CODES } from "@music-aggregator/core/host";

/** Each kind's HTTP statuses: `v1` in JSON mode, `api` for the share service. Adding a kind is one row here and one in the kit. */
export const HTTP_STATUS: Readonly<Record<ErrorKind, { v1: number; api: number }>> = {
  parameter: { v1: 400, api: 400 },
  tooLarge: { v1: 400, api: 413 },
  requestTimeout: { v1: 400, api: 408 },
  mediaType: { v1: 400, api: 415 },
  source: { v1: 400, api: 400 },
  capability: { v1: 400, api: 400 },
  method: { v1: 405, api: 405 },
  timeout: { v1: 504, api: 504 },
  upstream: { v1: 502, api: 502 },
  parse: { v1: 502, api: 502 },
  notFound: { v1: 404, api: 404 },
  gone: { v1: 404, api: 410 },
  blocked: { v1: 404, api: 451 },
  paid: { v1: 403, api: 403 },
  credentialsRequired: { v1: 403, api: 401 },
  credentialsWrong: { v1: 403, api: 403 },
  rateLimited: { v1: 429, api: 429 },
  shareSpent: { v1: 429, api: 429 },
  userAgentBlocked: { v1: 403, api: 403 },
  internal: { v1: 500, api: 500 },
};

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

/**
 * A problem that stops the start (a bad config, plugin or address). Not a service error: no
 * request is ever answered with one; the entry point prints its message and exits 1.
 */
export class StartupError extends Error {
  override name = "StartupError";
}

/** Every plugin problem found at start-up, each naming the plugin and the field. */
export class PluginStartupError extends StartupError {
  override name = "PluginStartupError";
  constructor(readonly problems: string[]) {
    super(`${problems.length} plugin problem${problems.length === 1 ? "" : "s"}:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

/** A config that does not validate or cannot be read; names every bad key. */
export class ConfigError extends StartupError {
  override name = "ConfigError";
}

/** The address to listen on cannot be had. */
export class ListenError extends StartupError {
  override name = "ListenError";
}


/** The HTTP status of each `/v1` code in JSON mode, 0 (success) included. */
export const V1_STATUS: Readonly<Record<number, number>> = Object.fromEntries([
  [0, 200],
  ...(Object.entries(HTTP_STATUS) as [ErrorKind, { v1: number }][]).map(([kind, status]) => [ERROR_CODES[kind], status.v1]),
]);

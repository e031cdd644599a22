/**
 * The one request pipeline of `/v1`, `/api` and `/`: docs/decisions.md (/v1) order of checks as an
 * ordered list of h3 middleware. Each route names its policy in its `meta`; the middleware
 * read it. Order: the request id, the metrics and the access log (outermost, they see the final
 * answer), compression, share traffic counts, failures turned into the route's envelope, then the checks:
 * method, user-agent, rate limit.
 * Parameters, source, capability and the work follow in the route's own handler.
 */
import type { H3Event, Middleware } from "h3";
import { UserAgentBlockedError, toServiceError } from "../../core/errors.ts";
import { rateLimitKey } from "../engine/guard/client-ip.ts";
import type { UserAgentPolicy } from "../engine/guard/user-agent.ts";
import type { Logger } from "../engine/logger.ts";
import type { TrafficStats } from "../engine/share/traffic-stats.ts";
import type { OriginStats, RateLimiter } from "../../core/services.ts";
import { logAccess, loggedPath } from "./access-line.ts";
import { addRateLimitPairs, allowsMethod, methodRefusal, rateLimitKeyOf, rateLimitRefusal, refusesUserAgent } from "./checks.ts";
import { compressAnswers } from "./compress-answers.ts";
import { UNMATCHED_ROUTE, type RequestMetrics } from "./metrics/request-metrics.ts";
import { stateOf } from "./request-state.ts";
import { REQUEST_ID_HEADER, requestId } from "./request-id.ts";
import { replyFailure } from "./replies.ts";
import type { RoutePolicy } from "./route-policy.ts";

export interface PipelineServices {
  userAgents: UserAgentPolicy;
  limiter: RateLimiter;
  stats: TrafficStats;
  clientAddress(event: H3Event): string;
  log: Logger;
  /** the access log; none when undefined */
  accessLog?: Logger;
  /** requests per validated origin (docs/decisions.md (/v1): origin is for logs and statistics) */
  origins: OriginStats;
  /** what `/metrics` reports; nothing is counted when undefined */
  metrics?: RequestMetrics;
  /** access lines for quiet routes (probes, scrapes) too */
  logQuiet?: boolean;
}

/** The middleware, in docs/decisions.md (/v1) order. */
export function requestPipeline(services: PipelineServices): Middleware[] {
  return [observe(services), compressAnswers, countTraffic(services.stats), answerFailures(services.log), checkMethod, checkUserAgent(services), rateLimit(services)];
}

export function policyOf(event: H3Event): RoutePolicy {
  return (event.context.matchedRoute?.meta as { policy?: RoutePolicy } | undefined)?.policy ?? FALLBACK_POLICY;
}

// --- internal ---

const FALLBACK_POLICY: RoutePolicy = { family: "v1", methods: ["GET", "HEAD"], userAgent: false };

/**
 * Around everything: the request's id (the caller's when well formed, `request-id.ts`) on its
 * answer, then its count, its access line and its origin's count, once the answer is known.
 */
function observe({ accessLog, origins, metrics, logQuiet }: PipelineServices): Middleware {
  return async (event, next) => {
    const started = performance.now();
    const state = stateOf(event);
    const reqId = requestId(event.req.headers.get(REQUEST_ID_HEADER));
    state.headers[REQUEST_ID_HEADER] = reqId;
    const response = (await next()) as Response | undefined;
    const ms = performance.now() - started;
    if (state.origin) origins.record(state.origin);
    metrics?.request(event.context.matchedRoute?.route ?? UNMATCHED_ROUTE, response?.status ?? 500, state.code, ms / 1000);
    if (accessLog && (logQuiet || !policyOf(event).quiet)) {
      const cache = state.headers["x-cache"];
      logAccess(accessLog, { method: event.req.method, path: loggedPath(event.url.pathname), status: response?.status, code: state.code, ms, source: state.source, origin: state.origin, cache, reqId });
    }
    return response;
  };
}

/** Every `/api` answer, success or not, is counted; a request whose client went away is not an answer. */
function countTraffic(stats: TrafficStats): Middleware {
  return async (event, next) => {
    const kind = policyOf(event).traffic;
    if (!kind) return next();
    const response = (await next()) as Response | undefined;
    if (!event.req.signal?.aborted) stats.count(kind, (response?.status ?? 500) < 400, stateOf(event).files ?? 0);
    return response;
  };
}

/** Anything thrown becomes the route's envelope; only bugs are logged, never a client's going away. */
function answerFailures(log: Logger): Middleware {
  return async (event, next) => {
    try {
      return await next();
    } catch (thrown) {
      const error = toServiceError(thrown);
      if (error.kind === "internal" && !event.req.signal?.aborted) {
        const reqId = stateOf(event).headers[REQUEST_ID_HEADER];
        log.error(`${event.req.method} ${loggedPath(event.url.pathname)}: ${thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown)}`, { reqId });
      }
      return replyFailure(event, policyOf(event), error);
    }
  };
}

const checkMethod: Middleware = (event, next) => {
  const policy = policyOf(event);
  if (!allowsMethod(policy, event.req.method)) throw methodRefusal(policy, event.req.method);
  return next();
};

function checkUserAgent({ userAgents, metrics }: PipelineServices): Middleware {
  return (event, next) => {
    if (refusesUserAgent(policyOf(event), userAgents, event.req.headers.get("user-agent"))) {
      if (metrics) metrics.refused.userAgent++;
      throw new UserAgentBlockedError();
    }
    return next();
  };
}

function rateLimit({ limiter, clientAddress, metrics }: PipelineServices): Middleware {
  return async (event, next) => {
    const policy = policyOf(event);
    if (policy.rateLimit === undefined) return next();
    const state = stateOf(event);
    state.client = rateLimitKey(clientAddress(event));
    const key = rateLimitKeyOf(policy, state.client)!;
    const decision = limiter.consumeNow?.(key) ?? (await limiter.consume(key));
    const headers = state.headers;
    const pairs = addRateLimitPairs([], decision);
    for (let i = 0; i < pairs.length; i += 2) headers[pairs[i]] = pairs[i + 1];
    if (!decision.allowed) {
      if (metrics) metrics.refused.rateLimit++;
      throw rateLimitRefusal(decision);
    }
    return next();
  };
}

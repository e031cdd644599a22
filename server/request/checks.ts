/**
 * The checks every request passes before its route's work, in docs/decisions.md (/v1) order:
 * method, user-agent, rate limit. Plain functions of the route's policy and the request's
 * values, called alike by the h3 middleware (`pipeline.ts`) and by the fast path of kept
 * answers (`fast-path.ts`), so the two cannot disagree.
 */
import { MethodError, RateLimitError } from "../../core/errors.ts";
import type { RateDecision } from "../../core/services.ts";
import type { UserAgentPolicy } from "../engine/guard/user-agent.ts";
import type { RoutePolicy } from "./route-policy.ts";

/** Whether the route serves this method; if not, `methodRefusal` says so (1004, with `Allow`). */
export function allowsMethod(policy: RoutePolicy, method: string): boolean {
  return policy.methods.includes(method);
}

export function methodRefusal(policy: RoutePolicy, method: string): MethodError {
  return new MethodError(method, policy.methods.filter((m) => m !== "HEAD"));
}

/** Whether the route refuses this user-agent (4002): a default HTTP library's. */
export function refusesUserAgent(policy: RoutePolicy, userAgents: UserAgentPolicy, userAgent: string | null | undefined): boolean {
  return policy.userAgent && userAgents.isBlocked(userAgent);
}

/** The key the route's budget counts this client under, or nothing when the route has no rate limit. */
export function rateLimitKeyOf(policy: RoutePolicy, clientKey: string): string | undefined {
  return policy.rateLimit === undefined ? undefined : policy.rateLimit + clientKey;
}

/** The `RateLimit-*` headers of a decision, lowercase, as name/value pairs added to `pairs`. */
export function addRateLimitPairs(pairs: string[], decision: RateDecision): string[] {
  pairs.push("ratelimit-limit", String(decision.limit), "ratelimit-remaining", String(decision.remaining), "ratelimit-reset", String(decision.resetSeconds));
  return pairs;
}

/** The refusal of a request its decision does not allow (4001, with `Retry-After`). */
export function rateLimitRefusal(decision: RateDecision): RateLimitError {
  return new RateLimitError(decision.resetSeconds);
}

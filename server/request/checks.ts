/**
 * The checks every request passes before its route's work, in docs/decisions.md (/v1) order:
 * method, user-agent, rate limit. Plain functions of the route's policy and the request's
 * values, called alike by the h3 middleware (`pipeline.ts`) and by the fast path of kept
 * answers (`fast-path.ts`), so the two cannot disagree.
 */
import { MethodError, RateLimitError } from "../../core/errors.ts";
import type { RateDecision } from "../../core/services.ts";
import type { UserAgentPolicy } from "../engine/guard/user-agent.ts";
import type { RoutePolicy } from "./pipeline.ts";

/** The refusal of a method the route does not serve (1004, with `Allow`), or nothing. */
export function methodRefusal(policy: RoutePolicy, method: string): MethodError | undefined {
  return policy.methods.includes(method) ? undefined : new MethodError(method, policy.methods.filter((m) => m !== "HEAD"));
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
  pairs.push("ratelimit-limit", limitText(decision.limit), "ratelimit-remaining", String(decision.remaining), "ratelimit-reset", String(decision.resetSeconds));
  return pairs;
}

/** The refusal of a request past its budget (4001, with `Retry-After`), or nothing. */
export function rateLimitRefusal(decision: RateDecision): RateLimitError | undefined {
  return decision.allowed ? undefined : new RateLimitError(decision.resetSeconds);
}

// --- internal ---

/** The limit is the config's, the same for every decision: its text is made once. */
let limit = { value: Number.NaN, text: "" };

function limitText(value: number): string {
  if (value !== limit.value) limit = { value, text: String(value) };
  return limit.text;
}

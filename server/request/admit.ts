/**
 * The checks every request passes before its route's work, in docs/decisions.md (/v1) order:
 * method, user-agent, rate limit. One function, called by the h3 middleware and before a kept
 * answer alike; it throws the refusal, which the caller answers in the route's envelope. The
 * parameters, source and capability follow in the route (a kept answer passed them when it
 * was made).
 */
import { rateLimitKey } from "../engine/guard/client-ip.ts";
import type { UserAgentPolicy } from "../engine/guard/user-agent.ts";
import type { Exchange } from "./exchange.ts";
import type { RequestMetrics } from "./metrics/request-metrics.ts";
import { MethodError, RateLimitError, UserAgentBlockedError } from "../engine/errors.ts";
import { type RateDecision, type RateLimiter } from "../engine/guard/rate-limiter.ts";

export interface Gate {
  userAgents: UserAgentPolicy;
  limiter: RateLimiter;
  /** the client's address from the socket's and `X-Forwarded-For` (config `rateLimit.trustProxy`) */
  clientAddress(peer: string | undefined, forwardedFor: string | null): string;
  metrics?: RequestMetrics;
}

/** Checks `ex` against its route's policy; a promise when a rate limit decides. */
export function admit(gate: Gate, ex: Exchange): void | Promise<void> {
  const { policy } = ex;
  if (!policy.methods.includes(ex.method)) throw new MethodError(ex.method, policy.methods.filter((m) => m !== "HEAD"));
  if (policy.userAgent && gate.userAgents.isBlocked(ex.header("user-agent"))) {
    if (gate.metrics) gate.metrics.refused.userAgent++;
    throw new UserAgentBlockedError();
  }
  if (policy.rateLimit === undefined) return;
  ex.client = rateLimitKey(gate.clientAddress(ex.peer, ex.header("x-forwarded-for") ?? null));
  const key = policy.rateLimit + ex.client;
  return gate.limiter.consume(key).then((decision) => decide(gate, ex, decision));
}

// --- internal ---

function decide(gate: Gate, ex: Exchange, decision: RateDecision): void {
  ex.out["ratelimit-limit"] = String(decision.limit);
  ex.out["ratelimit-remaining"] = String(decision.remaining);
  ex.out["ratelimit-reset"] = String(decision.resetSeconds);
  if (decision.allowed) return;
  if (gate.metrics) gate.metrics.refused.rateLimit++;
  throw new RateLimitError(decision.resetSeconds);
}

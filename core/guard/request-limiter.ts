/**
 * Per-client rate limiting on rate-limiter-flexible: in memory by default, in Redis when
 * configured so that instances behind a load balancer share one budget per client.
 */
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Redis } from "ioredis";
import type { RateDecision, RateLimiter } from "../services.ts";

export type { RateDecision };

/** The `RateLimit-*` answer headers of a decision (docs/decisions.md (/v1)), lowercase. */
export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  return {
    "ratelimit-limit": String(decision.limit),
    "ratelimit-remaining": String(decision.remaining),
    "ratelimit-reset": String(decision.resetSeconds),
  };
}

export interface RequestLimiterOptions {
  points: number;
  durationSeconds: number;
  /** a connected ioredis client to share the budget across instances */
  redis?: Redis;
  keyPrefix?: string;
}

export class RequestLimiter implements RateLimiter {
  private readonly limiter: RateLimiterAbstract;
  readonly points: number;

  constructor(options: RequestLimiterOptions) {
    this.points = options.points;
    const common = { points: options.points, duration: options.durationSeconds, keyPrefix: options.keyPrefix ?? "music:rl" };
    this.limiter = options.redis
      ? new RateLimiterRedis({ ...common, storeClient: options.redis, insuranceLimiter: new RateLimiterMemory(common) })
      : new RateLimiterMemory(common);
  }

  /** Spends one point of `clientKey`'s budget. */
  async consume(clientKey: string): Promise<RateDecision> {
    try {
      return this.decision(true, await this.limiter.consume(clientKey, 1));
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return this.decision(false, rejection);
      // The store failed and so did the insurance limiter: let the request through.
      return { allowed: true, limit: this.points, remaining: this.points, resetSeconds: 0 };
    }
  }

  // --- internal ---

  private decision(allowed: boolean, res: RateLimiterRes): RateDecision {
    return {
      allowed,
      limit: this.points,
      remaining: Math.max(0, res.remainingPoints),
      resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
    };
  }
}

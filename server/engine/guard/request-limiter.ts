/**
 * Per-client rate limiting. The budget lives in Redis when one is configured, so that
 * instances behind a load balancer share it (never more than the limit in all while Redis
 * answers, slowly or not); the requests of one turn of the event loop are counted there in one
 * round trip, and a busy client's points are leased ahead so that most of its requests are
 * decided here (`redis-windows.ts`). While Redis is down each process decides from the count it
 * last read and what it counted since, never from zero (`known-windows.ts`). Without Redis the
 * budget is this process's memory, or in a `WORKERS` group the primary's memory through
 * rate-limiter-flexible's cluster limiter, so that the workers share one budget exactly.
 */
import { RateLimiterCluster, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { RedisLink } from "../redis/connection.ts";
import type { RateDecision, RateLimiter } from "../../../core/services.ts";
import { RedisWindows } from "./redis-windows.ts";
import { MemoryWindows } from "./memory-windows.ts";

export type { RateDecision };

export interface RequestLimiterOptions {
  points: number;
  durationSeconds: number;
  /** the Redis connection to share the budget across instances */
  redis?: RedisLink;
  /** this process is a worker of a group: the fallback is the primary's (it runs `RateLimiterClusterMaster`) */
  group?: boolean;
  keyPrefix?: string;
}

/** How long a worker waits for the primary's decision before letting the request through. */
const GROUP_TIMEOUT_MS = 500;

export class RequestLimiter implements RateLimiter {
  private readonly shared?: RedisWindows;
  /** the group's budget, held by the primary (WORKERS) */
  private readonly group?: RateLimiterAbstract;
  /** this process's budget, without Redis nor a group */
  private readonly local?: MemoryWindows;
  readonly points: number;

  constructor(options: RequestLimiterOptions) {
    this.points = options.points;
    const common = { points: options.points, duration: options.durationSeconds, keyPrefix: options.keyPrefix ?? "music:rl" };
    if (options.redis) this.shared = new RedisWindows(options.redis, options.points, options.durationSeconds * 1000, common.keyPrefix);
    else if (options.group) this.group = new RateLimiterCluster({ ...common, timeoutMs: GROUP_TIMEOUT_MS });
    else this.local = new MemoryWindows(options.points, options.durationSeconds * 1000);
  }

  consumeNow(clientKey: string): RateDecision | undefined {
    // With Redis: from this process's lease of the client's window, or alone while Redis is down.
    if (this.shared) return this.shared.consumeNow(clientKey);
    return this.local?.consume(clientKey);
  }

  /** Spends one point of `clientKey`'s budget. */
  async consume(clientKey: string): Promise<RateDecision> {
    if (this.shared) return this.shared.consume(clientKey);
    if (this.local) return this.local.consume(clientKey);
    try {
      return this.decision(true, await this.group!.consume(clientKey, 1));
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return this.decision(false, rejection);
      // The primary did not answer: let the request through.
      return { allowed: true, limit: this.points, remaining: this.points, resetSeconds: 0 };
    }
  }

  dispose(): void {
    this.local?.dispose();
    this.shared?.dispose();
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

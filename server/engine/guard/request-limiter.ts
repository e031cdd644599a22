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
import { RedisWindows } from "./redis-windows.ts";
import { MemoryWindows } from "./memory-windows.ts";
import { type RateDecision, type RateLimiter } from "./rate-limiter.ts";

export type { RateDecision };

export interface RequestLimiterOptions {
  points: number;
  durationSeconds: number;
  /** the Redis connection to share the budget across instances */
  redis?: RedisLink;
  /** this process is a worker of a group: without Redis (or while it is down) the primary counts (it runs `RateLimiterClusterMaster`) */
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
    if (options.group) this.group = new RateLimiterCluster({ ...common, timeoutMs: GROUP_TIMEOUT_MS });
    else if (!options.redis) this.local = new MemoryWindows(options.points, options.durationSeconds * 1000);
    // While Redis is down a worker's count goes on in the primary, from what the worker knew.
    const fallback = this.group ? (key: string, seed: number) => this.fromGroup(key, seed) : undefined;
    if (options.redis) this.shared = new RedisWindows(options.redis, options.points, options.durationSeconds * 1000, common.keyPrefix, fallback);
  }

  /** Spends one point of `clientKey`'s budget. */
  async consume(clientKey: string): Promise<RateDecision> {
    if (this.shared) return this.shared.consume(clientKey);
    if (this.local) return this.local.consume(clientKey);
    return this.fromGroup(clientKey);
  }

  dispose(): void {
    this.local?.dispose();
    this.shared?.dispose();
  }

  // --- internal ---

  /** The primary's decision: its count of the group's requests, on top of `seed` (what Redis had counted, before it went down). */
  private async fromGroup(clientKey: string, seed = 0): Promise<RateDecision> {
    try {
      return this.decision(await this.group!.consume(clientKey, 1), seed);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return this.decision(rejection, seed, false);
      // The primary did not answer: let the request through.
      return { allowed: true, limit: this.points, remaining: this.points, resetSeconds: 0 };
    }
  }

  private decision(res: RateLimiterRes, seed: number, allowed = seed + res.consumedPoints <= this.points): RateDecision {
    return {
      allowed,
      limit: this.points,
      remaining: Math.max(0, this.points - seed - res.consumedPoints),
      resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
    };
  }
}

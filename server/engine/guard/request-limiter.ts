/**
 * Per-client rate limiting. The budget lives in Redis when one is configured, so that
 * instances behind a load balancer share it (never more than the limit in all); the requests of
 * one turn of the event loop are counted there in one round trip, and a busy client's points
 * are leased ahead so that most of its requests are decided here (`redis-windows.ts`). The fallback, used alone without
 * Redis and while Redis is down (no request waits on a dead Redis for it), is this process's memory, or in a `WORKERS` group the primary's memory through
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
  /** this process's budget: alone, or while Redis is down */
  private readonly local: MemoryWindows;
  private readonly link?: RedisLink;
  readonly points: number;

  constructor(options: RequestLimiterOptions) {
    this.points = options.points;
    this.link = options.redis;
    const common = { points: options.points, duration: options.durationSeconds, keyPrefix: options.keyPrefix ?? "music:rl" };
    this.local = new MemoryWindows(options.points, options.durationSeconds * 1000);
    if (options.group) this.group = new RateLimiterCluster({ ...common, timeoutMs: GROUP_TIMEOUT_MS });
    // Not connected (no offline queue): a command fails at once, and the request falls back.
    if (options.redis) this.shared = new RedisWindows(options.redis.client, options.points, options.durationSeconds * 1000, common.keyPrefix);
  }

  consumeNow(clientKey: string): RateDecision | undefined {
    // With Redis up: from this instance's lease of the client's window, when it holds one.
    if (this.shared) return this.link!.state === "up" ? this.shared.consumeNow(clientKey) : undefined;
    return this.group ? undefined : this.local.consume(clientKey);
  }

  /** Spends one point of `clientKey`'s budget. */
  async consume(clientKey: string): Promise<RateDecision> {
    // The state is known after the start: waiting for it then would cost every request a turn.
    if (this.shared && this.link!.state !== "down" && (this.link!.state === "up" || (await this.link!.settled()) === "up")) {
      const outcome = await this.shared.consume(clientKey);
      if ("decision" in outcome) return outcome.decision;
      // Redis failed: it is skipped from now until it is back, this request included.
      this.link!.failed(outcome.error);
    }
    if (!this.group) return this.local.consume(clientKey);
    try {
      return this.decision(true, await this.group.consume(clientKey, 1));
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return this.decision(false, rejection);
      // The primary did not answer: let the request through.
      return { allowed: true, limit: this.points, remaining: this.points, resetSeconds: 0 };
    }
  }

  dispose(): void {
    this.local.dispose();
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

/** The per-client rate limit, as the request path asks it (`request-limiter.ts` is the one there is). */

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** seconds until the window resets */
  resetSeconds: number;
}

/** The per-client rate limit. */
export interface RateLimiter {
  readonly points: number;
  /** Spends one point of `clientKey`'s budget. */
  consume(clientKey: string): Promise<RateDecision>;
  /** The same, answered at once when the budget is in this process's memory; undefined when it is kept elsewhere. */
  consumeNow?(clientKey: string): RateDecision | undefined;
}

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
}

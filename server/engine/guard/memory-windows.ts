import { type RateDecision } from "./rate-limiter.ts";
/**
 * The rate limit's budget in this process's memory, answered synchronously: a window of
 * `durationMs` per key, opened by its first request, allowing `points` requests (the same
 * rule as rate-limiter-flexible's memory limiter). Exact, since one event loop counts; cheap,
 * since nothing is awaited: the hot path of cached answers asks it on every request.
 */

interface Window {
  used: number;
  endsAt: number;
}

export class MemoryWindows {
  private readonly windows = new Map<string, Window>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly points: number,
    private readonly durationMs: number,
    private readonly now: () => number = Date.now,
  ) {
    // Windows that ended are dropped once per duration, so unique keys cannot pile up.
    this.sweeper = setInterval(() => this.sweep(), Math.max(1000, durationMs));
    this.sweeper.unref();
  }

  consume(key: string): RateDecision {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { used: 0, endsAt: now + this.durationMs };
      this.windows.set(key, window);
    }
    window.used++;
    return {
      allowed: window.used <= this.points,
      limit: this.points,
      remaining: Math.max(0, this.points - window.used),
      resetSeconds: Math.max(1, Math.ceil((window.endsAt - now) / 1000)),
    };
  }

  /** Keys with an open window. */
  get size(): number {
    return this.windows.size;
  }

  dispose(): void {
    clearInterval(this.sweeper);
  }

  // --- internal ---

  private sweep(): void {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}

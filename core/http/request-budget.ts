/**
 * A per-upstream request budget: at most `requests` per `windowMs`, as a sliding window.
 * A caller over budget waits for the next free slot, unless that wait would pass its own
 * deadline, in which case it fails at once instead of hammering the upstream.
 */
import { UpstreamError } from "../errors.ts";
import type { BudgetOptions } from "../services.ts";
import { sleep } from "../sleep.ts";

export class RequestBudget {
  private readonly sent: number[] = [];

  constructor(
    private readonly upstream: string,
    private readonly options: BudgetOptions,
    private readonly now: () => number = Date.now,
  ) {}

  /** Resolves when a request may be sent; throws 2002 when the wait would exceed `maxWaitMs`. */
  async acquire(maxWaitMs: number, signal?: AbortSignal): Promise<void> {
    for (;;) {
      const now = this.now();
      while (this.sent.length && this.sent[0] <= now - this.options.windowMs) this.sent.shift();
      if (this.sent.length < this.options.requests) {
        this.sent.push(now);
        return;
      }
      const waitMs = this.sent[0] + this.options.windowMs - now;
      if (waitMs > maxWaitMs) throw budgetUsedUp(this.upstream, this.options);
      await sleep(waitMs, signal);
    }
  }
}

/** The refusal of a request whose turn in `upstream`'s budget would come after its deadline (2002). */
export function budgetUsedUp(upstream: string, options: BudgetOptions): UpstreamError {
  return new UpstreamError(`${upstream} request budget of ${options.requests} per ${options.windowMs / 1000} s is used up`);
}

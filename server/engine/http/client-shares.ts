/**
 * Fair upstream budgets (docs/decisions.md, "Fair upstream budgets"): each client of the
 * service (the one whose request started the load) may take at most its share of an upstream's
 * budget window. Past it, its request waits for its own oldest one to leave the window, or, when
 * that would pass the deadline, is refused at once (4001, `ShareSpentError`), so that one client
 * asking for one new thing after another cannot leave everyone else with a spent budget. Work
 * for no known client (the service's own) counts against the budget only.
 */
import type { BudgetOptions } from "@music-aggregator/core";
import { ShareSpentError, sleep } from "@music-aggregator/core/host";

/** The requests one client may send in a window of a budget of `requests`. */
export function shareOf(requests: number, part: number): number {
  return Math.max(1, Math.floor(requests * part));
}

export class ClientShares {
  /** each client's requests still inside the window, oldest first (only clients with one) */
  private readonly byClient = new Map<string, number[]>();
  readonly share: number;

  /** `part`: of the budget one client may spend in a window, 0 < part <= 1 */
  constructor(
    private readonly upstream: string,
    private readonly budget: BudgetOptions,
    part: number,
    private readonly now: () => number = Date.now,
  ) {
    this.share = shareOf(budget.requests, part);
  }

  /** Resolves once `client` may send one more request (and counts it); 4001 when that wait would exceed `maxWaitMs`. */
  async acquire(client: string, maxWaitMs: number, signal?: AbortSignal): Promise<void> {
    for (;;) {
      const now = this.now();
      const own = this.byClient.get(client) ?? [];
      while (own.length && own[0] <= now - this.budget.windowMs) own.shift();
      if (own.length < this.share) return this.note(client, own, now);
      const waitMs = own[0] + this.budget.windowMs - now;
      if (waitMs > maxWaitMs) throw new ShareSpentError(this.upstream, { spent: this.share, ...this.budget }, Math.max(1, Math.ceil(waitMs / 1000)));
      await sleep(waitMs, signal);
    }
  }

  // --- internal ---

  private note(client: string, own: number[], now: number): void {
    own.push(now);
    if (own.length > 1) return;
    this.byClient.set(client, own);
    // Every client listed has a request in the window, so there are at most `requests` of them:
    // past that, the ones whose requests have all left the window are forgotten.
    if (this.byClient.size > this.budget.requests) {
      const since = now - this.budget.windowMs;
      for (const [key, times] of this.byClient) if (!times.length || times[times.length - 1] <= since) this.byClient.delete(key);
    }
  }
}

/**
 * A per-upstream request budget: at most `requests` per `windowMs`, as a sliding window.
 * A caller over budget waits for the next free slot, unless that wait would pass its own
 * deadline, in which case it fails at once instead of hammering the upstream.
 *
 * With `shares`, each client (the one whose request started the load, docs/decisions.md
 * "Fair upstream budgets") may take at most its share of the window: past it, its request waits
 * for its own oldest one to leave the window, or, when that would pass the deadline, is refused
 * at once (4001, `ShareSpentError`), so that one client asking for one new thing after another
 * cannot leave everyone else with a spent budget. Requests for no known client (work the
 * service does by itself) count against the budget only.
 */
import { ShareSpentError, UpstreamError } from "../errors.ts";
import type { BudgetOptions } from "../services.ts";
import { sleep } from "../sleep.ts";

/** How much of each budget one client may spend, and who the request being sent is for. */
export interface ClientShares {
  /** the part of a budget one client may spend in a window, 0 < part <= 1 (at least 1 request) */
  part: number;
  /** the client the work running now is done for; undefined when none is known */
  current(): string | undefined;
}

/** The requests one client may send in a window of a budget of `requests`. */
export function shareOf(requests: number, part: number): number {
  return Math.max(1, Math.floor(requests * part));
}

export class RequestBudget {
  private readonly sent: number[] = [];
  /** each client's requests still inside the window, oldest first (only clients with one) */
  private readonly byClient = new Map<string, number[]>();
  private readonly share: number;

  constructor(
    private readonly upstream: string,
    private readonly options: BudgetOptions,
    private readonly now: () => number = Date.now,
    private readonly shares?: ClientShares,
  ) {
    this.share = shares ? shareOf(options.requests, shares.part) : options.requests;
  }

  /**
   * Resolves when a request may be sent; throws 2002 when the wait for the budget would exceed
   * `maxWaitMs`, 4001 when the wait for the client's own share would.
   */
  async acquire(maxWaitMs: number, signal?: AbortSignal): Promise<void> {
    const client = this.share < this.options.requests ? this.shares?.current() : undefined;
    for (;;) {
      const now = this.now();
      const since = now - this.options.windowMs;
      while (this.sent.length && this.sent[0] <= since) this.sent.shift();
      const own = client === undefined ? undefined : this.ownRequests(client, since);
      // Checked again after every wait: the client's other requests may have taken the rest meanwhile.
      if (own && own.length >= this.share) {
        const ownWaitMs = own[0] + this.options.windowMs - now;
        if (ownWaitMs > maxWaitMs) throw new ShareSpentError(this.upstream, { spent: this.share, ...this.options }, Math.max(1, Math.ceil(ownWaitMs / 1000)));
        await sleep(ownWaitMs, signal);
        continue;
      }
      if (this.sent.length < this.options.requests) {
        this.sent.push(now);
        if (own) this.note(client!, own, now);
        return;
      }
      const waitMs = this.sent[0] + this.options.windowMs - now;
      if (waitMs > maxWaitMs) {
        throw new UpstreamError(`${this.upstream} request budget of ${this.options.requests} per ${this.options.windowMs / 1000} s is used up`);
      }
      await sleep(waitMs, signal);
    }
  }

  // --- internal ---

  /** The client's requests inside the window (a new list when it has none). */
  private ownRequests(client: string, since: number): number[] {
    const own = this.byClient.get(client);
    if (!own) return [];
    while (own.length && own[0] <= since) own.shift();
    return own;
  }

  private note(client: string, own: number[], now: number): void {
    own.push(now);
    if (own.length > 1) return;
    this.byClient.set(client, own);
    // Every client listed has a request in the window, so there are at most `requests` of them:
    // past that, the ones whose requests have all left the window are forgotten.
    if (this.byClient.size > this.options.requests) {
      const since = now - this.options.windowMs;
      for (const [key, times] of this.byClient) if (!times.length || times[times.length - 1] <= since) this.byClient.delete(key);
    }
  }
}

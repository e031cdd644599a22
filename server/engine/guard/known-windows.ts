import { type RateDecision } from "./rate-limiter.ts";
/**
 * What this process knows of each client's window in Redis (`redis-windows.ts`), and the
 * decisions it can make without asking Redis: spending a lease, refusing a window known spent,
 * and, while Redis cannot be asked (down, or not answering a request in time), counting on from
 * the window's last known count, never from zero. Counting on is done here, or, for a worker
 * of a `WORKERS` group, by the primary (`Fallback`), which counts every worker's requests in one
 * window on top of the count the asking worker knew. Requests counted without Redis are kept as
 * `unsent` and carried to Redis by the key's next call (at the latest when Redis is back), so
 * that the other instances see them too.
 */

/** Decides a request while Redis cannot: `seed` is the count of the client's window last read from Redis. */
export type Fallback = (key: string, seed: number) => Promise<RateDecision>;

type Waiter = (decision: RateDecision) => void;

export interface Known {
  /** Redis's count after the last reply (every lease granted included) */
  count: number;
  /** points this process leased and has not spent */
  left: number;
  endsAt: number;
  /** the size of the last lease granted: half of it spent, the next (twice as large) is asked for */
  granted: number;
  /** a call asking for a lease is under way: no second one beside it */
  asking: boolean;
  /** requests counted here that no call has carried to Redis yet */
  unsent: number;
  /** requests in calls under way, not in `count` until they are answered */
  sending: number;
}

export class KnownWindows {
  private readonly windows = new Map<string, Known>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    readonly points: number,
    private readonly durationMs: number,
    private readonly fallback?: Fallback,
    private readonly now: () => number = Date.now,
  ) {
    // Windows that ended are dropped once per duration, so unique keys cannot pile up.
    this.sweeper = setInterval(() => this.sweep(), Math.max(1000, durationMs));
    this.sweeper.unref();
  }

  /** The key's window, while it is open. */
  get(key: string): Known | undefined {
    const known = this.windows.get(key);
    if (known && known.endsAt > this.now()) return known;
    if (known) this.windows.delete(key);
    return undefined;
  }

  /** The key's open window, or a new one opening now. */
  open(key: string): Known {
    let known = this.get(key);
    if (!known) this.windows.set(key, (known = { count: 0, left: 0, endsAt: this.now() + this.durationMs, granted: 0, asking: false, unsent: 0, sending: 0 }));
    return known;
  }

  /** Whether `known` is still the key's open window (a reply may come after its window ended). */
  current(key: string, known: Known): boolean {
    return this.get(key) === known;
  }

  /** Every open window with requests to carry to Redis. */
  *unsent(): Generator<string> {
    for (const [key, known] of this.windows) if (known.unsent > 0 && known.endsAt > this.now()) yield key;
  }

  /** One request decided without Redis, at once: from the lease, else counted on here (unless the primary counts). */
  aloneNow(key: string): RateDecision | undefined {
    const known = this.open(key);
    if (known.left > 0) {
      known.left--;
      return this.decision(known, known.count - known.left + known.unsent + known.sending, true);
    }
    if (this.fallback) return undefined;
    known.unsent++;
    return this.atPlace(known, this.spent(known));
  }

  /** One request decided without Redis. */
  alone(key: string): RateDecision | Promise<RateDecision> {
    const decision = this.aloneNow(key);
    if (decision) return decision;
    const known = this.open(key);
    known.unsent++;
    return this.fallback!(key, known.count);
  }

  /** Requests of a call Redis did not answer in time (their points are in `known` already): decided from what is known. */
  decideWaiting(key: string, known: Known, waiters: Waiter[]): void {
    if (!this.current(key, known)) {
      for (const resolve of waiters) void Promise.resolve(this.alone(key)).then(resolve);
    } else if (this.fallback) {
      for (const resolve of waiters) void this.fallback(key, known.count).then(resolve);
    } else {
      const last = this.spent(known);
      waiters.forEach((resolve, i) => resolve(this.atPlace(known, last - waiters.length + i + 1)));
    }
  }

  /** Everything counted of the window as far as this process knows (its unspent lease too). */
  spent(known: Known): number {
    return known.count + known.unsent + known.sending;
  }

  /** The decision of the request counted `place`-th in its window. */
  atPlace(known: Known, place: number, heldBefore = 0): RateDecision {
    return this.decision(known, place - heldBefore, place <= this.points);
  }

  decision(known: Known, spent: number, allowed: boolean): RateDecision {
    return {
      allowed,
      limit: this.points,
      remaining: Math.max(0, this.points - spent),
      resetSeconds: Math.max(1, Math.ceil((known.endsAt - this.now()) / 1000)),
    };
  }

  dispose(): void {
    clearInterval(this.sweeper);
  }

  // --- internal ---

  private sweep(): void {
    const now = this.now();
    for (const [key, known] of this.windows) if (known.endsAt <= now) this.windows.delete(key);
  }
}

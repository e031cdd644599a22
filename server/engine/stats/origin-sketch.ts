/**
 * One hour's requests per origin, in bounded memory whatever origins callers make up: a
 * Space-Saving sketch (Metwally, Agrawal, El Abbadi 2005) of `capacity` counters. An origin
 * already counted adds to its counter; a new one takes a free counter, or, when every counter
 * is taken, the least counted one's place, and inherits its count as a possible error. So:
 *
 * - `count` is never below the origin's true requests, `count - error` never above them;
 * - `error` is at most the least count, which is at most N / capacity (N: the requests counted);
 * - an origin with more than N / capacity requests is always held.
 *
 * Sketches merge the same way (another process's counters, with their errors, added as if
 * counted here), and the bounds add up. Counting is a Map update; taking the least counter's
 * place costs one pass over the counters only when every origin found at the least count by
 * the last pass has been replaced or counted again since (a flood of new origins replaces them
 * one by one).
 */

/** An origin's counter: its count and how much of it may be inherited. */
export interface OriginCounter {
  count: number;
  error: number;
}

export class OriginSketch {
  private readonly counters = new Map<string, OriginCounter>();
  /** origins found at the least count (`least`) by the last pass: the next to give up their place */
  private lowest: string[] = [];
  private least = 0;

  constructor(readonly capacity: number) {}

  add(origin: string, count: number, error = 0): void {
    const counter = this.counters.get(origin);
    if (counter) {
      counter.count += count;
      counter.error += error;
      return;
    }
    if (this.counters.size < this.capacity) {
      this.counters.set(origin, { count, error });
      // A new counter may be below the least one found: the next eviction looks again.
      this.lowest = [];
      return;
    }
    const inherited = this.evictLeast();
    this.counters.set(origin, { count: count + inherited, error: error + inherited });
  }

  get size(): number {
    return this.counters.size;
  }

  /** Every counter, for merging elsewhere or sending. */
  entries(): IterableIterator<[string, OriginCounter]> {
    return this.counters.entries();
  }

  /** The requests an origin surely had here (`count - error`); 0 when it is not held. */
  surely(origin: string): number {
    const counter = this.counters.get(origin);
    return counter ? counter.count - counter.error : 0;
  }

  // --- internal ---

  /** Removes a least counted origin and returns its count. */
  private evictLeast(): number {
    for (;;) {
      while (this.lowest.length) {
        const origin = this.lowest.pop()!;
        // Counts only grow: one still at `least` is still a least one.
        if (this.counters.get(origin)?.count === this.least) {
          this.counters.delete(origin);
          return this.least;
        }
      }
      let least = Infinity;
      for (const { count } of this.counters.values()) if (count < least) least = count;
      for (const [origin, { count }] of this.counters) if (count === least) this.lowest.push(origin);
      this.least = least;
    }
  }
}

/**
 * Counts kept as plain numbers by the code that makes them, and read only when `/metrics` is
 * scraped (`server/metrics/`): counting is one increment, a duration one bucket increment. No
 * label set is hashed per event when the caller keeps the cell it counts in (the hot path of
 * cached answers keeps one per answer).
 */

/** Upper bounds, in seconds, of the duration histograms' buckets (+Inf is implied). */
export const DURATION_BUCKETS: readonly number[] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One counter of a label set. */
export interface Count {
  n: number;
}

/** A histogram of durations: counts per bucket (not cumulative), their sum and count. */
export class Durations {
  readonly buckets = new Array<number>(DURATION_BUCKETS.length).fill(0);
  sum = 0;
  count = 0;

  observe(seconds: number): void {
    this.sum += seconds;
    this.count++;
    // Most durations fall in the first buckets: a scan from the start ends soonest.
    for (let i = 0; i < DURATION_BUCKETS.length; i++) {
      if (seconds <= DURATION_BUCKETS[i]) {
        this.buckets[i]++;
        return;
      }
    }
  }
}

/** Values of one kind by label set (route and code, say); the sets are few and fixed by the code, never by a request. */
export class Labelled<T> {
  private readonly cells = new Map<string, { labels: readonly string[]; value: T }>();

  constructor(
    readonly names: readonly string[],
    private readonly make: () => T,
  ) {}

  get(...labels: string[]): T {
    const key = labels.join("\u0000");
    let cell = this.cells.get(key);
    if (!cell) this.cells.set(key, (cell = { labels, value: this.make() }));
    return cell.value;
  }

  entries(): Iterable<{ labels: readonly string[]; value: T }> {
    return this.cells.values();
  }
}

/** Calls of a source's operations: how many ended how (`ok`, or the error's kind), and how long they took. */
export class UpstreamCalls {
  readonly calls = new Labelled<Count>(["source", "operation", "outcome"], () => ({ n: 0 }));
  readonly durations = new Labelled<Durations>(["source", "operation"], () => new Durations());

  record(source: string, operation: string, outcome: string, seconds: number): void {
    this.calls.get(source, operation, outcome).n++;
    this.durations.get(source, operation).observe(seconds);
  }
}

/** What the response cache did, since the start of the process. */
export interface CacheOutcomes {
  hits: number;
  misses: number;
  /** expired answers served because the upstream failed */
  stale: number;
  /** requests that waited for a load already under way (here, or in another instance) instead of starting one */
  coalesced: number;
}

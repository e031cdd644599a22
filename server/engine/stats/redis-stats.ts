/**
 * Statistics of instances sharing Redis. Each process counts in memory, as without Redis, and
 * sends what it counted since its last send once a second, in one MULTI: HINCRBY of the cache
 * counters (hits, misses, and which tier answered), ZINCRBY of each origin in its hour's sorted
 * set (kept 25 h, trimmed to the most requested). `totals()` sends and reads in the same round
 * trip, so an instance's own counts are always in its answer and the others' at most a second
 * late.
 *
 * While Redis is down nothing is sent: counts wait here and go out once it is back (merged,
 * not lost), and the totals meanwhile are the last ones read plus what was counted here since.
 * The counters live as long as their keys: `<prefix>:figures:cache` (a hash, no expiry) and
 * `<prefix>:figures:origins:<hour>`.
 */
import { randomUUID } from "node:crypto";
import type { RedisLink } from "../redis/connection.ts";
import type { SharedStats, StatsTotals } from "../../../core/services.ts";
import { CACHE_COUNTERS, addCounts, subtractCounts, zeroCounts } from "./cache-counts.ts";
import { HOUR_MS, HourlyOriginCounts, MAX_ORIGINS_PER_HOUR, TOP_ORIGINS, WINDOW_HOURS, topOrigins } from "./hourly-origins.ts";

const SEND_MS = 1000;

type Shared = Omit<StatsTotals, "entries">;

export class RedisStats implements SharedStats {
  readonly local = zeroCounts();
  private readonly pending: HourlyOriginCounts;
  private readonly sent = zeroCounts();
  private last: Shared = { ...zeroCounts(), origins: [] };
  /** exchanges run one at a time, so that no count is sent twice */
  private chain: Promise<unknown> = Promise.resolve();
  private reading?: Promise<Shared>;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly link: RedisLink,
    private readonly prefix: string,
    private readonly entries: () => Promise<number>,
    private readonly now: () => number = Date.now,
  ) {
    this.pending = new HourlyOriginCounts(now);
    this.timer = setInterval(() => this.enqueue(false), SEND_MS);
    this.timer.unref();
  }

  countOrigin(origin: string): void {
    this.pending.add(origin);
  }

  async totals(): Promise<StatsTotals> {
    // Asked together by the cache's and the origins' figures: one read for both.
    this.reading ??= this.enqueue(true);
    const [shared, entries] = await Promise.all([this.reading, this.entries().catch(() => 0)]);
    return { ...shared, entries };
  }

  /** Sends what is left (at shutdown). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.enqueue(false);
  }

  // --- internal ---

  private enqueue(read: boolean): Promise<Shared> {
    const turn = this.chain.then(() => {
      if (read) this.reading = undefined;
      return this.exchange(read);
    });
    this.chain = turn.catch(() => undefined);
    return turn;
  }

  private async exchange(read: boolean): Promise<Shared> {
    const counted = subtractCounts(this.local, this.sent);
    const changed = CACHE_COUNTERS.filter((name) => counted[name] !== 0);
    if (!read && !changed.length && !this.pending.size) return this.last;
    if (this.link.state === "down") return this.offline();
    const origins = this.pending.drain();
    const counters = `${this.prefix}:figures:cache`;
    const hour = Math.floor(this.now() / HOUR_MS);
    const top = `${this.prefix}:figures:top:${randomUUID()}`;
    let replies: [Error | null, unknown][] | null;
    try {
      replies = await this.link.run((c) => {
        const multi = c.multi();
        for (const name of changed) multi.hincrby(counters, name, counted[name]);
        const touched = new Set<number>();
        for (const [h, origin, requests] of origins) {
          multi.zincrby(this.bucket(h), requests, origin);
          touched.add(h);
        }
        for (const h of touched) multi.expire(this.bucket(h), (WINDOW_HOURS + 1) * 3600).zremrangebyrank(this.bucket(h), 0, -MAX_ORIGINS_PER_HOUR - 1);
        if (read) {
          const buckets = Array.from({ length: WINDOW_HOURS }, (_, i) => this.bucket(hour - i));
          multi.hmget(counters, ...CACHE_COUNTERS).zunionstore(top, buckets.length, ...buckets).zrevrange(top, 0, TOP_ORIGINS - 1, "WITHSCORES").del(top);
        }
        return multi.exec();
      });
    } catch {
      this.pending.merge(origins);
      return this.offline();
    }
    addCounts(this.sent, counted);
    if (read && replies) this.last = parse(replies) ?? this.last;
    return this.last;
  }

  /** The last totals read, with what was counted here since. */
  private offline(): Shared {
    const origins = topOrigins([...this.last.origins.map((o): [string, number] => [o.origin, o.requests]), ...this.pending.entries()]);
    return { ...addCounts(subtractCounts(this.local, this.sent), this.last), origins };
  }

  private bucket(hour: number): string {
    return `${this.prefix}:figures:origins:${hour}`;
  }
}

/** The read part of an exchange: its last four replies (HMGET, ZUNIONSTORE, ZREVRANGE, DEL). */
function parse(replies: [error: Error | null, result: unknown][]): Shared | undefined {
  const [[hmgetError, counts], , [rangeError, range]] = replies.slice(-4) as [[Error | null, (string | null)[]], unknown, [Error | null, string[]]];
  if (hmgetError || rangeError) return undefined;
  const origins: [string, number][] = [];
  for (let i = 0; i + 1 < range.length; i += 2) origins.push([range[i], Number(range[i + 1])]);
  // Redis orders ties in reverse; these are ordered as everywhere else.
  const shared = zeroCounts();
  CACHE_COUNTERS.forEach((name, i) => (shared[name] = Number(counts[i] ?? 0)));
  return { ...shared, origins: topOrigins(origins) };
}

/**
 * Statistics of instances sharing Redis. Each process counts in memory, as without Redis, and
 * sends what it counted since its last send once a second, and when `/v1/status` asks: HINCRBY
 * of the cache counters (hits, misses, and which tier answered) and its origins' counters,
 * merged into the hour's sketch in Redis by a script (`origin-scripts.ts`: a sorted set of at
 * most `ORIGINS_PER_HOUR` origins, kept 25 h). No command touches more than one hour's
 * counters, nor a script more than `MERGE_CHUNK` origins.
 *
 * Each instance keeps the window as it last read it (`seen`), with what it counted since
 * added: its own counts are in its answer at once. The current hour is read again at most once
 * a second, the 23 before it once a minute (they change only by late reports just after the
 * hour turns): a `/v1/status` answer costs Redis at most one hour's counters, and other
 * instances' counts reach it within about two seconds. The cache counters are read with every
 * answer (one HMGET).
 *
 * While Redis is down, or slower than a command's timeout, nothing is lost: counts wait here
 * and go out once it answers, and the totals meanwhile are the last ones read plus what was
 * counted here since. The counters live as long as their keys: `<prefix>:figures:cache` (a
 * hash, no expiry) and `<prefix>:figures:origin-counts:<hour>` with `…:origin-errors:<hour>`.
 */
import type { RedisLink } from "../redis/connection.ts";
import { CACHE_COUNTERS, addCounts, subtractCounts, zeroCounts } from "./cache-counts.ts";
import { HOUR_MS, HourlyOriginCounts, ORIGINS_PER_HOUR, WINDOW_HOURS, type HourCount } from "./hourly-origins.ts";
import { MERGE_CHUNK, defineOriginScripts, readReply, type OriginScripts } from "./origin-scripts.ts";
import { type SharedStats, type StatsTotals } from "./shared-stats.ts";

const SEND_MS = 1000;
/** the current hour's counters are read again after this long; the hours before it, after `PAST_READ_MS` */
const READ_MS = 1000;
const PAST_READ_MS = 60_000;

export class RedisStats implements SharedStats {
  readonly local = zeroCounts();
  private readonly unsent: HourlyOriginCounts;
  /** the window as last read, with what was counted here since */
  private readonly seen: HourlyOriginCounts;
  private readonly sent = zeroCounts();
  /** the cache counters as last read, and what this process had sent then */
  private last = zeroCounts();
  private sentAtRead = zeroCounts();
  private readonly readAt = { current: -Infinity, past: -Infinity, pastHour: -1 };
  /** exchanges run one at a time, so that no count is sent twice */
  private chain: Promise<unknown> = Promise.resolve();
  private reading?: Promise<void>;
  private readonly timer: NodeJS.Timeout;
  private readonly scripts: OriginScripts;

  constructor(
    private readonly link: RedisLink,
    private readonly prefix: string,
    private readonly entries: () => Promise<number>,
    private readonly now: () => number = Date.now,
  ) {
    this.unsent = new HourlyOriginCounts(now);
    this.seen = new HourlyOriginCounts(now);
    this.scripts = defineOriginScripts(link.client);
    this.timer = setInterval(() => void this.enqueue(false), SEND_MS);
    this.timer.unref();
  }

  countOrigin(origin: string): void {
    this.unsent.add(origin);
    this.seen.add(origin);
  }

  async totals(): Promise<StatsTotals> {
    // Asked together by the cache's and the origins' figures: one exchange for both.
    this.reading ??= this.enqueue(true);
    // A slow Redis is waited for as the rate limit waits (until it would count as down), then the answer is what was last read.
    const waited = new Promise<void>((resolve) => setTimeout(resolve, this.link.limits.downAfterMs).unref());
    const [entries] = await Promise.all([this.entries().catch(() => 0), Promise.race([this.reading, waited])]);
    return { ...addCounts(subtractCounts(this.local, this.sentAtRead), this.last), entries, origins: this.seen.top() };
  }

  /** Sends what is left (at shutdown). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.enqueue(false);
  }

  // --- internal ---

  private enqueue(read: boolean): Promise<void> {
    const turn = this.chain.then(() => {
      if (read) this.reading = undefined;
      return this.exchange(read);
    });
    this.chain = turn.catch(() => undefined);
    return turn.catch(() => undefined);
  }

  private async exchange(read: boolean): Promise<void> {
    const counted = subtractCounts(this.local, this.sent);
    const changed = CACHE_COUNTERS.filter((name) => counted[name] !== 0);
    if ((!read && !changed.length && !this.unsent.size) || (await this.link.settled()) !== "up") return;
    const origins = this.unsent.drain();
    const hour = Math.floor(this.now() / HOUR_MS);
    const hours = read ? this.hoursToRead(hour) : [];
    let replies: [Error | null, unknown][] | null;
    try {
      // A pipeline, not a transaction: other clients' commands run between these.
      replies = await this.link.send((c) => {
        const pipeline = c.pipeline();
        for (const name of changed) pipeline.hincrby(this.key("cache"), name, counted[name]);
        for (const [h, chunk] of chunks(origins)) this.scripts.merge(pipeline, this.key("origin-counts", h), this.key("origin-errors", h), ORIGINS_PER_HOUR, (WINDOW_HOURS + 1) * 3600, chunk);
        if (read) pipeline.hmget(this.key("cache"), ...CACHE_COUNTERS);
        for (const h of hours) this.scripts.read(pipeline, this.key("origin-counts", h), this.key("origin-errors", h), ORIGINS_PER_HOUR);
        return pipeline.exec();
      });
    } catch {
      // Not sent (or not known to be): sent again with the next exchange, read again then too.
      this.unsent.merge(origins);
      if (hours.length) Object.assign(this.readAt, { current: -Infinity, past: -Infinity });
      return;
    }
    addCounts(this.sent, counted);
    if (!read || !replies) return;
    const at = replies.length - hours.length;
    const [countsError, counts] = replies[at - 1] as [Error | null, (string | null)[]];
    if (!countsError) {
      CACHE_COUNTERS.forEach((name, i) => (this.last[name] = Number(counts[i] ?? 0)));
      this.sentAtRead = { ...this.sent };
    }
    hours.forEach((h, i) => this.take(h, replies![at + i]));
  }

  /** The hours whose counters are due to be read again, stamped as read. */
  private hoursToRead(hour: number): number[] {
    const now = this.now();
    const hours: number[] = [];
    if (now - this.readAt.current >= READ_MS) (this.readAt.current = now), hours.push(hour);
    if (this.readAt.pastHour !== hour || now - this.readAt.past >= PAST_READ_MS) {
      Object.assign(this.readAt, { past: now, pastHour: hour });
      for (let h = hour - WINDOW_HOURS + 1; h < hour; h++) hours.push(h);
    }
    return hours;
  }

  /** An hour as read from Redis, with what was counted here since it was sent. */
  private take(hour: number, [error, reply]: [Error | null, unknown]): void {
    if (error) return;
    this.seen.replace(hour, readReply(reply));
    this.seen.merge(this.unsent.entries().filter(([h]) => h === hour));
  }

  private key(name: string, hour?: number): string {
    return `${this.prefix}:figures:${name}${hour === undefined ? "" : `:${hour}`}`;
  }
}

/** Counters by hour, in chunks of at most `MERGE_CHUNK`. */
function* chunks(origins: HourCount[]): Generator<[number, HourCount[]]> {
  const byHour = new Map<number, HourCount[]>();
  for (const count of origins) {
    const counts = byHour.get(count[0]);
    if (counts) counts.push(count);
    else byHour.set(count[0], [count]);
  }
  for (const [hour, counts] of byHour) for (let i = 0; i < counts.length; i += MERGE_CHUNK) yield [hour, counts.slice(i, i + MERGE_CHUNK)];
}

/**
 * The rate limit's budget in Redis, shared by every instance. A window of `durationMs` per key,
 * opened by its first request, allows `points` requests (the rule of `memory-windows.ts` and of
 * rate-limiter-flexible's Redis limiter, whose key names it keeps).
 *
 * Two things keep Redis off most requests' path:
 * - The requests node:http hands over in one turn are counted together by one script: for each
 *   client key, one INCRBY of its number of requests. Each request reads its decision from its
 *   place in the count (the k-th of n is allowed when the count before them plus k is within
 *   the limit).
 * - A busy client's instance leases points ahead: the script counts a few more points than the
 *   turn's requests, and the next requests spend them here, answered at once; a lease half spent
 *   is renewed in the background. A lease doubles per renewal up to `MAX_LEASE`, and is at most
 *   a `LEASE_SHARE`-th of what the window has left, so near its limit a client is counted in
 *   Redis request by request. The sum of what every instance allows never passes the limit; a
 *   leased point is spent only by the instance that holds it (a client refused by one instance
 *   while another still holds part of a lease), and lost if the window ends first.
 * Measured (bench `stores`): a round trip per turn cost 12-26 % of cached throughput against
 * the memory store; leases bring it within the noise.
 *
 * A slow Redis is waited for (up to the link's `downAfterMs`): slowness never changes who
 * decides. When Redis is down, or a call is not answered by then, this process decides from
 * what it knows of the window (`known-windows.ts`): its last count, its lease, and what it
 * counted alone since, which the key's next call adds to Redis (all of them when Redis is
 * back). A call answered late still settles what it counted. So a client gets at most the
 * limit plus what the other processes allowed it alone meanwhile, each at most what it last
 * saw left of the window (docs/decisions.md#rate-limit).
 */
import type { Redis } from "ioredis";
import type { RedisLink } from "../redis/connection.ts";
import { KnownWindows, type Fallback, type Known } from "./known-windows.ts";
import { type RateDecision } from "./rate-limiter.ts";

/** A lease is at most this share of what its window has left (after the requests it comes with). */
const LEASE_SHARE = 64;

/**
 * KEYS: the windows. ARGV[1]: the limit, then per key: the requests to count, the lease wanted
 * beyond them, and, when the window has to be opened, its count (what this process last knew of
 * it: Redis lost it) and its ms left. Returns per key: the count after, the lease granted, the
 * window's ms left.
 */
const CONSUME = `
local out = {}
local points = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  local need = tonumber(ARGV[4 * i - 2])
  local lease = tonumber(ARGV[4 * i - 1])
  local ttl = ARGV[4 * i + 1]
  redis.call("set", key, ARGV[4 * i], "PX", ttl, "NX")
  local room = math.floor((points - tonumber(redis.call("get", key)) - need) / ${LEASE_SHARE})
  if lease > room then lease = math.max(room, 0) end
  local count = redis.call("incrby", key, need + lease)
  local left = redis.call("pttl", key)
  if left < 0 then
    redis.call("pexpire", key, ttl)
    left = tonumber(ttl)
  end
  out[#out + 1] = count
  out[#out + 1] = lease
  out[#out + 1] = left
end
return out`;

/** Most keys in one script call: a turn with more clients is sent in several. */
const MAX_KEYS_PER_CALL = 500;
/**
 * The largest lease: a busy client costs a round trip per half of it. Large enough to last a
 * round trip under load (50 connections hand over up to 50 requests a turn, and a turn under
 * load takes a millisecond or more).
 */
export const MAX_LEASE = 1024;

type Waiter = (decision: RateDecision) => void;
type Consuming = Redis & { musicConsumeWindows(keyCount: number, ...args: (string | number)[]): Promise<number[]> };

/** One key's part of a call. */
interface Sent {
  key: string;
  known: Known;
  waiters: Waiter[];
  /** requests counted alone before, carried by this call */
  carried: number;
  /** the lease asked for */
  wanted: number;
}

export class RedisWindows {
  /** requests waiting for this turn's call, per key (none for a lease renewed in the background) */
  private readonly pending = new Map<string, Waiter[]>();
  private readonly known: KnownWindows;
  private scheduled = false;
  private readonly stopSyncing: () => void;

  /** `fallback`: who counts on while Redis cannot be asked, when not this process (a group's primary) */
  constructor(
    private readonly link: RedisLink,
    private readonly points: number,
    durationMs: number,
    private readonly keyPrefix: string,
    fallback?: Fallback,
    private readonly now: () => number = Date.now,
  ) {
    // EVALSHA, with the script sent again by ioredis when Redis no longer has it.
    link.client.defineCommand("musicConsumeWindows", { lua: CONSUME });
    this.known = new KnownWindows(points, durationMs, fallback, now);
    // Back from an outage: what was counted alone goes to Redis, for the other instances to see.
    this.stopSyncing = link.onUp(() => {
      for (const key of this.known.unsent()) this.wait(key);
    });
  }

  /** Spends one point of `key`'s budget when this process can decide at once: from its lease, a window known spent, or alone while Redis is down. */
  private decideHere(key: string): RateDecision | undefined {
    if (this.link.state === "down") return this.known.aloneNow(key);
    if (this.link.state !== "up") return undefined;
    const known = this.known.get(key);
    if (!known) return undefined;
    if (known.left > 0) {
      known.left--;
      // Half spent: the next lease is asked for in the background (with this turn's other calls).
      if (known.left <= known.granted >> 1 && !known.asking) this.wait(key);
      return this.known.decision(known, known.count - known.left + known.unsent + known.sending, true);
    }
    // Counts only grow within a window: spent is spent until it ends.
    if (this.known.spent(known) >= this.points) return this.known.decision(known, this.points, false);
    return undefined;
  }

  /** Spends one point of `key`'s budget, with the other requests of this turn. */
  async consume(key: string): Promise<RateDecision> {
    if (this.link.state === "starting") await this.link.settled();
    if (this.link.state === "down") return this.known.alone(key);
    const decision = this.decideHere(key);
    if (decision) return decision;
    return new Promise((resolve) => this.wait(key).push(resolve));
  }

  dispose(): void {
    this.known.dispose();
    this.stopSyncing();
  }

  // --- internal ---

  private wait(key: string): Waiter[] {
    let waiting = this.pending.get(key);
    if (!waiting) this.pending.set(key, (waiting = []));
    if (!this.scheduled) {
      this.scheduled = true;
      // After every request node:http hands over in this turn.
      setImmediate(() => this.flush());
    }
    return waiting;
  }

  private flush(): void {
    this.scheduled = false;
    const batch = [...this.pending];
    this.pending.clear();
    for (let start = 0; start < batch.length; start += MAX_KEYS_PER_CALL) this.send(batch.slice(start, start + MAX_KEYS_PER_CALL));
  }

  private send(batch: [string, Waiter[]][]): void {
    const sentAt = this.now();
    const sent: Sent[] = [];
    const args: number[] = [];
    for (const [key, waiters] of batch) {
      const existing = this.known.get(key);
      const wanted = existing && !existing.asking ? nextLease(existing) : 0;
      const carried = existing?.unsent ?? 0;
      // A renewal whose lease ended meanwhile: nothing to count (and no window to open).
      if (!wanted && !waiters.length && !carried) continue;
      const known = existing ?? this.known.open(key);
      if (wanted) known.asking = true;
      known.unsent = 0;
      known.sending += carried + waiters.length;
      sent.push({ key, known, waiters, carried, wanted });
      args.push(carried + waiters.length, wanted, known.count, Math.max(1, known.endsAt - sentAt));
    }
    if (sent.length === 0) return;
    const keys = sent.map(({ key }) => `${this.keyPrefix}:${key}`);
    // Waited for until Redis would count as down; answered later, the call still settles what it counted.
    let decided = false;
    const deadline = setTimeout(() => {
      decided = true;
      for (const { key, known, waiters } of sent) this.known.decideWaiting(key, known, waiters);
    }, this.link.limits.downAfterMs);
    const settled = (): boolean => {
      clearTimeout(deadline);
      const waiting = !decided;
      decided = true;
      return waiting;
    };
    this.link.send((c) => (c as Consuming).musicConsumeWindows(keys.length, ...keys, this.points, ...args)).then(
      (reply) => {
        const decide = settled();
        sent.forEach((entry, i) => this.settle(entry, decide, Number(reply[3 * i]), Number(reply[3 * i + 1]), sentAt + Number(reply[3 * i + 2])));
      },
      () => {
        const decide = settled();
        for (const entry of sent) this.unsend(entry, decide);
      },
    );
  }

  /** Redis answered: the window as it says, and each waiting request decided by its place in the count. */
  private settle({ key, known, waiters, carried, wanted }: Sent, decide: boolean, count: number, granted: number, endsAt: number): void {
    let target: Known | undefined = known;
    if (this.known.current(key, known)) known.sending -= carried + waiters.length;
    // After its window ended here: the reply opens the next one, unless one was opened here since.
    else target = this.known.get(key) ? undefined : this.known.open(key);
    if (target) {
      target.left += granted;
      target.count = count;
      target.endsAt = endsAt;
      if (wanted) target.asking = false;
      if (granted > 0) target.granted = granted;
    }
    if (!decide) return;
    // A request is allowed by its place in Redis's count; what is left, as a lease's spending
    // says it, does not count the points this process holds unspent (a renewal can come back
    // before the call of requests that waited while it was under way).
    const before = count - granted - waiters.length;
    const heldBefore = target ? target.left - granted : 0;
    waiters.forEach((resolve, i) => resolve(this.known.atPlace(target ?? known, before + i + 1, heldBefore)));
  }

  /** The call failed: what it carried is counted here until the next call carries it. */
  private unsend({ key, known, waiters, carried, wanted }: Sent, decide: boolean): void {
    if (this.known.current(key, known)) {
      known.sending -= carried + waiters.length;
      known.unsent += carried + waiters.length;
      if (wanted) known.asking = false;
    }
    if (decide) this.known.decideWaiting(key, known, waiters);
  }
}

/** The lease to ask for: one point after none, then twice the last, up to `MAX_LEASE`. */
function nextLease(known: Known): number {
  return known.granted === 0 ? 1 : Math.min(MAX_LEASE, known.granted * 2);
}

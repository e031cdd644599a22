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
 */
import type { Redis } from "ioredis";
import type { RateDecision } from "../../../core/services.ts";

/** A request's decision, or the store's failure (the caller falls back and trips the circuit). */
export type WindowOutcome = { decision: RateDecision } | { error: unknown };

/** A lease is at most this share of what its window has left (after the requests it comes with). */
const LEASE_SHARE = 64;

/**
 * KEYS: the windows. ARGV[1]: the window's length (ms), ARGV[2]: the limit, then per key: the
 * requests to count, and the lease wanted beyond them. Returns per key: the count after, the
 * lease granted, the window's ms left.
 */
const CONSUME = `
local out = {}
local points = tonumber(ARGV[2])
for i, key in ipairs(KEYS) do
  local need = tonumber(ARGV[2 * i + 1])
  local lease = tonumber(ARGV[2 * i + 2])
  redis.call("set", key, 0, "PX", ARGV[1], "NX")
  local room = math.floor((points - tonumber(redis.call("get", key)) - need) / ${LEASE_SHARE})
  if lease > room then lease = math.max(room, 0) end
  local count = redis.call("incrby", key, need + lease)
  local left = redis.call("pttl", key)
  if left < 0 then
    redis.call("pexpire", key, ARGV[1])
    left = tonumber(ARGV[1])
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

type Waiter = (outcome: WindowOutcome) => void;
type Consuming = Redis & { musicConsumeWindows(keyCount: number, ...args: (string | number)[]): Promise<number[]> };

/** What this instance knows of a key's window from its last reply. */
interface Lease {
  /** leased points not spent yet */
  left: number;
  /** Redis's count after the last reply (this lease included) */
  count: number;
  endsAt: number;
  /** the size of the last lease granted: half of it spent, the next (twice as large) is asked for */
  granted: number;
  /** a call asking for a lease is under way: no second one beside it */
  asking: boolean;
}

export class RedisWindows {
  /** requests waiting for this turn's call, per key (none for a lease renewed in the background) */
  private readonly pending = new Map<string, Waiter[]>();
  private readonly leases = new Map<string, Lease>();
  private scheduled = false;
  private readonly client: Consuming;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    client: Redis,
    private readonly points: number,
    private readonly durationMs: number,
    private readonly keyPrefix: string,
    private readonly now: () => number = Date.now,
  ) {
    // EVALSHA, with the script sent again by ioredis when Redis no longer has it.
    client.defineCommand("musicConsumeWindows", { lua: CONSUME });
    this.client = client as Consuming;
    this.sweeper = setInterval(() => this.sweep(), Math.max(1000, durationMs));
    this.sweeper.unref();
  }

  /** Spends one point of `key`'s budget when this instance can decide alone: from its lease, or a window known spent. */
  consumeNow(key: string): RateDecision | undefined {
    const lease = this.leases.get(key);
    if (!lease) return undefined;
    const now = this.now();
    if (lease.endsAt <= now) {
      this.leases.delete(key);
      return undefined;
    }
    const resetSeconds = Math.max(1, Math.ceil((lease.endsAt - now) / 1000));
    if (lease.left > 0) {
      lease.left--;
      // Half spent: the next lease is asked for in the background (with this turn's other calls).
      if (lease.left <= lease.granted >> 1 && !lease.asking) this.wait(key);
      return { allowed: true, limit: this.points, remaining: Math.max(0, this.points - (lease.count - lease.left)), resetSeconds };
    }
    // Counts only grow within a window: spent is spent until it ends.
    if (lease.count >= this.points) return { allowed: false, limit: this.points, remaining: 0, resetSeconds };
    return undefined;
  }

  /** Spends one point of `key`'s budget, with the other requests of this turn. */
  consume(key: string): Promise<WindowOutcome> {
    const decision = this.consumeNow(key);
    if (decision) return Promise.resolve({ decision });
    return new Promise((resolve) => this.wait(key).push(resolve));
  }

  dispose(): void {
    clearInterval(this.sweeper);
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
    const keys: string[] = [];
    const counts: number[] = [];
    const sent: typeof batch = [];
    for (const entry of batch) {
      const [key, waiters] = entry;
      const lease = this.leases.get(key);
      const wanted = lease && !lease.asking ? nextLease(lease) : 0;
      // A renewal whose lease ended meanwhile: nothing to count (and no window to open).
      if (!wanted && waiters.length === 0) continue;
      if (lease && wanted) lease.asking = true;
      sent.push(entry);
      keys.push(`${this.keyPrefix}:${key}`);
      counts.push(waiters.length, wanted);
    }
    if (sent.length === 0) return;
    // A window's end is reckoned from the send: never later than Redis's own.
    const sentAt = this.now();
    this.client.musicConsumeWindows(keys.length, ...keys, this.durationMs, this.points, ...counts).then(
      (reply) => sent.forEach(([key, waiters], i) => this.settle(key, waiters, Number(reply[3 * i]), Number(reply[3 * i + 1]), sentAt + Number(reply[3 * i + 2]))),
      (error: unknown) => {
        for (const [key, waiters] of sent) {
          this.leases.delete(key);
          for (const resolve of waiters) resolve({ error });
        }
      },
    );
  }

  private settle(key: string, waiters: Waiter[], count: number, granted: number, endsAt: number): void {
    const now = this.now();
    let lease = this.leases.get(key);
    if (!lease || lease.endsAt <= now) {
      // A new window (or the first reply): what was leased of the old one is gone with it.
      lease = { left: 0, count, endsAt, granted: 0, asking: false };
      this.leases.set(key, lease);
    }
    lease.left += granted;
    lease.count = count;
    lease.endsAt = endsAt;
    lease.asking = false;
    if (granted > 0) lease.granted = granted;
    // A request is allowed by its place in Redis's count; what is left, as a lease's spending
    // says it, does not count the points this instance holds unspent (a renewal can come back
    // before the call of requests that waited while it was under way).
    const before = count - granted - waiters.length;
    const heldBefore = lease.left - granted;
    const resetSeconds = Math.max(1, Math.ceil((endsAt - now) / 1000));
    waiters.forEach((resolve, i) => {
      const place = before + i + 1;
      resolve({ decision: { allowed: place <= this.points, limit: this.points, remaining: Math.max(0, this.points - place + heldBefore), resetSeconds } });
    });
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, lease] of this.leases) if (lease.endsAt <= now) this.leases.delete(key);
  }
}

/** The lease to ask for: one point after none, then twice the last, up to `MAX_LEASE`. */
function nextLease(lease: Lease): number {
  return lease.granted === 0 ? 1 : Math.min(MAX_LEASE, lease.granted * 2);
}

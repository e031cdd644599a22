/**
 * The rate limit's budget in Redis, shared exactly by every instance, at the cost of one round
 * trip per turn of the event loop rather than one per request. A window of `durationMs` per
 * key, opened by its first request, allows `points` requests (the rule of `memory-windows.ts`
 * and of rate-limiter-flexible's Redis limiter, whose key names it keeps).
 *
 * The requests node:http hands over in one turn are counted together by one script: for each
 * client key, one INCRBY of its number of requests. Redis counts every point exactly as one
 * command per request would, and each request reads its decision from its place in the count
 * (the k-th of n is allowed when the count before them plus k is within the limit). Measured
 * (bench `stores`): a Redis round trip per request cost about a third more CPU per cached
 * answer than the memory store; per turn, about as much as the memory store.
 */
import type { Redis } from "ioredis";
import type { RateDecision } from "../../../core/services.ts";

/** A request's decision, or the store's failure (the caller falls back and trips the circuit). */
export type WindowOutcome = { decision: RateDecision } | { error: unknown };

/** KEYS: the windows; ARGV[1]: the window's length (ms), ARGV[1 + i]: the requests counted in KEYS[i]. Returns count, ms left per key. */
const CONSUME = `
local out = {}
for i, key in ipairs(KEYS) do
  redis.call("set", key, 0, "PX", ARGV[1], "NX")
  local count = redis.call("incrby", key, ARGV[i + 1])
  local left = redis.call("pttl", key)
  if left < 0 then
    redis.call("pexpire", key, ARGV[1])
    left = tonumber(ARGV[1])
  end
  out[#out + 1] = count
  out[#out + 1] = left
end
return out`;

/** Most keys in one script call: a turn with more clients is sent in several. */
const MAX_KEYS_PER_CALL = 500;

type Waiter = (outcome: WindowOutcome) => void;
type Consuming = Redis & { musicConsumeWindows(keyCount: number, ...args: (string | number)[]): Promise<number[]> };

export class RedisWindows {
  private readonly pending = new Map<string, Waiter[]>();
  private scheduled = false;
  private readonly client: Consuming;

  constructor(
    client: Redis,
    private readonly points: number,
    private readonly durationMs: number,
    private readonly keyPrefix: string,
  ) {
    // EVALSHA, with the script sent again by ioredis when Redis no longer has it.
    client.defineCommand("musicConsumeWindows", { lua: CONSUME });
    this.client = client as Consuming;
  }

  /** Spends one point of `key`'s budget, with the other requests of this turn. */
  consume(key: string): Promise<WindowOutcome> {
    return new Promise((resolve) => {
      const waiting = this.pending.get(key);
      if (waiting) waiting.push(resolve);
      else this.pending.set(key, [resolve]);
      if (!this.scheduled) {
        this.scheduled = true;
        // After every request node:http hands over in this turn.
        setImmediate(() => this.flush());
      }
    });
  }

  // --- internal ---

  private flush(): void {
    this.scheduled = false;
    const batch = [...this.pending];
    this.pending.clear();
    for (let start = 0; start < batch.length; start += MAX_KEYS_PER_CALL) this.send(batch.slice(start, start + MAX_KEYS_PER_CALL));
  }

  private send(batch: [string, Waiter[]][]): void {
    const keys = batch.map(([key]) => `${this.keyPrefix}:${key}`);
    const counts = batch.map(([, waiters]) => waiters.length);
    this.client.musicConsumeWindows(keys.length, ...keys, this.durationMs, ...counts).then(
      (reply) => batch.forEach(([, waiters], i) => this.settle(waiters, Number(reply[2 * i]), Number(reply[2 * i + 1]))),
      (error: unknown) => {
        for (const [, waiters] of batch) for (const resolve of waiters) resolve({ error });
      },
    );
  }

  private settle(waiters: Waiter[], count: number, msLeft: number): void {
    const before = count - waiters.length;
    const resetSeconds = Math.max(1, Math.ceil(msLeft / 1000));
    waiters.forEach((resolve, i) => {
      const used = before + i + 1;
      resolve({ decision: { allowed: used <= this.points, limit: this.points, remaining: Math.max(0, this.points - used), resetSeconds } });
    });
  }
}

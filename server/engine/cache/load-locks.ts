/**
 * A short lock per key in Redis, so that of several instances missing the same key only one
 * asks the upstream (`shared-load.ts` waits for its answer). `SET lock NX PX`, released by the
 * holder with compare-and-delete, so that a lock that outlived its holder's deadline is never
 * deleted by it. While Redis is down nobody can tell: everyone loads.
 */
import { randomUUID } from "node:crypto";
import type { RedisLink } from "../redis/connection.ts";

export interface LoadLocks {
  /**
   * Takes the lock of `key` for `ms`: the function that releases it, `"held"` when another
   * instance has it, or undefined when the store cannot say (then everyone loads).
   */
  acquire(key: string, ms: number): Promise<(() => Promise<void>) | "held" | undefined>;
  /** The entry of `key` and whether its lock is still held, read together. */
  poll(key: string): Promise<{ raw: string | undefined; held: boolean }>;
}

const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

/** Locks beside the entries kept under `namespace` (the Redis driver's base). */
export function redisLoadLocks(link: RedisLink, namespace: string): LoadLocks {
  const lockKey = (key: string) => `${namespace}-lock:${key}`;
  return {
    async acquire(key, ms) {
      if (link.state === "down") return undefined;
      const token = randomUUID();
      const taken = await link.run((c) => c.set(lockKey(key), token, "PX", ms, "NX")).catch(() => undefined);
      if (taken === undefined) return undefined;
      if (taken !== "OK") return "held";
      return async () => {
        await link.run((c) => c.eval(RELEASE, 1, lockKey(key), token)).catch(() => undefined);
      };
    },
    async poll(key) {
      const [[, raw], [, held]] = (await link.run((c) => c.multi().get(`${namespace}:${key}`).exists(lockKey(key)).exec())) as [[unknown, string | null], [unknown, number]];
      return { raw: raw ?? undefined, held: held > 0 };
    },
  };
}

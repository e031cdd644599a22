/**
 * Cached answers in Redis, shared by every instance, over the app's `RedisLink`: while Redis
 * is down a read is a miss that costs nothing (not even a promise) and writes are skipped.
 *
 * `entries` is never a key scan (3.3 s at 300k entries): each write also records the key in
 * a sorted set scored by the time Redis drops the entry, and the count is its ZCARD, O(1),
 * once the keys whose time is up are dropped from it (by the writes, and by the count itself:
 * each key is dropped once). An entry Redis evicts early (maxmemory) stays counted until its
 * time is up.
 *
 * Load locks: `SET lock NX PX`, released by the holder with compare-and-delete, so that a
 * lock that outlived its holder's deadline is never deleted by it.
 */
import { randomUUID } from "node:crypto";
import { createStorage } from "unstorage";
import type { RedisLink } from "../redis/connection.ts";
import { linkDriver } from "../redis/storage-driver.ts";
import type { CacheBackend, LoadLocks } from "./storage.ts";

const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

export function redisCacheBackend(link: RedisLink, namespace: string, now: () => number = Date.now): CacheBackend {
  const storage = createStorage({ driver: linkDriver({ link, base: namespace }) });
  const entryKey = (key: string) => `${namespace}:${key}`;
  const lockKey = (key: string) => `${namespace}-lock:${key}`;
  const index = `${namespace}-index`;

  const locks: LoadLocks = {
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
      const [[, raw], [, held]] = (await link.run((c) => c.multi().get(entryKey(key)).exists(lockKey(key)).exec())) as [[unknown, string | null], [unknown, number]];
      return { raw: raw ?? undefined, held: held > 0 };
    },
  };

  return {
    storage,
    driver: "redis",
    tiers: ["redis"],
    read(key) {
      if (link.state === "down") return undefined;
      return link.run((c) => c.get(entryKey(key))).then(
        (raw) => raw ?? undefined,
        () => undefined,
      );
    },
    async write(key, raw, ttlSeconds) {
      if (link.state === "down") return;
      const at = now();
      await link
        .run((c) =>
          c
            .multi()
            .set(entryKey(key), raw, "EX", ttlSeconds)
            .zadd(index, at + ttlSeconds * 1000, key)
            .zremrangebyscore(index, "-inf", at)
            .exec(),
        )
        .catch(() => undefined);
    },
    async countEntries() {
      const [, [, count]] = (await link.run((c) => c.multi().zremrangebyscore(index, "-inf", now()).zcard(index).exec())) as [unknown, [unknown, number]];
      return count;
    },
    locks,
    // The connection belongs to the app, which closes it.
    dispose: async () => undefined,
  };
}

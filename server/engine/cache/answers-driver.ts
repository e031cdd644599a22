/**
 * The driver of cached answers: this process's bounded memory (`memory-driver.ts`), alone or in
 * front of Redis. Answers never change before they expire, so an entry read from Redis is kept
 * here until its own expiry (and its stale window): a hot key costs one Redis read per instance
 * per lifetime, not one per request. While Redis is down the memory is the cache, as it is
 * without Redis: it answers hits, keeps what is loaded, and stands in with stale answers.
 *
 * A local copy past its fresh life is not answered while Redis is up and has the key: another
 * instance may have refreshed it there. With `answerLocally` off (config `cache.localTier:
 * false`) every read asks Redis while it is up; the copies only stand in while it is down.
 *
 * Every read is counted by the tier that answered it: `localHits` / `localMisses` for the
 * memory (asked first), `redisHits` / `redisMisses` for Redis.
 */
import { defineDriver, type Driver } from "unstorage";
import type { RedisLink } from "../redis/connection.ts";
import { entryExpiry, entryKind } from "./entry.ts";
import { type CacheCounts } from "../stats/shared-stats.ts";

/** A driver that can tell how many items it holds, never by a key scan. */
export type CountingDriver = Driver & { count(): number | Promise<number> };

export interface AnswersDriverOptions {
  local: CountingDriver;
  /** Redis, when configured: its driver and the connection whose state says whether to ask it */
  remote?: { driver: CountingDriver; link: RedisLink };
  /** how long an answer may stand in past its expiry (config `cache.ttl.stale`) */
  staleSeconds: number;
  /** whether a fresh in-process copy answers while Redis is up (config `cache.localTier`) */
  answerLocally: boolean;
  counts: CacheCounts;
  now?: () => number;
}

export const answersDriver = defineDriver(({ local, remote, staleSeconds, answerLocally, counts, now = Date.now }: AnswersDriverOptions) => {
  const held = (key: string) => (local.getItemRaw!(key, {}) as string | null) ?? undefined;
  const keep = (key: string, raw: string, ttl: number) => local.setItemRaw!(key, raw, { ttl });
  const fresh = (raw: string | undefined) => raw !== undefined && entryExpiry(raw) > now();

  async function read(key: string): Promise<string | null> {
    const copy = held(key);
    const copyFresh = fresh(copy);
    if (!remote || (copyFresh && answerLocally) || remote.link.state === "down") {
      if (copyFresh) counts.localHits++;
      else counts.localMisses++;
      return copy ?? null;
    }
    if (answerLocally) counts.localMisses++;
    const raw = ((await Promise.resolve(remote.driver.getItemRaw!(key, {})).catch(() => undefined)) as string | null | undefined) ?? undefined;
    if (raw === undefined) {
      counts.redisMisses++;
      // A stale copy may still stand in for a failing upstream; a fresh one Redis no longer
      // has is not answered when every read is Redis's to answer.
      return copyFresh && !answerLocally ? null : (copy ?? null);
    }
    if (fresh(raw)) counts.redisHits++;
    else counts.redisMisses++;
    // Kept for as long as the writer asked Redis to keep it.
    keep(key, raw, Math.max(0, (entryExpiry(raw) - now()) / 1000) + (entryKind(raw) === "v" ? staleSeconds : 0));
    return raw;
  }

  async function write(key: string, raw: unknown, options: { ttl?: number } = {}): Promise<void> {
    await local.setItemRaw!(key, raw, options);
    if (remote) await Promise.resolve(remote.driver.setItemRaw!(key, raw, options)).catch(() => undefined);
  }

  return {
    name: "answers",
    hasItem: async (key) => (await read(key)) !== null,
    getItem: read,
    getItemRaw: read,
    setItem: write,
    setItemRaw: write,
    async removeItem(key) {
      await local.removeItem!(key, {});
      if (remote) await Promise.resolve(remote.driver.removeItem!(key, {})).catch(() => undefined);
    },
    getKeys: (base) => (remote && remote.link.state !== "down" ? remote.driver.getKeys(base ?? "", {}) : local.getKeys(base ?? "", {})),
    async clear(base) {
      await local.clear?.(base ?? "", {});
      await remote?.driver.clear?.(base ?? "", {});
    },
    dispose: () => local.dispose?.(),
    /** entries held: Redis's index while it is up, else this process's */
    count: async () => (remote && remote.link.state !== "down" ? await Promise.resolve(remote.driver.count()).catch(() => local.count()) : local.count()),
  };
});

/**
 * The hourly origin sketches (`origin-sketch.ts`) kept in Redis, one per hour: a sorted set of
 * counts and a hash of errors, at most `capacity` origins. Two scripts, each bounded in work:
 * `merge` adds at most `MERGE_CHUNK` counters from an instance (the same Space-Saving step as
 * in memory: a new origin in a full hour takes the least counted one's place and inherits its
 * count as error), and `read` returns an hour's counters (at most `capacity`). Nothing ever
 * unions hours in Redis: instances sum the hours themselves.
 */
import type { ChainableCommander, Redis } from "ioredis";
import type { HourCount } from "./hourly-origins.ts";

/**
 * Counters per `merge` call: each costs a few Redis operations (more when it takes a least
 * counted origin's place); 100 took 1.4 ms on this project's busy 2-core VM, so 50 keep a call
 * under a millisecond there.
 */
export const MERGE_CHUNK = 50;

/** KEYS: counts, errors. ARGV: capacity, seconds to keep, then (origin, count, error) per counter. */
const MERGE = `
local capacity = tonumber(ARGV[1])
for i = 3, #ARGV, 3 do
  local origin, count, err = ARGV[i], tonumber(ARGV[i + 1]), tonumber(ARGV[i + 2])
  if not redis.call("zscore", KEYS[1], origin) and redis.call("zcard", KEYS[1]) >= capacity then
    local least = redis.call("zrange", KEYS[1], 0, 0, "WITHSCORES")
    local inherited = tonumber(least[2])
    redis.call("zrem", KEYS[1], least[1])
    redis.call("hdel", KEYS[2], least[1])
    count = count + inherited
    err = err + inherited
  end
  redis.call("zincrby", KEYS[1], count, origin)
  if err > 0 then redis.call("hincrby", KEYS[2], origin, err) end
end
redis.call("expire", KEYS[1], ARGV[2])
redis.call("expire", KEYS[2], ARGV[2])
return 0`;

/** KEYS: counts, errors. ARGV: how many (the most counted). Returns the counts with scores, and their errors. */
const READ = `
local top = redis.call("zrevrange", KEYS[1], 0, tonumber(ARGV[1]) - 1, "WITHSCORES")
local origins = {}
for i = 1, #top, 2 do origins[#origins + 1] = top[i] end
if #origins == 0 then return {top, {}} end
return {top, redis.call("hmget", KEYS[2], unpack(origins))}`;

type Scripted = ChainableCommander & {
  musicMergeOrigins(keys: 2, counts: string, errors: string, ...args: (string | number)[]): ChainableCommander;
  musicReadOrigins(keys: 2, counts: string, errors: string, capacity: number): ChainableCommander;
};

export interface OriginScripts {
  merge(pipeline: ChainableCommander, counts: string, errors: string, capacity: number, keepSeconds: number, counters: HourCount[]): void;
  read(pipeline: ChainableCommander, counts: string, errors: string, capacity: number): void;
}

/** Registers the scripts on the client (EVALSHA, sent again when Redis no longer has them). */
export function defineOriginScripts(client: Redis): OriginScripts {
  client.defineCommand("musicMergeOrigins", { lua: MERGE });
  client.defineCommand("musicReadOrigins", { lua: READ });
  return {
    merge(pipeline, counts, errors, capacity, keepSeconds, counters) {
      (pipeline as Scripted).musicMergeOrigins(2, counts, errors, capacity, keepSeconds, ...counters.flatMap(([, origin, count, error]) => [origin, count, error]));
    },
    read(pipeline, counts, errors, capacity) {
      (pipeline as Scripted).musicReadOrigins(2, counts, errors, capacity);
    },
  };
}

/** A `read` reply as counters. */
export function readReply(reply: unknown): [origin: string, count: number, error: number][] {
  const [top, errors] = reply as [string[], (string | null)[]];
  const out: [string, number, number][] = [];
  for (let i = 0; i + 1 < top.length; i += 2) out.push([top[i], Number(top[i + 1]), Number(errors[i / 2] ?? 0)]);
  return out;
}

/**
 * Made-up origins through Redis (issue 38): a day of thousands of new origins an hour, counted
 * by two instances, never makes Redis work on more than one hour's counters in one command (no
 * union of the window: the old ZUNIONSTORE of 24 hours blocked Redis ~500 ms), keeps at most
 * `ORIGINS_PER_HOUR` origins an hour, and `/v1/status` still names the real top origins.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../core/testing/memory-logger.ts";
import { RedisLink } from "../../server/engine/redis/connection.ts";
import { HOUR_MS, ORIGINS_PER_HOUR, WINDOW_HOURS } from "../../server/engine/stats/hourly-origins.ts";
import { MERGE_CHUNK } from "../../server/engine/stats/origin-scripts.ts";
import { RedisStats } from "../../server/engine/stats/redis-stats.ts";
import { HAVE_REDIS_SERVER, startPrivateRedis, type PrivateRedis } from "./redis-server.ts";

const T0 = Date.parse("2026-03-01T00:30:00.000Z");
const PER_HOUR = 2500;

/** Commands Redis ran (SLOWLOG with every command logged): name, arguments (as many as it keeps), µs. */
async function ranCommands(admin: Redis): Promise<{ name: string; args: string[]; micros: number }[]> {
  const log = (await admin.call("SLOWLOG", "GET", "-1")) as [number, number, number, string[]][];
  return log.map(([, , micros, args]) => ({ name: args[0].toLowerCase(), args: args.slice(1), micros }));
}

/** How many arguments a logged command had (SLOWLOG keeps 32 and says how many more). */
function argumentCount(args: string[]): number {
  const more = /^\.\.\. \((\d+) more arguments\)$/.exec(args.at(-1) ?? "");
  return more ? args.length - 1 + Number(more[1]) : args.length;
}

describe.skipIf(!HAVE_REDIS_SERVER)("made-up origins through Redis", () => {
  let redis: PrivateRedis;
  let admin: Redis;
  beforeAll(async () => {
    redis = await startPrivateRedis(["--slowlog-log-slower-than", "0", "--slowlog-max-len", "200000"]);
    admin = new Redis(redis.url, { lazyConnect: true });
    await admin.connect();
  });
  afterAll(async () => {
    admin?.disconnect();
    await redis?.stop();
  });

  it(`a day of ${PER_HOUR} new origins an hour at two instances: bounded commands, bounded keys, the right top`, async () => {
    const clock = { at: T0 };
    const links = [new RedisLink(redis.url, createMemoryLogger()), new RedisLink(redis.url, createMemoryLogger())];
    await Promise.all(links.map((link) => link.settled()));
    const instances = links.map((link) => new RedisStats(link, "flood", async () => 0, () => clock.at));
    await admin.call("SLOWLOG", "RESET");
    await admin.config("RESETSTAT");
    for (let hour = 0; hour < WINDOW_HOURS; hour++) {
      for (let i = 0; i < PER_HOUR; i++) {
        instances[i % 2].countOrigin(`made-up-${hour}-${i}`);
        if (i % 20 === 0) instances[(i / 20) % 2].countOrigin(`site-${(i / 20) % 5}`);
        // Each instance sends and reads every 500 origins here (a second apart: reads are kept a second).
        if (i % 500 === 499) {
          clock.at += 1100;
          await instances[Math.floor(i / 500) % 2].totals();
        }
      }
      clock.at += HOUR_MS;
    }
    clock.at -= HOUR_MS - 1100;
    await instances[0].totals();
    const started = performance.now();
    const totals = await instances[1].totals();
    const readMs = performance.now() - started;

    // The log keeps the last 200,000 commands (scripts' own commands included): the last hours', and the reads.
    const commands = await ranCommands(admin);
    const stats = String(await admin.info("commandstats"));
    const slowest = commands.reduce((a, b) => (b.micros > a.micros ? b : a));
    // Durations are the loaded machine's (a process preempted mid-command): printed, not asserted.
    const scripts = /cmdstat_evalsha:calls=(\d+),usec=\d+,usec_per_call=([\d.]+)/.exec(stats);
    console.info(`[origin-flood] ${scripts?.[1]} script calls, ${scripts?.[2]} µs each on average; the slowest command ${slowest.name} ${slowest.micros} µs; a status read ${readMs.toFixed(1)} ms`);
    // Nothing unions the window (ever: every command counted); no command takes more than one hour's counters or a chunk of them.
    expect(stats).not.toMatch(/cmdstat_(zunion|zinter|sunion|keys|scan)/);
    expect(stats).toMatch(/cmdstat_evalsha/);
    for (const command of commands.filter((c) => c.name === "evalsha" || c.name === "eval")) {
      expect(argumentCount(command.args)).toBeLessThanOrEqual(2 + 2 + 2 + 3 * MERGE_CHUNK);
    }
    for (const command of commands.filter((c) => /^z(rev)?range/.test(c.name))) expect(Number(command.args[2]) - Number(command.args[1])).toBeLessThan(ORIGINS_PER_HOUR);
    // At most ORIGINS_PER_HOUR origins an hour are kept.
    const keys = (await admin.keys("flood:figures:origin-*")).filter((key) => key.includes("origin-counts"));
    expect(keys.length).toBeGreaterThanOrEqual(WINDOW_HOURS - 1);
    for (const key of keys) expect(await admin.zcard(key)).toBeLessThanOrEqual(ORIGINS_PER_HOUR);
    // The real origins lead, each with every request it made (25 an hour over 24 hours).
    expect(totals.origins.slice(0, 5)).toEqual([0, 1, 2, 3, 4].map((n) => ({ origin: `site-${n}`, requests: (PER_HOUR / 100) * WINDOW_HOURS })));
    expect(totals.origins).toHaveLength(20);
    for (const instance of instances) await instance.close();
    await Promise.all(links.map((link) => link.close()));
  }, 60_000);
});

/**
 * The rate limit in Redis, counted per turn of the event loop (`core/guard/redis-windows.ts`):
 * exact whatever the batching, within one instance and across two, cached answers (the fast
 * path) and h3's alike.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisWindows } from "../../server/engine/guard/redis-windows.ts";
import { startFakeApp, v1, type FakeApp } from "../support/fake-app.ts";
import { HAVE_REDIS_SERVER, startPrivateRedis, type PrivateRedis } from "./redis-server.ts";

describe.skipIf(!HAVE_REDIS_SERVER)("the rate limit's windows in Redis", () => {
  let redis: PrivateRedis;
  let client: Redis;
  beforeAll(async () => {
    redis = await startPrivateRedis();
    client = new Redis(redis.url, { lazyConnect: true });
    await client.connect();
  });
  afterAll(async () => {
    client?.disconnect();
    await redis?.stop();
  });

  it("requests of one turn are counted in one call, each decided by its place in the count", async () => {
    const windows = new RedisWindows(client, 5, 2000, "unit");
    const calls: string[] = [];
    const monitor = await client.duplicate().monitor();
    monitor.on("monitor", (_time: string, args: string[]) => {
      if (/^(evalsha|eval)$/i.test(args[0])) calls.push(args.slice(3, 5).join(" "));
    });
    const first = await Promise.all([...Array(3)].map(() => windows.consume("a")).concat([windows.consume("b")]));
    const second = await Promise.all([...Array(4)].map(() => windows.consume("a")));
    await new Promise((r) => setTimeout(r, 50));
    monitor.disconnect();
    const decisions = [...first, ...second].map((o) => ("decision" in o ? [o.decision.allowed, o.decision.remaining] : o.error));
    expect(decisions).toEqual([
      [true, 4], [true, 3], [true, 2], // a: 1..3
      [true, 4], // b: its own window
      [true, 1], [true, 0], [false, 0], [false, 0], // a: 4..7
    ]);
    // one script call per turn, whatever the number of requests and clients
    expect(calls).toEqual(["unit:a unit:b", "unit:a 2000"]); // keys (and the window, after a lone key)
    expect(await client.get("unit:a")).toBe("7");
    const ttl = await client.pttl("unit:a");
    expect(ttl).toBeGreaterThan(1000);
    expect(ttl).toBeLessThanOrEqual(2000);
  });

  it("a window ends after its duration, and the next request opens a new one", async () => {
    const windows = new RedisWindows(client, 1, 300, "short");
    const outcome = async () => {
      const o = await windows.consume("x");
      return "decision" in o ? o.decision.allowed : o.error;
    };
    expect([await outcome(), await outcome()]).toEqual([true, false]);
    await new Promise((r) => setTimeout(r, 350));
    expect(await outcome()).toBe(true);
  });

  describe("two instances", () => {
    let a: FakeApp;
    let b: FakeApp;
    beforeAll(async () => {
      const config = { store: { redis: redis.url, prefix: "exact" }, rateLimit: { points: 25, duration: 60, trustProxy: true } };
      [a, b] = await Promise.all([startFakeApp({ config }), startFakeApp({ config })]);
    });
    afterAll(() => Promise.all([a?.close(), b?.close()]));

    it("120 concurrent requests of one client, half at each: exactly 25 allowed, cached answers and others alike", async () => {
      const client = { headers: { "x-forwarded-for": "198.51.100.20" } };
      const other = { headers: { "x-forwarded-for": "198.51.100.21" } };
      const song = v1("song", { source: "source_a", id: "7" });
      // Another client fills the cache and each instance's rendered answer: the fast path answers these.
      for (const app of [a, a, b]) expect((await app.json(song, other)).status).toBe(200);
      const statuses = await Promise.all(
        [...Array(120)].map(async (_, i) => {
          const response = await (i % 2 ? a : b).get(i % 3 ? song : v1("source"), client);
          await response.arrayBuffer();
          return response.status;
        }),
      );
      expect(statuses.filter((s) => s === 200)).toHaveLength(25);
      expect(statuses.filter((s) => s === 429)).toHaveLength(95);
      expect((await a.json(song, other)).status).toBe(200);
    });
  });
});

/**
 * The rate limit in Redis, counted per turn of the event loop and leased ahead for busy clients
 * (`server/engine/guard/redis-windows.ts`): exact within one instance whatever the batching,
 * never past the limit across two, cached answers (the fast path) and h3's alike.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../core/testing/memory-logger.ts";
import type { RateDecision } from "../../server/engine/guard/rate-limiter.ts";
import { MAX_LEASE, RedisWindows } from "../../server/engine/guard/redis-windows.ts";
import { RedisLink } from "../../server/engine/redis/connection.ts";
import { startFakeApp, v1, type FakeApp } from "../support/fake-app.ts";
import { HAVE_REDIS_SERVER, startPrivateRedis, type PrivateRedis } from "./redis-server.ts";

describe.skipIf(!HAVE_REDIS_SERVER)("the rate limit's windows in Redis", () => {
  let redis: PrivateRedis;
  /** the limiter's connection, and a plain one to look at what it wrote */
  let link: RedisLink;
  let other: RedisLink;
  let client: Redis;
  beforeAll(async () => {
    redis = await startPrivateRedis();
    [link, other] = [new RedisLink(redis.url, createMemoryLogger()), new RedisLink(redis.url, createMemoryLogger())];
    await Promise.all([link.settled(), other.settled()]);
    client = new Redis(redis.url, { lazyConnect: true });
    await client.connect();
  });
  afterAll(async () => {
    client?.disconnect();
    await Promise.all([link?.close(), other?.close()]);
    await redis?.stop();
  });

  it("requests of one turn are counted in one call, each decided by its place in the count", async () => {
    const windows = new RedisWindows(link, 5, 2000, "unit");
    const calls: string[] = [];
    const monitor = await client.duplicate().monitor();
    monitor.on("monitor", (_time: string, args: string[]) => {
      if (/^(evalsha|eval)$/i.test(args[0])) calls.push(args.slice(3, 5).join(" "));
    });
    const first = await Promise.all([...Array(3)].map(() => windows.consume("a")).concat([windows.consume("b")]));
    const second = await Promise.all([...Array(4)].map(() => windows.consume("a")));
    await new Promise((r) => setTimeout(r, 50));
    monitor.disconnect();
    const decisions = [...first, ...second].map((o) => [o.allowed, o.remaining]);
    expect(decisions).toEqual([
      [true, 4], [true, 3], [true, 2], // a: 1..3
      [true, 4], // b: its own window
      [true, 1], [true, 0], [false, 0], [false, 0], // a: 4..7
    ]);
    // one script call per turn, whatever the number of requests and clients
    expect(calls).toEqual(["unit:a unit:b", "unit:a 5"]); // keys (and the limit, after a lone key)
    expect(await client.get("unit:a")).toBe("7");
    const ttl = await client.pttl("unit:a");
    expect(ttl).toBeGreaterThan(1000);
    expect(ttl).toBeLessThanOrEqual(2000);
  });

  it("a window ends after its duration, and the next request opens a new one", async () => {
    const windows = new RedisWindows(link, 1, 300, "short");
    const outcome = async () => (await windows.consume("x")).allowed;
    expect([await outcome(), await outcome()]).toEqual([true, false]);
    await new Promise((r) => setTimeout(r, 350));
    expect(await outcome()).toBe(true);
  });

  describe("leases (a busy client's points counted ahead)", () => {
    const scriptCalls = async (run: () => Promise<void>) => {
      let calls = 0;
      const monitor = await client.duplicate().monitor();
      monitor.on("monitor", (_time: string, args: string[]) => {
        if (/^(evalsha|eval)$/i.test(args[0])) calls++;
      });
      await run();
      await new Promise((r) => setTimeout(r, 50));
      monitor.disconnect();
      return calls;
    };
    const decide = (o: RateDecision) => o;

    it("most requests of a busy client are decided in this process, and its remaining count stays exact", async () => {
      const windows = new RedisWindows(link, 1_000_000, 60_000, "busy");
      const remaining: number[] = [];
      const calls = await scriptCalls(async () => {
        for (let turn = 0; turn < 100; turn++) {
          const outcomes = await Promise.all([...Array(10)].map(() => windows.consume("c")));
          remaining.push(...outcomes.map((o) => decide(o).remaining));
        }
      });
      windows.dispose();
      expect(remaining).toEqual([...Array(1000)].map((_, i) => 1_000_000 - i - 1));
      expect(calls).toBeLessThan(100); // 1,000 requests in 100 turns
      const counted = Number(await client.get("busy:c"));
      expect(counted).toBeGreaterThanOrEqual(1000);
      expect(counted).toBeLessThanOrEqual(1000 + 1.5 * MAX_LEASE); // leased and not spent: half a lease, and the next
    });

    it("a client's first request and its last ones are counted in Redis one by one (no lease near the limit)", async () => {
      const windows = new RedisWindows(link, 100, 60_000, "near");
      const first = decide(await windows.consume("c"));
      expect(first.remaining).toBe(99);
      expect(await client.get("near:c")).toBe("1");
      for (let i = 1; i < 100; i++) expect(decide(await windows.consume("c")).allowed).toBe(true);
      // at most a sixty-fourth of what was left was ever leased: none of it is left over now
      expect(await client.get("near:c")).toBe("100");
      const refused = decide(await windows.consume("c"));
      expect(refused).toMatchObject({ allowed: false, remaining: 0 });
      windows.dispose();
    });

    it("two instances never allow more than the limit, and a client sent to both gets all of it", async () => {
      const a = new RedisWindows(link, 300, 60_000, "pair");
      const b = new RedisWindows(other, 300, 60_000, "pair");
      // alternating, as a round-robin balancer sends it: the first 300 allowed, then none
      const alternating: boolean[] = [];
      for (let i = 0; i < 400; i++) alternating.push(decide(await (i % 2 ? a : b).consume("alt")).allowed);
      expect(alternating.indexOf(false)).toBe(300);
      expect(alternating.slice(300).every((allowed) => !allowed)).toBe(true);
      // bursts of a turn each, to either instance at random: never past the limit, all of it spent
      let seed = 7;
      const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
      let allowed = 0;
      for (let turn = 0; turn < 80; turn++) {
        const burst = await Promise.all([...Array(1 + Math.floor(random() * 9))].map(() => (random() < 0.5 ? a : b).consume("mix")));
        allowed += burst.filter((o) => decide(o).allowed).length;
      }
      expect(allowed).toBe(300);
      a.dispose();
      b.dispose();
    });

    it("a request that waits while a renewal is under way counts only what was spent, not what is held", async () => {
      const windows = new RedisWindows(link, 1_000_000, 60_000, "overlap");
      const remaining = async () => decide(await windows.consume("c")).remaining;
      // first point counted alone, the second with a lease of one, the third from that lease (renewal sent)
      const seen = [await remaining(), await remaining()];
      const third = windows.consume("c");
      await new Promise((r) => setImmediate(r)); // the renewal goes out
      const fourth = windows.consume("c"); // nothing held yet: it waits for a call of its own
      seen.push(decide(await third).remaining, decide(await fourth).remaining, await remaining());
      expect(seen).toEqual([999_999, 999_998, 999_997, 999_996, 999_995]);
      windows.dispose();
    });

    it("a lease ends with its window: the next window counts from the start", async () => {
      const windows = new RedisWindows(link, 1_000_000, 300, "ends");
      for (let i = 0; i < 50; i++) await windows.consume("c");
      await new Promise((r) => setTimeout(r, 350));
      expect(decide(await windows.consume("c")).remaining).toBe(1_000_000 - 1);
      windows.dispose();
    });
  });

  describe("one instance, a busy client", () => {
    let app: FakeApp;
    beforeAll(async () => {
      app = await startFakeApp({ config: { store: { redis: redis.url, prefix: "busy-app" }, rateLimit: { points: 100_000, duration: 60, trustProxy: true } } });
    });
    afterAll(() => app?.close());

    it("its answers, cached (fast path) and not (h3), count down RateLimit-Remaining one by one, leases or not", async () => {
      const caller = { headers: { "x-forwarded-for": "198.51.100.30" } };
      const song = v1("song", { source: "source_a", id: "7" });
      const remaining: number[] = [];
      for (let i = 0; i < 300; i++) {
        const response = await app.get(i % 5 ? song : v1("source"), caller);
        await response.arrayBuffer();
        expect(response.status).toBe(200);
        remaining.push(Number(response.headers.get("ratelimit-remaining")));
      }
      expect(remaining).toEqual(remaining.map((_, i) => 100_000 - i - 1));
      // Redis counted every one of them, and at most a lease and a half more
      const keys = await client.keys("busy-app:rl:*");
      expect(keys).toHaveLength(1);
      const counted = Number(await client.get(keys[0]));
      expect(counted).toBeGreaterThanOrEqual(300);
      expect(counted).toBeLessThanOrEqual(300 + 1.5 * MAX_LEASE);
    });
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

/**
 * A budget declared `shared` holds across instances that share Redis: two instances, each with
 * its own connection (the service's RedisLink and upstream clients), send N concurrent
 * requests on a budget of one per second, and the simulator sees them at least ~1 s apart,
 * none refused while the deadline allows. Without Redis, and when Redis dies, each instance
 * keeps the budget alone, which it says once.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSimulator, createMemoryLogger, type Simulator } from "@music-aggregator/core/testing";
import type { UpstreamClient, UpstreamClientOptions } from "@music-aggregator/core";
import { TEST_UPSTREAM } from "../../core/testing/fetch-upstream-client.ts";
import { HttpUpstreamClientFactory } from "../../server/engine/http/upstream-client.ts";
import { RedisLink } from "../../server/engine/redis/connection.ts";
import { HAVE_REDIS_SERVER, startPrivateRedis, type PrivateRedis } from "./redis-server.ts";

const N = 5;
const ONE_PER_SECOND: UpstreamClientOptions["budget"] = { requests: 1, windowMs: 1000, shared: true };

describe.skipIf(!HAVE_REDIS_SERVER)("a shared request budget", () => {
  let redis: PrivateRedis;
  let sim: Simulator;
  const arrivals: number[] = [];
  const links: RedisLink[] = [];

  beforeAll(async () => {
    redis = await startPrivateRedis();
    sim = await startSimulator({ "GET /ws/:n": () => (arrivals.push(performance.now()), { ok: true }) });
  });
  afterAll(async () => {
    await Promise.all(links.map((link) => link.close()));
    await sim?.close();
    await redis?.stop();
  });
  beforeEach(() => {
    arrivals.length = 0;
    sim.reset();
  });

  /** One instance's client: its own Redis connection (or none), its own process budget. */
  async function instance(lines: string[], opts: { redis?: boolean; prefix?: string; timeoutMs?: number } = {}): Promise<UpstreamClient> {
    const log = createMemoryLogger(lines);
    let store;
    if (opts.redis !== false) {
      const link = new RedisLink(redis.url, log.child("redis"));
      links.push(link);
      await link.settled();
      store = { link, prefix: opts.prefix ?? "budget-test" };
    }
    const factory = new HttpUpstreamClientFactory({ ...TEST_UPSTREAM, timeoutMs: opts.timeoutMs ?? 10_000 }, 1, { log, store });
    return factory.create({ name: "MusicBrainz", baseURL: sim.url, budget: ONE_PER_SECOND });
  }

  const gaps = () => arrivals.slice(1).map((at, i) => at - arrivals[i]);

  it(`${N} concurrent requests from two instances arrive at least ~1 s apart, none refused`, async () => {
    const lines: string[] = [];
    const [a, b] = await Promise.all([instance(lines, { prefix: "two" }), instance(lines, { prefix: "two" })]);
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: N }, (_, i) => (i % 2 ? b : a).request(`/ws/${i}`)));
    expect(answers.map((r) => r.status)).toEqual(Array(N).fill(200));
    expect(arrivals).toHaveLength(N);
    expect(Math.min(...gaps())).toBeGreaterThanOrEqual(900);
    expect(arrivals[N - 1] - arrivals[0]).toBeGreaterThanOrEqual((N - 1) * 900);
    expect(performance.now() - started).toBeLessThan((N - 1) * 1000 + 1500);
    expect(lines.filter((l) => l.includes("budget"))).toEqual([]);
  }, 20_000);

  it("a turn later than the deadline is refused at once with the budget's 2002, and takes no slot", async () => {
    const lines: string[] = [];
    const [a, b] = await Promise.all([instance(lines, { prefix: "late", timeoutMs: 1500 }), instance(lines, { prefix: "late", timeoutMs: 1500 })]);
    const results = await Promise.allSettled([a.request("/ws/1"), b.request("/ws/2"), a.request("/ws/3"), b.request("/ws/4")]);
    const refused = results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason);
    // Slots at 0 and ~1 s fit in 1.5 s; the third and fourth would come at 2 s and 3 s.
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    expect(refused.map((e) => [e.kind, e.message])).toEqual(Array(2).fill(["upstream", "MusicBrainz request budget of 1 per 1 s is used up"]));
    expect(arrivals).toHaveLength(2);
    // The refusals took no slot: the next turn is the one after the two granted.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = performance.now();
    await a.request("/ws/5");
    // At once (a wait for a taken slot would be a second): room for a loaded host's jitter.
    expect(performance.now() - before).toBeLessThan(800);
  }, 10_000);

  it("without Redis each instance keeps the budget alone (one per second each), and says so once", async () => {
    const lines: string[] = [];
    const a = await instance(lines, { redis: false });
    const b = await instance(lines, { redis: false });
    await Promise.all([a.request("/ws/1"), b.request("/ws/2"), a.request("/ws/3"), b.request("/ws/4")]);
    expect(arrivals).toHaveLength(4);
    // Each process alone: two at once, then two a second later.
    const sorted = gaps();
    expect(sorted.filter((gap) => gap >= 900)).toHaveLength(1);
    // Two seconds' worth would be one budget for both; a loaded host's jitter stays under that.
    expect(arrivals[3] - arrivals[0]).toBeLessThan(1800);
    expect(lines.filter((l) => l.includes("shared across instances only through Redis"))).toHaveLength(2);
  }, 10_000);

  it("when Redis dies, the process's budget stands in at once, logged once per outage", async () => {
    const lines: string[] = [];
    const a = await instance(lines, { prefix: "dies" });
    await a.request("/ws/1");
    await redis.kill();
    const started = performance.now();
    await Promise.all([a.request("/ws/2"), a.request("/ws/3"), a.request("/ws/4")]);
    // One per second in this process: the first at once (a new process budget), then ~1 s apart.
    expect(arrivals).toHaveLength(4);
    expect(Math.min(...gaps().slice(1))).toBeGreaterThanOrEqual(900);
    expect(performance.now() - started).toBeLessThan(3500);
    expect(lines.filter((l) => l.includes("the shared request budget cannot be reached"))).toHaveLength(1);

    // Redis back: the slots are Redis' again (the key of this upstream's host holds the next free one).
    await redis.restart();
    const link = links.at(-1)!;
    for (let waited = 0; link.state !== "up" && waited < 8000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    await a.request("/ws/5");
    const checker = new Redis(redis.url);
    try {
      expect(Number(await checker.get(`dies:budget:musicbrainz@${new URL(sim.url).host}`))).toBeGreaterThan(Date.now() - 1000);
    } finally {
      checker.disconnect();
    }
  }, 20_000);
});

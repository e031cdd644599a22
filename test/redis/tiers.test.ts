/**
 * The in-process tier in front of Redis, and `cache.localTier: false`: which store answers a
 * read, as `/v1/status` reports it over the cluster (`cache.tiers`, an extension), and what
 * each setting costs in Redis reads. Three instances on one private Redis: a and b with the
 * tier (the default), c without it.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeApp, v1, type FakeApp } from "../support/fake-app.ts";
import { HAVE_REDIS_SERVER, startPrivateRedis, type PrivateRedis } from "./redis-server.ts";

describe.skipIf(!HAVE_REDIS_SERVER)("the in-process tier in front of Redis", () => {
  let redis: PrivateRedis;
  let a: FakeApp;
  let b: FakeApp;
  let c: FakeApp;
  let client: Redis;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    const config = { store: { redis: redis.url, prefix: "tiers" }, rateLimit: { points: 1000, duration: 60 } };
    [a, b, c] = await Promise.all([startFakeApp({ config }), startFakeApp({ config }), startFakeApp({ config: { ...config, cache: { localTier: false } } })]);
    client = new Redis(redis.url, { lazyConnect: true });
    await client.connect();
  });
  afterAll(async () => {
    client?.disconnect();
    await Promise.all([a?.close(), b?.close(), c?.close()]);
    await redis?.stop();
  });

  /** The cluster's figures: each status answer sends its own instance's counts first, so c's and b's are in a's. */
  const cluster = async () => {
    await c.json(v1("status"));
    await b.json(v1("status"));
    return (await a.json(v1("status"))).body.data.cache;
  };
  const song = (app: FakeApp, id: string) => app.json(v1("song", { source: "source_a", id }));
  const calls = (app: FakeApp) => app.sims.source_a.calls.get("GET /tracks/:id") ?? 0;

  it("counts each read by the tier that answered it, over every instance", async () => {
    const before = await cluster();
    expect(Object.keys(before.tiers)).toEqual(["local", "redis"]);
    const xcache: string[] = [];
    for (const app of [a, a, a, b, b, c, c]) xcache.push((await song(app, "1")).headers.get("x-cache")!);
    expect(xcache).toEqual(["MISS", "HIT", "HIT", "HIT", "HIT", "HIT", "HIT"]);
    const after = await cluster();
    const delta = (tier: "local" | "redis", what: "hits" | "misses") => after.tiers[tier][what] - before.tiers[tier][what];
    expect([after.hits - before.hits, after.misses - before.misses]).toEqual([6, 1]);
    // a: a miss of both tiers, then two hits of its own tier (through h3, then from the rendered bytes);
    // b: its tier misses, Redis answers, then its tier; c: Redis twice (it has no tier to ask).
    expect([delta("local", "hits"), delta("local", "misses")]).toEqual([3, 2]);
    expect([delta("redis", "hits"), delta("redis", "misses")]).toEqual([3, 1]);
    expect([calls(a), calls(b), calls(c)]).toEqual([1, 0, 0]);
    // The same in b's /metrics, by this process alone: its tier missed once, Redis answered, then its tier did.
    const metrics = await (await b.get("/metrics")).text();
    for (const [tier, outcome, n] of [["local", "hit", 1], ["local", "miss", 1], ["redis", "hit", 1], ["redis", "miss", 0]] as const) {
      expect(metrics).toContain(`music_cache_tier_reads_total{tier="${tier}",outcome="${outcome}"} ${n}\n`);
    }
  });

  it("with the tier, an entry read once is answered here until it expires; without it, every read asks Redis", async () => {
    await song(a, "2"); // filled by a, in Redis and in a's tier
    await song(b, "2"); // read by b from Redis, kept in b's tier
    await song(c, "2"); // read by c from Redis, not kept
    await client.del("tiers:cache:song:source_a|id=2&");
    const [fromB, fromC] = [await song(b, "2"), await song(c, "2")];
    expect([fromB.headers.get("x-cache"), fromB.body.cost]).toEqual(["HIT", 0]);
    expect(fromC.headers.get("x-cache")).toBe("MISS");
    expect([calls(b), calls(c)]).toEqual([0, 1]);
  });
});

/**
 * Two instances on one (private) Redis: the cache, the rate limit and the statistics are the
 * cluster's, exactly. Each test uses a client address of its own (X-Forwarded-For from
 * loopback is trusted), so budgets never mix between tests.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeApp, v1, type FakeApp } from "../support/fake-app.ts";
import { HAVE_REDIS_SERVER, startPrivateRedis, type PrivateRedis } from "./redis-server.ts";

describe.skipIf(!HAVE_REDIS_SERVER)("two instances sharing Redis", () => {
  let redis: PrivateRedis;
  let a: FakeApp;
  let b: FakeApp;
  let client: Redis;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    const config = { store: { redis: redis.url, prefix: "shared" }, rateLimit: { points: 6, duration: 60, trustProxy: true } };
    a = await startFakeApp({ config });
    b = await startFakeApp({ config });
    client = new Redis(redis.url, { lazyConnect: true });
    await client.connect();
  });
  afterAll(async () => {
    client?.disconnect();
    await a?.close();
    await b?.close();
    await redis?.stop();
  });

  const as = (client: string) => ({ headers: { "x-forwarded-for": client } });

  it("a miss filled by one instance is a hit (cost 0) on the other", async () => {
    const first = await a.json(v1("song", { source: "source_a", id: 1 }), as("10.0.1.1"));
    expect([first.body.code, first.headers.get("x-cache")]).toEqual([0, "MISS"]);
    expect(first.body.cost).toBeGreaterThan(0);
    const second = await b.json(v1("song", { source: "source_a", id: 1 }), as("10.0.1.1"));
    expect([second.body.code, second.body.cost, second.headers.get("x-cache")]).toEqual([0, 0, "HIT"]);
    expect(second.body.data).toEqual(first.body.data);
    expect(a.sims.source_a.calls.get("GET /tracks/:id")).toBe(1);
    expect(b.sims.source_a.calls.get("GET /tracks/:id") ?? 0).toBe(0);
  });

  it("the two instances share one rate limit exactly", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await (i % 2 ? b : a).json(v1("source"), as("10.0.2.1"))).status);
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    // Another client has a budget of its own.
    expect((await b.json(v1("source"), as("10.0.2.2"))).status).toBe(200);
  });

  it("cache hits and misses, entries and origins add up over both instances", async () => {
    // Each status answer sends its instance's counts first; b's then a's: both are in a's.
    await b.json(v1("status"), as("10.0.3.1"));
    const before = (await a.json(v1("status"), as("10.0.3.1"))).body.data;
    const song = (app: FakeApp, id: number, origin: string) => app.json(`/v1/song?origin=${origin}&source=source_a&id=${id}`, as("10.0.3.2"));
    await song(a, 4, "site-a"); // miss
    await song(a, 4, "site-a"); // hit
    await song(b, 4, "site-b"); // hit, filled by a
    await song(b, 5, "site-b"); // miss
    await song(b, 5, "site-b"); // hit
    await b.json(v1("status"), as("10.0.3.1"));
    // An instance reads the others' origins again at most once a second (its own are in at once).
    await new Promise((r) => setTimeout(r, 1100));
    const after = (await a.json(v1("status"), as("10.0.3.1"))).body.data;
    expect(after.cache.hits - before.cache.hits).toBe(3);
    expect(after.cache.misses - before.cache.misses).toBe(2);
    expect(after.cache.driver).toBe("redis");
    // entries: the index agrees with the keys really held
    const keys = await client.keys("shared:cache:*");
    expect(after.cache.entries).toBe(keys.length);
    expect(after.cache.entries).toBeGreaterThanOrEqual(3);
    const origins = Object.fromEntries(after.origins.map((o: { origin: string; requests: number }) => [o.origin, o.requests]));
    expect(origins["site-a"]).toBe(2);
    expect(origins["site-b"]).toBe(3);
    // b reads what a sent: the same totals
    const fromB = (await b.json(v1("status"), as("10.0.3.1"))).body.data;
    expect([fromB.cache.hits, fromB.cache.misses]).toEqual([after.cache.hits, after.cache.misses]);
  });

  it("the /api/v0/limit counters are the cluster's", async () => {
    for (const app of [a, a, b, b, b]) expect((await app.get("/api/v0/nothing", as("10.0.4.1"))).status).toBe(404);
    // Each instance writes its record just after answering.
    await new Promise((r) => setTimeout(r, 100));
    const limit = await (await b.get("/api/v0/limit", as("10.0.4.1"))).json();
    expect(limit.data.total).toMatchObject({ requests: 5, failed: 5 });
    // The snapshot is shared: a answers the same one.
    expect(await (await a.get("/api/v0/limit", as("10.0.4.1"))).json()).toEqual(limit);
  });
});

describe.skipIf(!HAVE_REDIS_SERVER)("store.redis and cache.driver", () => {
  let redis: PrivateRedis;
  beforeAll(async () => {
    redis = await startPrivateRedis();
  });
  afterAll(() => redis?.stop());

  it("store.redis moves the cache to Redis unless cache.driver says memory; the rate limit moves either way", async () => {
    const shared = await startFakeApp({ config: { store: { redis: redis.url, prefix: "one" } } });
    const explicit = [
      await startFakeApp({ config: { store: { redis: redis.url, prefix: "two" }, cache: { driver: "memory" }, rateLimit: { points: 2 } } }),
      await startFakeApp({ config: { store: { redis: redis.url, prefix: "two" }, cache: { driver: "memory" }, rateLimit: { points: 2 } } }),
    ];
    try {
      expect((await shared.json(v1("status"))).body.data.cache.driver).toBe("redis");
      expect((await explicit[0].json(v1("status"))).body.data.cache.driver).toBe("memory");
      expect((await explicit[1].json(v1("status"))).status).toBe(200);
      expect((await explicit[0].json(v1("status"))).status).toBe(429);
    } finally {
      await Promise.all([shared.close(), ...explicit.map((app) => app.close())]);
    }
  });
});

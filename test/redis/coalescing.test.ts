/**
 * Identical misses arriving at two instances at once cost one upstream call: the first takes
 * a short Redis lock, the other polls the shared cache for its answer. A holder that does not
 * deliver (it failed, or it is gone with its lock still set) costs the waiter time, bounded by
 * the load's deadline, never the answer.
 */
import "reflect-metadata";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationKey } from "../../server/engine/music/source-calls.ts";
import { startFakeApp, v1, type FakeApp } from "../support/fake-app.ts";
import { HAVE_REDIS_SERVER, startPrivateRedis, type PrivateRedis } from "./redis-server.ts";

const SLOW_MS = 300;
const TIMEOUT_MS = 800;

/** `perInstance` identical requests to each app at the same moment; their codes and the upstream calls. */
async function burst(apps: FakeApp[], id: number, perInstance: number) {
  const before = apps.map((app) => app.sims.source_a.calls.get("GET /tracks/:id") ?? 0);
  const started = performance.now();
  const answers = await Promise.all(apps.flatMap((app) => Array.from({ length: perInstance }, () => app.json(v1("song", { source: "source_a", id })))));
  const ms = Math.round(performance.now() - started);
  const calls = apps.map((app, i) => (app.sims.source_a.calls.get("GET /tracks/:id") ?? 0) - before[i]);
  return { codes: answers.map((a) => a.body.code), calls: calls.reduce((x, y) => x + y, 0), ms };
}

describe.skipIf(!HAVE_REDIS_SERVER)("coalescing across instances", () => {
  let redis: PrivateRedis;
  let shared: FakeApp[];
  let separate: FakeApp[];
  let client: Redis;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    const config = { store: { redis: redis.url, prefix: "flight" }, rateLimit: { points: 10_000 }, upstream: { timeoutMs: TIMEOUT_MS, retries: 0 } };
    shared = [await startFakeApp({ config }), await startFakeApp({ config })];
    // The same pair without Redis, for comparison.
    separate = [await startFakeApp({ config: { rateLimit: { points: 10_000 } } }), await startFakeApp({ config: { rateLimit: { points: 10_000 } } })];
    for (const app of [...shared, ...separate]) app.sims.source_a.fault({ kind: "latency", ms: SLOW_MS });
    client = new Redis(redis.url, { lazyConnect: true });
    await client.connect();
  });
  afterAll(async () => {
    client?.disconnect();
    await Promise.all([...(shared ?? []), ...(separate ?? [])].map((app) => app.close()));
    await redis?.stop();
  });

  it("identical misses at two instances cost one upstream call (two without Redis)", async () => {
    const withRedis = await burst(shared, 1, 5);
    const without = await burst(separate, 1, 5);
    console.info(`[coalescing] 2 instances × 5 identical misses, upstream ${SLOW_MS} ms: with Redis ${withRedis.calls} upstream call(s) in ${withRedis.ms} ms; without ${without.calls} in ${without.ms} ms`);
    expect(withRedis.codes).toEqual(Array(10).fill(0));
    expect(withRedis.calls).toBe(1);
    expect(without.calls).toBe(2);
    // Told of the holder's answer (within a poll): a waiter left to its own deadline, then its own load, takes both.
    expect(withRedis.ms).toBeLessThan(TIMEOUT_MS + SLOW_MS);
  });

  it("a lock whose holder is gone costs the waiter at most the load's deadline, then it loads by itself", async () => {
    const [app] = shared;
    // A lock an instance took before dying: nobody will release it or fill the entry.
    await client.set(`flight:cache-lock:${operationKey("source_a", "song", { source: "source_a", id: "2" })}`, "dead", "PX", 10_000);
    const before = app.sims.source_a.calls.get("GET /tracks/:id") ?? 0;
    const started = performance.now();
    const answer = await app.json(v1("song", { source: "source_a", id: 2 }));
    const ms = performance.now() - started;
    expect(answer.body.code).toBe(0);
    expect(answer.body.cost).toBeGreaterThan(0);
    expect(app.sims.source_a.calls.get("GET /tracks/:id")! - before).toBe(1);
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS);
    expect(ms).toBeLessThan(TIMEOUT_MS + SLOW_MS + 300);
  });

  it("when the holder gives up without an answer, the waiter asks its own upstream at once", async () => {
    const [holder, waiter] = shared;
    holder.sims.source_a.fault({ kind: "hang" }, "GET /tracks/:id");
    try {
      // The holder's only caller goes away: its load is dropped, and its lock released.
      const gone = new AbortController();
      const first = holder.get(v1("song", { source: "source_a", id: 4 }), { signal: gone.signal }).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 50));
      const started = performance.now();
      const second = waiter.json(v1("song", { source: "source_a", id: 4 }));
      await new Promise((r) => setTimeout(r, 100));
      gone.abort();
      await first;
      const answer = await second;
      const ms = performance.now() - started;
      expect([answer.body.code, answer.headers.get("x-cache")]).toEqual([0, "MISS"]);
      expect(waiter.sims.source_a.calls.get("GET /tracks/:id")).toBeGreaterThan(0);
      // Long before the holder's deadline: it did not wait for the lock to run out.
      expect(ms).toBeGreaterThanOrEqual(100 + SLOW_MS - 20);
      expect(ms).toBeLessThan(TIMEOUT_MS);
    } finally {
      holder.sims.source_a.fault(undefined, "GET /tracks/:id");
    }
  });
});

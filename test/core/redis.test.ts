/**
 * With `store.redis` the cache and the rate limiter live in Redis, shared by instances.
 * Runs when Redis answers at 127.0.0.1:6379 (CI starts it); says so clearly when skipped.
 */
import { createConnection } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeApp, v1, type FakeApp } from "../support/fake-app.ts";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379/5";
const reachable = await new Promise<boolean>((resolve) => {
  const socket = createConnection({ host: "127.0.0.1", port: Number(new URL(REDIS_URL).port || 6379) });
  socket.once("connect", () => (socket.destroy(), resolve(true)));
  socket.once("error", () => resolve(false));
  socket.setTimeout(500, () => (socket.destroy(), resolve(false)));
});
if (!reachable) console.warn(`[redis.test] SKIPPED: no Redis at ${REDIS_URL}`);

describe.skipIf(!reachable)("shared Redis store", () => {
  let a: FakeApp;
  let b: FakeApp;
  const prefix = `t${Date.now()}`;
  beforeAll(async () => {
    // A prefix of its own, so runs in the same minute never share a budget or answers.
    const config = { store: { redis: REDIS_URL, prefix }, rateLimit: { points: 5, duration: 60 } };
    a = await startFakeApp({ config });
    b = await startFakeApp({ config });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it("one instance's answer is a cache hit for another", async () => {
    const q = "one";
    const first = await a.json(v1("search", { source: "source_a", q }));
    expect(first.body.code).toBe(0);
    expect(first.body.cost).toBeGreaterThan(0);
    const second = await b.json(v1("search", { source: "source_a", q }));
    expect(second.body.cost).toBe(0);
    expect(b.sims.source_a.calls.get("GET /search") ?? 0).toBe(0);
    const status = await b.json(v1("status"));
    expect(status.body.data.cache.driver).toBe("redis");
  });

  it("the rate limit budget is shared across instances", async () => {
    const ua = { headers: { "user-agent": `redis-test-${prefix}` } };
    // Both instances see the client as 127.0.0.1: 5 points in all, 3 spent above.
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await (i % 2 ? a : b).json(v1("source"), ua)).status);
    expect(statuses).toEqual([200, 200, 429]);
  });
});

/**
 * `WORKERS=2`: the real entry point forks two workers on one port. Without Redis they share
 * one rate limit exactly (the primary's), and `/v1/status` and `/api/v0/limit` report the
 * whole group; with Redis they share it through Redis, and still exactly through the primary
 * while Redis is down. SIGTERM stops both and the group exits 0.
 */
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_UA } from "../support/app.ts";
import { PROJECT_ROOT, startMainProcess, type MainProcess } from "../support/main-process.ts";
import { HAVE_REDIS_SERVER, startPrivateRedis, type PrivateRedis } from "../redis/redis-server.ts";

/** A GET on a connection of its own, so that the group's round robin spreads requests over the workers. */
function get(main: MainProcess, path: string, client: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(`${main.url}${path}`, { agent: false, headers: { "user-agent": TEST_UA, "x-forwarded-for": client } }, (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Waits until `check` holds (every 100 ms, at most `ms`). */
async function until(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function statuses(main: MainProcess, path: string, client: string, count: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await get(main, path, client)).status);
  return out;
}

const config = (extra: object = {}) => ({
  plugins: [join(PROJECT_ROOT, "test/fixtures/third-party/source-slow.ts")],
  sources: { source_a: { plugin: "slow", options: { delayMs: 5 } }, source_b: false, source_c: false, source_d: false },
  lyrics: false,
  share: { qrSecret: "workers-test-secret" },
  rateLimit: { points: 4, duration: 60, trustProxy: true },
  ...extra,
});

describe("WORKERS=2 without Redis", () => {
  let main: MainProcess;
  beforeAll(() => {
    main = startMainProcess({ env: { WORKERS: "2" }, config: config() });
  });
  afterAll(() => main.stop());

  it("shares one rate limit exactly, and reports the whole group", async () => {
    await main.ready;
    expect(main.output()).toContain("with 2 workers");
    expect(await statuses(main, "/v1/source?origin=site-w", "10.1.0.1", 6)).toEqual([200, 200, 200, 200, 429, 429]);
    // Both workers answered (their access lines are written a moment later): the limit was not one worker's.
    await until(() => /worker-1:access\] GET \/v1\/source 200/.test(main.output()) && /worker-2:access\] GET \/v1\/source 200/.test(main.output()), 2000);

    // Three songs, each asked twice: per worker caches, so hits + misses is what counts.
    for (const [i, id] of [1, 2, 3, 1, 2, 3].entries()) expect((await get(main, `/v1/song?origin=site-s&source=source_a&id=${id}`, `10.1.1.${i}`)).status).toBe(200);
    const status = (await get(main, "/v1/status?origin=site-x", "10.1.0.3")).body.data;
    expect(status.cache.hits + status.cache.misses).toBe(6);
    expect(status.cache.misses).toBeGreaterThanOrEqual(3);
    expect(status.cache.entries).toBe(status.cache.misses);
    expect(status.origins).toEqual([
      { origin: "site-s", requests: 6 },
      { origin: "site-w", requests: 4 },
    ]);

    for (let i = 0; i < 4; i++) expect((await get(main, "/api/v0/nothing", "10.1.0.4")).status).toBe(404);
    await new Promise((r) => setTimeout(r, 100));
    const limit = (await get(main, "/api/v0/limit", "10.1.0.4")).body.data;
    expect(limit.total).toMatchObject({ requests: 4, failed: 4 });
    expect((await get(main, "/api/v0/limit", "10.1.0.4")).body.data).toEqual(limit);
  }, 60_000);

  it("replaces a worker that dies", async () => {
    await main.ready;
    const pid = Number(/worker 1 started \(pid (\d+)\)/.exec(main.output())![1]);
    process.kill(pid, "SIGKILL");
    await until(() => main.output().includes("worker 3 started") && /worker-3\] serving on/.test(main.output()), 20_000);
    expect(main.output()).toContain("worker 1 died (SIGKILL); starting another");
    // Both workers answer again (one connection each, round robin).
    expect(await statuses(main, "/v1/source?origin=site-r", "10.1.0.5", 2)).toEqual([200, 200]);
    await until(() => /worker-3:access\] GET \/v1\/source 200/.test(main.output()), 2000);
  }, 30_000);

  it("on SIGTERM every worker drains and the group exits 0", async () => {
    await main.ready;
    main.child.kill("SIGTERM");
    expect(await main.exited).toBe(0);
    expect(main.output()).toContain("SIGTERM: stopping 2 worker(s)");
    expect(main.output()).toMatch(/worker-2\] SIGTERM: closing/);
    expect(main.output()).toMatch(/worker-3\] SIGTERM: closing/);
  }, 30_000);
});

describe("WORKERS=2 that cannot start", () => {
  it("stops the group with exit 1 when a worker dies before it listens", async () => {
    const main = startMainProcess({ env: { WORKERS: "2" }, config: config({ sources: { source_a: { plugin: "no-such-plugin" } } }) });
    try {
      expect(await main.exited).toBe(1);
      expect(main.output()).toContain("no-such-plugin");
      expect(main.output()).toMatch(/worker \d exited \(1\) before it could listen/);
      expect(main.output()).not.toContain("listening on");
    } finally {
      await main.stop();
    }
  }, 30_000);

  it("refuses a WORKERS that is not a count", async () => {
    const main = startMainProcess({ env: { WORKERS: "many" }, config: config() });
    expect(await main.exited).toBe(1);
    expect(main.output()).toContain("WORKERS: expected a count from 1 to 256 or auto, got many");
  }, 30_000);
});

describe.skipIf(!HAVE_REDIS_SERVER)("WORKERS=2 with Redis", () => {
  let redis: PrivateRedis;
  let main: MainProcess;
  afterAll(async () => {
    await main?.stop();
    await redis?.stop();
  });

  it("shares the limit through Redis, and through the primary while Redis is down", async () => {
    redis = await startPrivateRedis();
    main = startMainProcess({ env: { WORKERS: "2" }, config: config({ store: { redis: redis.url, prefix: "workers" } }) });
    await main.ready;
    expect(await statuses(main, "/v1/source?origin=r", "10.2.0.1", 6)).toEqual([200, 200, 200, 200, 429, 429]);
    await redis.kill();
    expect(await statuses(main, "/v1/source?origin=r", "10.2.0.2", 6)).toEqual([200, 200, 200, 200, 429, 429]);
    // A client that had spent its window before: still spent (the count goes on from what the workers knew, not from zero).
    expect(await statuses(main, "/v1/source?origin=r", "10.2.0.1", 2)).toEqual([429, 429]);
    expect(main.output().match(/redis unavailable/g)).toHaveLength(2);
  }, 60_000);
});

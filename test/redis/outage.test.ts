/**
 * Redis going away (killed: connections refused; frozen: connections open and silent; absent
 * at start) costs a request at most one short command timeout, never its answer; each outage
 * is one log line when it starts and one when it ends, and the instances recover by
 * themselves, with what they counted meanwhile merged back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REDIS_LIMITS } from "../../server/engine/redis/connection.ts";
import { startFakeApp, v1, type FakeApp } from "../support/fake-app.ts";
import { freePort } from "../support/main-process.ts";
import { HAVE_REDIS_SERVER, startPrivateRedis, type PrivateRedis } from "./redis-server.ts";

/** the service's own time for a request with the memory setup is a few ms; a dead Redis must not add more than this */
const QUICK_MS = 400;

async function timed(app: FakeApp, path: string): Promise<{ ms: number; status: number; code: number }> {
  const started = performance.now();
  const response = await app.get(path);
  const body = await response.json();
  return { ms: performance.now() - started, status: response.status, code: body.code };
}

/** Waits until `check` holds (every 50 ms, at most `ms`). */
async function until(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const lines = (app: FakeApp, text: string) => app.logs.filter((line) => line.includes(text));

describe.skipIf(!HAVE_REDIS_SERVER)("Redis going away and coming back", () => {
  let redis: PrivateRedis;
  let a: FakeApp;
  let b: FakeApp;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    const config = { store: { redis: redis.url, prefix: "outage" }, rateLimit: { points: 10_000 } };
    a = await startFakeApp({ config });
    b = await startFakeApp({ config });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.stop();
  });

  it("killed: both instances keep answering quickly, log the outage once, and recover when it is back", async () => {
    expect((await a.json(v1("song", { source: "source_a", id: 1 }))).body.cost).toBeGreaterThan(0);
    expect((await b.json(v1("song", { source: "source_a", id: 1 }))).body.cost).toBe(0);
    // Every count so far is in Redis (a status answer sends its instance's counts), and goes with it.
    await a.json(v1("status"));
    await b.json(v1("status"));

    await redis.kill();
    const during: Record<string, number> = {};
    for (const [name, app] of [["a", a], ["b", b]] as const) {
      for (const path of [v1("song", { source: "source_a", id: 1 }), v1("song", { source: "source_a", id: 2 }), v1("status"), "/api/v0/limit", v1("song", { source: "source_a", id: 2 })]) {
        const answer = await timed(app, path);
        expect(answer.status, `${name} ${path}`).toBe(200);
        expect(answer.code === 0 || answer.code === 200, `${name} ${path}`).toBe(true);
        expect(answer.ms, `${name} ${path}`).toBeLessThan(QUICK_MS);
        during[`${name} ${path.split("?")[0]}`] = Math.max(during[`${name} ${path.split("?")[0]}`] ?? 0, Math.round(answer.ms));
      }
    }
    console.info(`[outage] slowest answers with Redis killed (ms): ${JSON.stringify(during)}`);
    for (const app of [a, b]) {
      expect(lines(app, "redis unavailable")).toHaveLength(1);
      expect(app.logs.join("\n")).not.toContain("Unhandled error");
    }
    // Each instance's in-process tier is the cache meanwhile: id 1 is answered from it (a loaded
    // it, b kept the copy it read from Redis), id 2 is loaded once per instance and then a hit.
    expect(a.sims.source_a.calls.get("GET /tracks/:id")).toBe(2);
    expect(b.sims.source_a.calls.get("GET /tracks/:id")).toBe(1);

    await redis.restart();
    await until(() => lines(a, "redis available again").length === 1 && lines(b, "redis available again").length === 1, 5000);
    // Shared again: a miss on a is a hit on b.
    expect((await a.json(v1("song", { source: "source_a", id: 3 }))).body.cost).toBeGreaterThan(0);
    expect((await b.json(v1("song", { source: "source_a", id: 3 }))).body.cost).toBe(0);
    // The restarted Redis is empty: its totals are what both counted during the outage (each:
    // id 1 a hit, id 2 a miss then a hit; kept here and sent once it was back) and since (a miss
    // on a, a hit on b).
    await b.json(v1("status"));
    const merged = (await a.json(v1("status"))).body.data.cache;
    expect([merged.misses, merged.hits]).toEqual([3, 5]);
    expect(lines(a, "redis unavailable")).toHaveLength(1);
  }, 20_000);

  it("frozen: a request loses at most the rate limit's wait for it (1 s), later ones nothing once it counts as down; recovery by probing", async () => {
    redis.pause();
    try {
      const times: number[] = [];
      for (let i = 0; i < 4; i++) {
        const answer = await timed(a, v1("song", { source: "source_a", id: 5 }));
        expect(answer.code).toBe(0);
        times.push(Math.round(answer.ms));
      }
      // Slow is not down: it counts as down after a second without any answer.
      await until(() => lines(a, "redis unavailable").length === 2, 3000);
      const later = await timed(a, v1("song", { source: "source_a", id: 5 }));
      console.info(`[outage] answers with Redis frozen (ms): ${times.join(", ")}, then ${Math.round(later.ms)}`);
      expect(Math.max(...times)).toBeLessThan(REDIS_LIMITS.downAfterMs + QUICK_MS);
      expect(later.ms).toBeLessThan(100);
    } finally {
      redis.resume();
    }
    await until(() => lines(a, "redis available again").length === 2, 5000);
    expect((await a.json(v1("song", { source: "source_a", id: 6 }))).body.cost).toBeGreaterThan(0);
    expect((await b.json(v1("song", { source: "source_a", id: 6 }))).body.cost).toBe(0);
  }, 20_000);
});

describe("Redis unreachable at start", () => {
  it("answers at once, logs one line, and does not wait for it", async () => {
    const port = await freePort();
    const app = await startFakeApp({ config: { store: { redis: `redis://127.0.0.1:${port}`, prefix: "absent" } } });
    try {
      const times: number[] = [];
      for (const path of [v1("song", { source: "source_a", id: 1 }), v1("song", { source: "source_a", id: 1 }), v1("status"), "/api/v0/limit"]) {
        const answer = await timed(app, path);
        expect(answer.status).toBe(200);
        times.push(Math.round(answer.ms));
      }
      const later = await timed(app, v1("song", { source: "source_a", id: 2 }));
      console.info(`[outage] answers with Redis unreachable at start (ms): ${[...times, Math.round(later.ms)].join(", ")}`);
      // The first connection is waited for at most 500 ms (start grace), once.
      expect(Math.max(...times)).toBeLessThan(QUICK_MS + 500);
      expect(later.ms).toBeLessThan(100);
      expect(lines(app, "redis unreachable at start")).toHaveLength(1);
      // The in-process tier is the cache meanwhile: id 1 asked twice made one upstream call.
      expect(app.sims.source_a.calls.get("GET /tracks/:id")).toBe(2);
      expect(app.logs.filter((line) => line.includes("redis"))).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it("with a wrong password, the in-process tier still answers: one song asked 100 times costs one upstream call", async () => {
    const guarded = await startPrivateRedis(["--requirepass", "right"]);
    const app = await startFakeApp({ config: { store: { redis: `redis://:wrong@127.0.0.1:${guarded.port}` }, rateLimit: { points: 100_000 } } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 100; i++) codes.push((await app.json(v1("song", { source: "source_a", id: 2 }))).body.code);
      expect(codes.every((code) => code === 0)).toBe(true);
      expect(app.sims.source_a.calls.get("GET /tracks/:id")).toBe(1);
    } finally {
      await app.close();
      await guarded.stop();
    }
  });

  it("keeps caching and coalescing in memory: one song asked 300 times costs one upstream call", async () => {
    const port = await freePort();
    const app = await startFakeApp({ config: { store: { redis: `redis://:wrong@127.0.0.1:${port}/?password=wrong` }, rateLimit: { points: 100_000 } } });
    try {
      app.sims.source_a.fault({ kind: "latency", ms: 100 }, "GET /tracks/:id");
      const together = await Promise.all(Array.from({ length: 50 }, () => app.json(v1("song", { source: "source_a", id: 7 }))));
      app.sims.source_a.fault(undefined, "GET /tracks/:id");
      const statuses: (string | null)[] = [];
      for (let i = 0; i < 250; i++) statuses.push((await app.get(v1("song", { source: "source_a", id: 7 }))).headers.get("x-cache"));
      expect(together.every((answer) => answer.body.code === 0)).toBe(true);
      expect(statuses.every((status) => status === "HIT")).toBe(true);
      expect(app.sims.source_a.calls.get("GET /tracks/:id")).toBe(1);
      // The start-up line never shows the password, in the userinfo or in the query.
      expect(app.logs.join("\n")).not.toContain("wrong");
    } finally {
      await app.close();
    }
  });
});

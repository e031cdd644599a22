/**
 * The rate limit across two instances through a slow Redis and a dead one (issue 38): a Redis
 * slowed by another client's command (DEBUG SLEEP, shorter than `downAfterMs`) is waited for,
 * never taken for down, and the limit stays exact; a Redis killed mid-window leaves each
 * instance counting on from the client's count it last read, so the client gets at most the
 * documented tolerance beyond the limit (before: each started from zero, 838 against 300), and
 * what they counted alone reaches Redis when it is back.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeApp, v1, type FakeApp } from "../support/fake-app.ts";
import { HAVE_REDIS_SERVER, startPrivateRedis, type PrivateRedis } from "./redis-server.ts";

const LIMIT = 300;

/** Waits until `check` holds (every 50 ms, at most `ms`). */
async function until(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** `count` requests of one client, `concurrency` at a time, alternating between the instances; the number allowed. */
async function spend(apps: FakeApp[], client: string, count: number, concurrency = 10): Promise<number> {
  const caller = { headers: { "x-forwarded-for": client } };
  const song = v1("song", { source: "source_a", id: 7 });
  let sent = 0;
  let allowed = 0;
  const worker = async () => {
    while (sent < count) {
      const i = sent++;
      const response = await apps[i % apps.length].get(i % 3 ? song : v1("source"), caller);
      await response.arrayBuffer();
      if (response.status === 200) allowed++;
      else expect(response.status).toBe(429);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return allowed;
}

const unavailable = (app: FakeApp) => app.logs.filter((line) => line.includes("redis unavailable")).length;

describe.skipIf(!HAVE_REDIS_SERVER)("the rate limit across instances when Redis is slow or dies", () => {
  let redis: PrivateRedis;
  let apps: FakeApp[];
  let admin: Redis;

  beforeAll(async () => {
    redis = await startPrivateRedis(["--enable-debug-command", "yes"]);
    const config = { store: { redis: redis.url, prefix: "limits" }, rateLimit: { points: LIMIT, duration: 60, trustProxy: true } };
    apps = [await startFakeApp({ config }), await startFakeApp({ config })];
    admin = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
    admin.on("error", () => undefined); // refused while Redis is killed
    await admin.connect();
    // A cached song for the fast path, filled by another client.
    for (const app of apps) expect((await app.json(v1("song", { source: "source_a", id: 7 }), { headers: { "x-forwarded-for": "198.51.100.99" } })).status).toBe(200);
  });
  afterAll(async () => {
    admin?.disconnect();
    await Promise.all((apps ?? []).map((app) => app.close()));
    await redis?.stop();
  });

  it("a Redis slowed by another client's commands is not taken for down: the limit stays exact", async () => {
    let sleeping = true;
    // Another client's slow commands, each shorter than `downAfterMs`, over and over while the client spends.
    const sleeper = (async () => {
      let sleeps = 0;
      while (sleeping) {
        await admin.call("DEBUG", "SLEEP", "0.4");
        sleeps++;
        await new Promise((r) => setTimeout(r, 150));
      }
      return sleeps;
    })();
    const started = performance.now();
    const allowed = await spend(apps, "198.51.100.1", 2 * LIMIT);
    sleeping = false;
    const sleeps = await sleeper;
    console.info(`[limit-outages] slowed Redis (${sleeps} × DEBUG SLEEP 0.4 in ${Math.round(performance.now() - started)} ms): ${allowed} of ${2 * LIMIT} allowed, limit ${LIMIT}`);
    expect(sleeps).toBeGreaterThanOrEqual(2);
    expect(allowed).toBe(LIMIT);
    for (const app of apps) expect(unavailable(app)).toBe(0);
  }, 60_000);

  it("a Redis killed mid-window: each instance counts on from what it knew, and Redis gets it back", async () => {
    const client = "198.51.100.2";
    const before = await spend(apps, client, LIMIT / 2, 2);
    const counted = Number(await admin.get(`limits:rl:${client}`));
    await redis.kill();
    const during = await spend(apps, client, 2.5 * LIMIT);
    // The documented tolerance with two instances that had both read the count c: (2 - 1) × (limit - c),
    // with some slack for what one instance had not read yet of the other's last requests.
    const bound = LIMIT + (LIMIT - counted) + 10;
    console.info(`[limit-outages] Redis killed at count ${counted}: ${before} allowed before, ${during} during; ${before + during} in all, bound ${bound} (from zero, it was up to ${before + 2 * LIMIT})`);
    expect(before).toBe(LIMIT / 2);
    expect(before + during).toBeLessThanOrEqual(bound);
    expect(before + during).toBeGreaterThanOrEqual(LIMIT);

    // Back (empty): what each counted alone is added, over the count it knew; the window stays spent.
    await redis.restart();
    await until(() => apps.every((app) => app.logs.some((line) => line.includes("redis available again"))), 10_000);
    await new Promise((r) => setTimeout(r, 300));
    const caller = { headers: { "x-forwarded-for": client } };
    expect(Number(await admin.get(`limits:rl:${client}`))).toBeGreaterThanOrEqual(LIMIT);
    for (const app of apps) expect((await app.get(v1("source"), caller)).status).toBe(429);
  }, 60_000);
});

/**
 * The README's "Running several instances", for real: nginx with `docs/nginx.conf` (the very
 * file) as a reverse-proxy cache and load balancer over two instances of the service (the real
 * entry point) sharing one private Redis, everything on loopback. Repeated reads reach the
 * instances once per lifetime; the rate limit is the cluster's, exact through nginx; an
 * instance killed mid-load loses no request, and the survivor answers from the shared cache;
 * the statistics count what reaches the instances. Each test is a client of its own (a source
 * address of its own on loopback), so budgets never mix between tests.
 * Skipped, with a notice, where nginx or redis-server is missing (`.ci/run` installs both).
 */
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runWithConcurrency } from "../../core/concurrency.ts";
import { startFakeUpstream } from "../fixtures/source-fake/upstream.ts";
import { HAVE_REDIS_SERVER, startPrivateRedis, type PrivateRedis } from "../redis/redis-server.ts";
import { TEST_UA } from "../support/app.ts";
import { PROJECT_ROOT, freePort, startMainProcess, type MainProcess } from "../support/main-process.ts";
import { HAVE_NGINX, startNginx, type NginxProcess } from "../support/nginx.ts";
import type { Simulator } from "@music-aggregator/core/testing";

const POINTS = 6;
const SONG_TTL = 2;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

describe.skipIf(!HAVE_NGINX || !HAVE_REDIS_SERVER)("nginx in front of two instances sharing Redis", () => {
  let redis: PrivateRedis;
  let sim: Simulator;
  let a: MainProcess;
  let b: MainProcess;
  let nginx: NginxProcess;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    sim = await startFakeUpstream();
    const portA = await freePort();
    let portB = await freePort();
    while (portB === portA) portB = await freePort();
    const config = {
      plugins: [join(PROJECT_ROOT, "test/fixtures/source-fake/index.ts")],
      sources: { source_a: { plugin: "fake", options: { baseURL: sim.url } }, source_b: false, source_c: false, source_d: false },
      lyrics: false,
      store: { redis: redis.url, prefix: "front" },
      // nginx connects from 127.0.0.1 and says who the client is.
      rateLimit: { points: POINTS, duration: 60, trustProxy: ["127.0.0.1"] },
      cache: { ttl: { song: SONG_TTL } },
    };
    a = startMainProcess({ config, port: portA });
    b = startMainProcess({ config, port: portB });
    await Promise.all([a.ready, b.ready]);
    nginx = await startNginx(join(PROJECT_ROOT, "docs/nginx.conf"), "listen 80;", (dir) => ({
      "127.0.0.1:3001": `127.0.0.1:${portA}`,
      "127.0.0.1:3002": `127.0.0.1:${portB}`,
      "/var/cache/nginx/music-aggregator": join(dir, "cache"),
    }));
  }, 30_000);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all([a?.stop(), b?.stop()]);
    await sim?.close();
    await redis?.stop();
  });

  /** GET through nginx from loopback address `from` (each test is a client of its own). */
  const get = (path: string, from: string, headers: Record<string, string> = {}): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port: nginx.port, path, localAddress: from, agent: false, headers: { "user-agent": TEST_UA, ...headers } }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      });
      req.on("error", reject);
      req.setTimeout(10_000, () => req.destroy(new Error(`${path}: no answer in 10 s`)));
      req.end();
    });
  /** Access lines of requests with this origin that reached an instance. */
  const reached = async (instance: MainProcess, origin: string) => {
    await new Promise((r) => setTimeout(r, 100)); // access lines are written once per turn
    return instance.output().split("\n").filter((line) => line.includes("[music:access]") && / origin=(\S+)/.exec(line)?.[1] === origin).length;
  };
  const upstreamCalls = (id: string) => sim.log.filter((line) => line === `GET /tracks/${id}`).length;
  const envelope = (answer: Answer) => JSON.parse(answer.body) as { code: number; data: unknown; cost: number };

  it("repeated identical requests reach the instances once per lifetime, however many and however concurrent", async () => {
    const path = "/v1/song?origin=once&source=source_a&id=1";
    const first = await get(path, "127.0.0.2");
    expect([first.status, first.headers["x-proxy-cache"], first.headers["cache-control"]]).toEqual([200, "MISS", `public, max-age=${SONG_TTL}, stale-if-error=86400`]);
    const repeated = [];
    for (let i = 0; i < 9; i++) repeated.push(await get(path, "127.0.0.2"));
    repeated.push(...(await Promise.all(Array.from({ length: 20 }, () => get(path, "127.0.0.2")))));
    expect(repeated.map((r) => [r.status, r.headers["x-proxy-cache"], r.body])).toEqual(repeated.map(() => [200, "HIT", first.body]));
    expect((await reached(a, "once")) + (await reached(b, "once"))).toBe(1);
    expect(upstreamCalls("1")).toBe(1);

    // Once its lifetime is over, nginx asks again with the ETag: one request more, answered 304 (same data).
    // (nginx's clock turns in whole seconds: a copy may outlive its max-age by up to one.)
    await new Promise((r) => setTimeout(r, SONG_TTL * 1000 + 1300));
    const renewed = await get(path, "127.0.0.2");
    expect([renewed.status, renewed.headers["x-proxy-cache"], renewed.headers.etag]).toEqual([200, "REVALIDATED", first.headers.etag]);
    expect(envelope(renewed).data).toEqual(envelope(first).data);
    expect((await get(path, "127.0.0.2")).headers["x-proxy-cache"]).toBe("HIT");
    expect((await reached(a, "once")) + (await reached(b, "once"))).toBe(2);
    expect(upstreamCalls("1")).toBe(2);
  });

  it("concurrent identical misses make one request to the instances (nginx's cache lock)", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => get("/v1/song?origin=lock&source=source_a&id=2", "127.0.0.3")));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    expect((await reached(a, "lock")) + (await reached(b, "lock"))).toBe(1);
    expect(upstreamCalls("2")).toBe(1);
  });

  it("the rate limit is the cluster's and exact through nginx: N allowed, the N+1th refused, another client unaffected", async () => {
    const answers: Answer[] = [];
    for (let i = 0; i <= POINTS; i++) answers.push(await get("/v1/status?origin=limit", "127.0.0.4"));
    expect(answers.map((r) => r.status)).toEqual([...Array(POINTS).fill(200), 429]);
    const refused = answers[POINTS];
    expect([envelope(refused).code, refused.headers["cache-control"], refused.headers["retry-after"]]).toEqual([4001, "no-store", expect.stringMatching(/^\d+$/)]);
    expect(answers.slice(0, POINTS).map((r) => r.headers["ratelimit-remaining"])).toEqual(["5", "4", "3", "2", "1", "0"]);
    // Both instances took part: the budget is shared, not each instance's.
    const [atA, atB] = [await reached(a, "limit"), await reached(b, "limit")];
    expect([atA + atB, atA > 0, atB > 0]).toEqual([POINTS, true, true]);
    expect((await get("/v1/status?origin=limit", "127.0.0.5")).status).toBe(200);
  });

  it("the statistics count the requests that reached the instances: origins, hits and misses of the cluster", async () => {
    // Each instance sends its counts to Redis at least once a second.
    await new Promise((r) => setTimeout(r, 1200));
    const status = envelope(await get("/v1/status?origin=stats", "127.0.0.6")).data as { cache: { hits: number; misses: number }; origins: { origin: string; requests: number }[] };
    const origins = Object.fromEntries(status.origins.map((o) => [o.origin, o.requests]));
    // "once": the first request and nginx's revalidation, of 32 sent; "lock": one of 20; "limit": the 6 allowed
    // (a refusal is answered before the origin is read) and one from the other client.
    expect([origins.once, origins.lock, origins.limit]).toEqual([2, 1, POINTS + 1]);
    // The misses of the cluster: song 1 twice (its lifetime ended), song 2 once.
    expect(status.cache.misses).toBe(3);
  });

  it("one instance killed mid-load: every request is answered by the other, which serves from the shared cache", async () => {
    // Song 4 is loaded by a alone (asked directly): it is in Redis, and nowhere in b.
    const direct = await fetch(`${a.url}/v1/song?origin=direct&source=source_a&id=4`, { headers: { "user-agent": TEST_UA } });
    expect(direct.headers.get("x-cache")).toBe("MISS");
    const ids = ["1", "2", "5", "6"];
    // Distinct targets (nginx keeps none of them), from 120 clients: none near its budget.
    const paths = Array.from({ length: 240 }, (_, i) => `/v1/song?origin=load-${i}&source=source_a&id=${ids[i % ids.length]}`);
    const statuses: (number | string)[] = new Array(paths.length);
    let answered = 0;
    let killed: Promise<void> | undefined;
    await runWithConcurrency(paths.length, 8, async (i) => {
      try {
        statuses[i] = (await get(paths[i], `127.0.1.${1 + (i % 120)}`)).status;
      } catch (error) {
        statuses[i] = String(error);
      }
      if (++answered === 80) killed = a.stop();
    });
    await killed;
    expect(a.child.signalCode).toBe("SIGKILL");
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    // The survivor answers song 4 from Redis: a hit it never loaded, no upstream call.
    const after = await get("/v1/song?origin=after&source=source_a&id=4", "127.0.0.7");
    expect([after.status, after.headers["x-cache"], envelope(after).cost]).toEqual([200, "HIT", 0]);
    expect(upstreamCalls("4")).toBe(1);
    expect(await reached(b, "after")).toBe(1);
  }, 30_000);
});

describe("the README's \"Running several instances\"", () => {
  it("shows docs/nginx.conf, the file the test above runs, as it is", () => {
    const readme = readFileSync(join(PROJECT_ROOT, "README.md"), "utf8");
    const conf = readFileSync(join(PROJECT_ROOT, "docs/nginx.conf"), "utf8");
    expect(readme).toContain("## Running several instances");
    expect(readme).toContain(`\`\`\`nginx\n${conf}\`\`\``);
  });
});

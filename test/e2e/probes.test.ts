/**
 * The probes: `/healthz` answers anyone, always, quietly; `/readyz` follows the lifecycle
 * (starting, ready, draining) and reports Redis (not configured, up, down with the memory
 * standing in) without failing readiness for an outage the service survives. The in-process
 * tests cover every state; the real entry point shows `starting` before Redis has answered
 * and `draining` after SIGTERM, on a connection that was busy when the signal came.
 */
import { createServer, connect, type Server, type Socket } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app.ts";
import { PROJECT_ROOT, freePort, startMainProcess } from "../support/main-process.ts";
import { HAVE_REDIS_SERVER, startPrivateRedis, type PrivateRedis } from "../redis/redis-server.ts";

const noRules = { config: { sources: {}, lyrics: false as const, rateLimit: { points: 2, duration: 60 } } };

describe("/healthz and /readyz in one process", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(noRules);
  });
  afterAll(() => t.close());

  it("/healthz: 200 for anyone, past the rate limit, with no origin and no user-agent, and no access line", async () => {
    const before = t.logs.length;
    for (const ua of ["", "curl/8.5.0", "python-requests/2.31"]) {
      for (let i = 0; i < 3; i++) {
        const response = await fetch(`${t.url}/healthz`, { headers: { "user-agent": ua } });
        expect([response.status, await response.json()]).toEqual([200, { status: "ok" }]);
        expect(response.headers.get("ratelimit-remaining")).toBeNull();
        expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      }
    }
    const head = await t.get("/healthz", { method: "HEAD" });
    expect([head.status, await head.text(), head.headers.get("content-length")]).toEqual([200, "", "15"]);
    expect(t.logs.slice(before).filter((line) => line.includes("[music:access]"))).toEqual([]);
  });

  it("/readyz: 503 starting, 200 ready, 503 draining; Redis not configured", async () => {
    const lifecycle = t.service.lifecycle;
    expect(lifecycle.state).toBe("ready");
    const ready = await t.json("/readyz");
    expect([ready.status, ready.body]).toEqual([200, { status: "ready", dependencies: { redis: { state: "not configured" } } }]);
    expect(ready.headers.get("cache-control")).toBe("no-store");

    // A second app whose start has not been declared finished.
    const starting = await startTestApp({ ...noRules, starting: true });
    try {
      const answer = await starting.json("/readyz");
      expect([answer.status, answer.body.status]).toEqual([503, "starting"]);
      starting.service.lifecycle.ready();
      expect((await starting.json("/readyz")).status).toBe(200);
      starting.service.lifecycle.draining();
      const draining = await starting.json("/readyz");
      expect([draining.status, draining.body.status]).toEqual([503, "draining"]);
      starting.service.lifecycle.ready(); // a draining process is never ready again
      expect((await starting.json("/readyz")).status).toBe(503);
      // liveness is not readiness: the process still answers
      expect((await starting.get("/healthz")).status).toBe(200);
    } finally {
      await starting.close();
    }
  });

  it("probes get an access line when config log.probes asks for one", async () => {
    const loud = await startTestApp({ config: { ...noRules.config, log: { probes: true } } });
    try {
      await (await loud.get("/healthz", { headers: { "x-request-id": "lb-probe-1" } })).text();
      expect(loud.logs.filter((line) => line.includes("[music:access]"))).toEqual([
        expect.stringMatching(/^info \[music:access\] GET \/healthz 200 code=200 ms=[\d.]+ source=- origin=- reqId=lb-probe-1$/),
      ]);
    } finally {
      await loud.close();
    }
  });
});

describe.skipIf(!HAVE_REDIS_SERVER)("/readyz with Redis", () => {
  let redis: PrivateRedis;
  let t: TestApp;
  beforeAll(async () => {
    redis = await startPrivateRedis();
    t = await startTestApp({ config: { ...noRules.config, store: { redis: redis.url, prefix: "probes" } } });
  });
  afterAll(async () => {
    await t?.close();
    await redis?.stop();
  });

  it("up, then down with the memory standing in: still ready", async () => {
    const until = async (state: string) => {
      for (let i = 0; i < 100; i++) {
        const answer = await t.json("/readyz");
        if (answer.body.dependencies.redis.state === state) return answer;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`redis never reported ${state}`);
    };
    const up = await until("up");
    expect([up.status, up.body]).toEqual([200, { status: "ready", dependencies: { redis: { state: "up" } } }]);
    await redis.kill();
    const down = await until("down");
    expect([down.status, down.body]).toEqual([200, { status: "ready", dependencies: { redis: { state: "down", fallback: "memory" } } }]);
    // and the API still answers, from memory
    expect((await t.json("/v1/source?origin=probe")).body.code).toBe(0);
  });
});

describe("/readyz of the real entry point", () => {
  it("503 starting while Redis has not answered, then 200 ready with Redis down and the memory standing in", async () => {
    // A Redis address that accepts connections and never answers: the start waits its grace (500 ms) for it.
    const silent: Server = createServer(() => undefined);
    const sockets: Socket[] = [];
    silent.on("connection", (socket) => sockets.push(socket));
    const redisPort = await new Promise<number>((r) => silent.listen(0, "127.0.0.1", () => r((silent.address() as { port: number }).port)));
    const port = await freePort();
    const main = startMainProcess({ port, config: { sources: {}, lyrics: false, store: { redis: `redis://127.0.0.1:${redisPort}` } } });
    const seen: string[] = [];
    try {
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline && !seen.includes("200 ready")) {
        const answer = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
        if (answer) {
          const body = await answer.json();
          const entry = `${answer.status} ${body.status}`;
          if (seen.at(-1) !== entry) seen.push(entry);
          if (answer.status === 200) expect(body.dependencies.redis).toEqual({ state: "down", fallback: "memory" });
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(seen).toEqual(["503 starting", "200 ready"]);
    } finally {
      await main.stop();
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  }, 30_000);

  it("503 draining after SIGTERM, on a connection busy with a request in flight", async () => {
    const port = await freePort();
    const main = startMainProcess({
      port,
      config: {
        plugins: [join(PROJECT_ROOT, "test/fixtures/third-party/source-slow.ts")],
        sources: { source_a: { plugin: "slow", options: { delayMs: 800 } }, source_b: false, source_c: false, source_d: false },
        lyrics: false,
      },
    });
    try {
      await main.ready;
      const socket = connect(port, "127.0.0.1");
      let received = "";
      socket.on("data", (chunk) => (received += chunk));
      const closed = new Promise((r) => socket.once("close", r));
      socket.write("GET /v1/song?origin=t&source=source_a&id=1 HTTP/1.1\r\nHost: x\r\nUser-Agent: probe-test/1.0\r\n\r\n");
      await new Promise((r) => setTimeout(r, 200));
      main.child.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 200));
      // The same connection, still open for the answer in flight: the next request is told to go elsewhere.
      socket.write("GET /readyz HTTP/1.1\r\nHost: x\r\n\r\n");
      await Promise.race([closed, new Promise((r) => setTimeout(r, 5000))]);
      socket.destroy();
      const answers = received.split(/(?=HTTP\/1\.1 )/);
      expect(answers[0]).toMatch(/^HTTP\/1\.1 200 /);
      expect(answers[0]).toContain('"name":"slow 1"');
      expect(answers[1]).toMatch(/^HTTP\/1\.1 503 /);
      expect(answers[1]).toContain('{"status":"draining"');
      expect(await main.exited).toBe(0);
    } finally {
      await main.stop();
    }
  }, 30_000);
});

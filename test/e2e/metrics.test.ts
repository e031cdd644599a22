/**
 * `GET /metrics`: the values move with the requests made (requests by route and code, their
 * durations, refusals, the cache's hits, misses, stale answers and coalesced waits, upstream
 * calls by outcome), the hot path of cached answers counts exactly as the h3 pipeline does,
 * labels stay bounded whatever the client sends, the bearer token guards it, `enabled: false`
 * takes it away, and a `WORKERS` group answers for all its workers.
 */
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TEST_UA } from "../support/app.ts";
import { startFakeApp, v1, type FakeApp } from "../support/fake-app.ts";
import { PROJECT_ROOT, startMainProcess, type MainProcess } from "../support/main-process.ts";

/** The value of one sample of the text format; 0 when absent (a counter never incremented). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split("\n")) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = match[2]?.split(/,(?=[a-z_]+=)/) ?? [];
    if (wanted.length === have.length && wanted.every((pair) => have.includes(pair))) return Number(match[3]);
  }
  return 0;
}

describe("/metrics of one process", () => {
  let t: FakeApp;
  const scrape = async () => {
    const response = await t.get("/metrics", { headers: { "user-agent": "" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    return response.text();
  };
  beforeAll(async () => {
    // Every scrape rendered anew: these tests read what each request changed at once.
    t = await startFakeApp({ config: { rateLimit: { points: 12, duration: 60 }, cache: { ttl: { song: 1 } }, metrics: { cacheMs: 0 } } });
  });
  afterAll(() => t.close());

  it("moves with the requests: by route and code, durations, refusals, cache and upstream calls", async () => {
    const song = v1("song", { source: "source_a", id: "1" });
    for (let i = 0; i < 3; i++) await (await t.get(song)).text(); // a miss, a hit by h3, a hit before h3
    await (await t.get(song, { headers: { "user-agent": "curl/8.5.0" } })).text(); // 4002
    await (await t.get(v1("song", { source: "source_a", id: "404" }))).text(); // the simulator's not found: 3001
    await (await t.get("/v1/nothing-here/etc?origin=x")).text(); // an unknown path: counted under its route pattern, never the path
    await (await t.get(`/v1/song?origin=${"%0A".repeat(3)}&source=source_a&id=1`)).text(); // 1001
    const text = await scrape();
    const requests = (labels: Record<string, string>) => sample(text, "music_http_requests_total", labels);
    expect(requests({ route: "/v1/song", status: "200", code: "0" })).toBe(3);
    expect(requests({ route: "/v1/song", status: "403", code: "4002" })).toBe(1);
    expect(requests({ route: "/v1/song", status: "404", code: "3001" })).toBe(1);
    expect(requests({ route: "/v1/song", status: "400", code: "1001" })).toBe(1);
    expect(requests({ route: "/v1/**", status: "404", code: "3001" })).toBe(1);
    expect(sample(text, "music_http_request_duration_seconds_count", { route: "/v1/song" })).toBe(6);
    expect(sample(text, "music_http_request_duration_seconds_bucket", { route: "/v1/song", le: "+Inf" })).toBe(6);
    expect(sample(text, "music_user_agent_refused_total")).toBe(1);
    expect(sample(text, "music_cache_hits_total")).toBe(2);
    expect(sample(text, "music_cache_misses_total")).toBe(2);
    // which tier answered: the memory store's only (the hit before h3 counted there too)
    expect(sample(text, "music_cache_tier_reads_total", { tier: "local", outcome: "hit" })).toBe(2);
    expect(sample(text, "music_cache_tier_reads_total", { tier: "local", outcome: "miss" })).toBe(2);
    expect(text).not.toContain('tier="redis"');
    expect(sample(text, "music_upstream_calls_total", { source: "source_a", operation: "song", outcome: "ok" })).toBe(1);
    expect(sample(text, "music_upstream_calls_total", { source: "source_a", operation: "song", outcome: "notFound" })).toBe(1);
    expect(sample(text, "music_upstream_call_duration_seconds_count", { source: "source_a", operation: "song" })).toBe(2);
    // prom-client's default process metrics, event-loop lag among them
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    // no label names a path, an origin or an id
    expect(text).not.toMatch(/etc|origin=|id="1"/);
    // the scrape before counts itself once answered
    expect(sample(await scrape(), "music_http_requests_total", { route: "/metrics", status: "200", code: "200" })).toBe(1);
  });

  it("stale answers and coalesced waits", async () => {
    const path = v1("song", { source: "source_a", id: "2" });
    await (await t.get(path)).text();
    await new Promise((r) => setTimeout(r, 1100)); // the song's lifetime is 1 s here
    t.sims.source_a.fault({ kind: "status", status: 503 }, "GET /tracks/:id");
    const stale = await t.get(path);
    expect(stale.headers.get("x-cache")).toBe("STALE");
    t.sims.source_a.fault({ kind: "latency", ms: 150 }, "GET /tracks/:id");
    const before = await scrape();
    await Promise.all([1, 2, 3].map(async () => (await t.get(v1("song", { source: "source_a", id: "3" }))).text()));
    const after = await scrape();
    t.sims.source_a.fault(undefined, "GET /tracks/:id");
    expect(sample(before, "music_cache_stale_answers_total")).toBe(1);
    expect(sample(after, "music_cache_coalesced_waits_total") - sample(before, "music_cache_coalesced_waits_total")).toBe(2);
    expect(sample(after, "music_upstream_calls_total", { source: "source_a", operation: "song", outcome: "upstream" })).toBeGreaterThanOrEqual(1);
  });
});

describe("the hot path of cached answers and the h3 pipeline count alike", () => {
  it("an answer, a rate-limit refusal: the same labels, the same counts, whichever path answered", async () => {
    const t = await startFakeApp({ config: { rateLimit: { points: 3, duration: 60 }, metrics: { cacheMs: 0 } } });
    try {
      const scrape = async () => (await t.get("/metrics")).text();
      const kept = v1("song", { source: "source_a", id: "4" });
      await (await t.get(kept)).text(); // a miss (h3)
      const viaH3 = await t.get(kept); // a hit, answered by h3 (and rendered)
      await viaH3.text();
      const afterH3 = await scrape();
      const viaFast = await t.get(kept); // the same hit, answered before h3
      await viaFast.text();
      const afterFast = await scrape();
      const delta = (a: string, b: string, name: string, labels?: Record<string, string>) => sample(b, name, labels) - sample(a, name, labels);
      const ok = { route: "/v1/song", status: "200", code: "0" };
      expect(viaH3.headers.get("x-cache")).toBe("HIT");
      expect(sample(afterH3, "music_http_requests_total", ok)).toBe(2);
      expect(delta(afterH3, afterFast, "music_http_requests_total", ok)).toBe(1);
      expect(delta(afterH3, afterFast, "music_cache_hits_total")).toBe(1);
      expect(delta(afterH3, afterFast, "music_http_request_duration_seconds_count", { route: "/v1/song" })).toBe(1);
      // Both answers carry a request id, each its own.
      expect(viaH3.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(viaFast.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(viaFast.headers.get("x-request-id")).not.toBe(viaH3.headers.get("x-request-id"));

      // The budget (3) is spent: one refusal by the hot path (a kept target), one by h3 (a target not kept).
      const refusedFast = await t.get(kept);
      await refusedFast.text();
      const mid = await scrape();
      const refusedH3 = await t.get(v1("song", { source: "source_a", id: "5" }));
      await refusedH3.text();
      const end = await scrape();
      const refused = { route: "/v1/song", status: "429", code: "4001" };
      expect([refusedFast.status, refusedH3.status]).toEqual([429, 429]);
      expect(sample(mid, "music_http_requests_total", refused)).toBe(1);
      expect(delta(mid, end, "music_http_requests_total", refused)).toBe(1);
      expect([sample(mid, "music_rate_limited_total"), sample(end, "music_rate_limited_total")]).toEqual([1, 2]);
      expect([refusedFast.headers.get("x-request-id"), refusedH3.headers.get("x-request-id")].every((id) => /^[0-9a-f-]{36}$/.test(id ?? ""))).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe("a scrape is rendered once per metrics.cacheMs, whatever the number of scrapers", () => {
  it("10 scrapes at once and 5 more within the period: one render; the next period renders again", async () => {
    const t = await startFakeApp({ config: { metrics: { cacheMs: 2000 } } });
    try {
      const renders = vi.spyOn(t.service.front.musicMetrics.registry, "metrics");
      const scrape = async () => {
        const response = await t.get("/metrics");
        expect(response.status).toBe(200);
        return response.text();
      };
      const texts = await Promise.all(Array.from({ length: 10 }, scrape));
      // The render began before this: its text is kept until at most 2 s from now.
      const rendered = Date.now();
      for (let i = 0; i < 5; i++) texts.push(await scrape());
      // Each scrape is counted once answered: a text rendered again would show the scrapes before it.
      expect(new Set(texts).size).toBe(1);
      expect(renders).toHaveBeenCalledTimes(1);
      await new Promise((r) => setTimeout(r, rendered + 2050 - Date.now()));
      const later = await scrape();
      expect(renders).toHaveBeenCalledTimes(2);
      expect(sample(later, "music_http_requests_total", { route: "/metrics", status: "200", code: "200" })).toBe(15);
    } finally {
      await t.close();
    }
  });
});

describe("/metrics guarded and turned off", () => {
  it("with metrics.token: 401 without the bearer token or with a wrong one, 200 with it", async () => {
    const token = "a-long-enough-metrics-token";
    const t = await startFakeApp({ config: { metrics: { token } } });
    try {
      for (const authorization of [undefined, "Bearer nope-nope-nope-nope", `Basic ${token}`, `Bearer ${token}x`]) {
        const response = await t.get("/metrics", { headers: authorization ? { authorization } : {} });
        expect([response.status, response.headers.get("www-authenticate")]).toEqual([401, 'Bearer realm="metrics"']);
        expect(await response.text()).not.toContain("music_");
      }
      const allowed = await t.get("/metrics", { headers: { authorization: `Bearer ${token}` } });
      expect(allowed.status).toBe(200);
      expect(await allowed.text()).toContain("music_http_requests_total");
    } finally {
      await t.close();
    }
  });

  it("with metrics.enabled false: no /metrics (404) and nothing counted", async () => {
    const t = await startFakeApp({ config: { metrics: { enabled: false } } });
    try {
      const answer = await t.json("/metrics");
      expect([answer.status, answer.body.code]).toEqual([404, 3001]);
      expect(t.scope.isRegistered(Symbol.for("music.request-metrics"), true)).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe("WORKERS=2: the primary answers for the whole group", () => {
  let main: MainProcess;
  beforeAll(() => {
    main = startMainProcess({
      env: { WORKERS: "2" },
      config: {
        plugins: [join(PROJECT_ROOT, "test/fixtures/third-party/source-slow.ts")],
        sources: { source_a: { plugin: "slow", options: { delayMs: 5 } }, source_b: false, source_c: false, source_d: false },
        lyrics: false,
        metrics: { cacheMs: 2000 },
      },
    });
  });
  afterAll(() => main.stop());

  /** A GET on a connection of its own, so that the group's round robin spreads requests over the workers. */
  const get = (path: string) =>
    new Promise<string>((resolve, reject) => {
      const req = request(`${main.url}${path}`, { agent: false, headers: { "user-agent": TEST_UA } }, (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve(text));
      });
      req.on("error", reject);
      req.end();
    });

  it("sums every worker's counts, whichever worker the scrape reaches", async () => {
    await main.ready;
    for (let i = 0; i < 10; i++) await get("/v1/source?origin=group");
    // Both workers answered some of them (each logs its own access lines).
    expect(main.output()).toMatch(/worker-1:access\] GET \/v1\/source 200/);
    expect(main.output()).toMatch(/worker-2:access\] GET \/v1\/source 200/);
    for (let i = 0; i < 4; i++) {
      const text = await get("/metrics");
      expect(sample(text, "music_http_requests_total", { route: "/v1/source", status: "200", code: "0" })).toBe(10);
      expect(sample(text, "music_http_request_duration_seconds_count", { route: "/v1/source" })).toBe(10);
    }
  }, 30_000);

  it("the primary gathers once per metrics.cacheMs, whichever worker asks", async () => {
    await main.ready;
    // Past any text kept from the test before, then 6 scrapes (both workers ask) within one period.
    await new Promise((r) => setTimeout(r, 2100));
    const texts: string[] = [];
    for (let i = 0; i < 6; i++) texts.push(await get("/metrics"));
    // Gathered anew, each text would count the scrapes answered before it.
    expect(new Set(texts).size).toBe(1);
    await new Promise((r) => setTimeout(r, 2100));
    const later = await get("/metrics");
    expect(later).not.toBe(texts[0]);
    expect(sample(later, "music_http_requests_total", { route: "/metrics", status: "200", code: "200" }) - sample(texts[0], "music_http_requests_total", { route: "/metrics", status: "200", code: "200" })).toBe(6);
  }, 30_000);
});

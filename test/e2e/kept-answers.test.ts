/**
 * Cached /v1 answers kept and served before h3: every rule still holds, along the same request
 * path as any answer. The method, user-agent and rate limit are checked per request; the answer
 * is the same bytes with the same headers; an answer lives no longer than its cached source;
 * the limit is exact under concurrency, with refusals in the answer's own form (JSON or JSONP).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeApp, v1, type FakeApp } from "../support/fake-app.ts";

describe("the service, with repeated requests answered before h3", () => {
  let t: FakeApp;
  beforeAll(async () => {
    t = await startFakeApp({ config: { rateLimit: { points: 40, duration: 60 }, cache: { ttl: { song: 1 } } } });
  });
  afterAll(() => t.close());

  it("the same bytes as the h3 answer, HEAD with its length, the method and user-agent checked every time", async () => {
    const path = v1("song", { source: "source_a", id: "1", callback: "player.show" });
    await (await t.get(path)).text(); // a miss
    const fromApp = await t.get(path); // a hit, rendered and kept
    const appBody = await fromApp.text();
    const fast = await t.get(path);
    expect(await fast.text()).toBe(appBody);
    expect(fast.headers.get("content-type")).toBe("application/javascript; charset=utf-8");
    expect(fast.headers.get("x-cache")).toBe("HIT");
    expect(Number(fast.headers.get("ratelimit-remaining"))).toBe(Number(fromApp.headers.get("ratelimit-remaining")) - 1);
    const head = await t.get(path, { method: "HEAD" });
    expect(Number(head.headers.get("content-length"))).toBe(Buffer.byteLength(appBody));
    const deleted = await t.get(path, { method: "DELETE" });
    expect([deleted.status, await deleted.text()]).toEqual([200, expect.stringContaining('"code":1004')]); // JSONP: always 200
    expect(await (await t.get(path, { headers: { "user-agent": "python-requests/2.31" } })).text()).toContain('"code":4002');
    expect(t.sims.source_a.calls.get("GET /tracks/:id")).toBe(1);
  });

  it("answers with the same header set and values whether served by h3 or kept, but for what is the request's own", async () => {
    const path = v1("song", { source: "source_a", id: "6" });
    const headers = { "accept-encoding": "gzip", "x-request-id": "same-id" };
    await (await t.get(path)).text(); // a miss, kept
    expect(t.service.front.kept!.has(path)).toBe(true);
    const kept = await t.get(path, { headers });
    t.service.front.kept!.forget(path);
    const fresh = await t.get(path, { headers }); // a hit of the cache, through h3
    const own = new Set(["date", "ratelimit-remaining", "ratelimit-reset", "cache-control", "keep-alive", "connection"]);
    const comparable = (r: Response) => [...r.headers].filter(([name]) => !own.has(name));
    expect(comparable(kept)).toEqual(comparable(fresh));
    expect([...kept.headers.keys()].sort()).toEqual([...fresh.headers.keys()].sort());
    expect(await kept.text()).toBe(await fresh.text());
  });

  it("logs one access line per request, the same whether answered before h3 or by it", async () => {
    const path = v1("song", { source: "source_a", id: "3", origin: "blog.example" });
    const before = t.logs.length;
    for (let i = 0; i < 3; i++) await (await t.get(path)).text(); // a miss, a hit by h3 (kept), a hit before h3
    await (await t.get(path, { headers: { "user-agent": "curl/8" } })).text(); // refused: h3 answers
    // lines are written once per turn of the event loop
    await new Promise((r) => setImmediate(r));
    const lines = t.logs.slice(before).filter((l) => l.includes("[music:access]"));
    const line = /^info \[music:access\] GET \/v1\/song (\d+) code=(\d+) ms=[\d.]+ source=(\S+) origin=(\S+)(?: cache=(\S+))? reqId=[0-9a-f-]{36}$/;
    expect(lines.map((l) => line.exec(l)?.slice(1))).toEqual([
      ["200", "0", "source_a", "blog.example", "MISS"],
      ["200", "0", "source_a", "blog.example", "HIT"],
      ["200", "0", "source_a", "blog.example", "HIT"],
      // refused before its parameters were read: no origin yet
      ["403", "4002", "-", "-", undefined],
    ]);
  });

  it("keeps an answer from the miss that loaded it: the next request is answered before h3, as a hit says it", async () => {
    const path = v1("song", { source: "source_a", id: "5" });
    const miss = await t.json(path);
    expect([miss.headers.get("x-cache"), miss.body.cost > 0]).toEqual(["MISS", true]);
    expect(t.service.front.kept!.has(path)).toBe(true);
    const hit = await t.get(path);
    const text = await hit.text();
    // The kept answer is the hit's (cost 0, X-Cache HIT), not the miss's.
    expect([hit.headers.get("x-cache"), JSON.parse(text).cost, JSON.parse(text).data]).toEqual(["HIT", 0, miss.body.data]);
    expect(t.sims.source_a.calls.get("GET /tracks/:id")).toBeGreaterThanOrEqual(1);
  });

  it("keeps nothing of a failed or uncacheable answer", async () => {
    const unknown = v1("song", { source: "source_a", id: "not-a-number" });
    await (await t.get(unknown)).text();
    expect(t.service.front.kept!.has(unknown)).toBe(false);
    const status = "/v1/status?origin=t";
    await (await t.get(status)).text();
    expect(t.service.front.kept!.has(status)).toBe(false);
  });

  it("lives no longer than the cached answer it was made from", async () => {
    const path = v1("song", { source: "source_a", id: "2" });
    await t.get(path);
    await t.get(path);
    await new Promise((r) => setTimeout(r, 1100)); // song lifetime is 1 s here
    const after = await t.json(path);
    expect(after.headers.get("x-cache")).toBe("MISS");
    expect(after.body.cost).toBeGreaterThan(0);
  });
});

describe("the rate limit stays exact", () => {
  it("under 120 concurrent requests for one kept answer, exactly the 30 allowed pass; the refusals are 4001 in JSON and JSONP", async () => {
    const t = await startFakeApp({ config: { rateLimit: { points: 30, duration: 60 } } });
    try {
      const json = v1("song", { source: "source_a", id: "4" });
      const jsonp = v1("song", { source: "source_a", id: "4", cb: "cb" });
      for (const path of [json, json, jsonp]) await (await t.get(path)).text(); // miss, hit (kept), JSONP kept
      const answers = await Promise.all(
        Array.from({ length: 120 }, async (_, i) => {
          const response = await t.get(i % 2 ? json : jsonp);
          return { status: response.status, text: await response.text(), retryAfter: response.headers.get("retry-after") };
        }),
      );
      const passed = answers.filter((a) => a.text.includes('"code":0'));
      const refused = answers.filter((a) => a.text.includes('"code":4001'));
      expect(passed).toHaveLength(27); // 30 minus the 3 that rendered the answers
      expect(refused).toHaveLength(93);
      expect(refused.every((a) => a.retryAfter !== null)).toBe(true);
      expect(refused.filter((a) => a.text.startsWith("/**/ typeof cb") && a.status === 200).length).toBeGreaterThan(0);
      expect(refused.filter((a) => a.status === 429 && a.text.startsWith("{")).length).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });
});

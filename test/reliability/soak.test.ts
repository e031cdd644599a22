/**
 * A short soak: a few thousand mixed /v1 requests at concurrency 50 against three sources,
 * one of which fails in a different way on every route (5xx, 429, HTML, truncated, hang,
 * too large, trickling, too slow). Every answer must have exactly the status its request
 * calls for, and afterwards the heap (after a full GC) and the open handles must be back
 * near where they were after the warm-up.
 */
import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fake from "../fixtures/source-fake/index.ts";
import { startFakeUpstream } from "../fixtures/source-fake/upstream.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import type { Fault, Simulator } from "@music-aggregator/core/testing";
import { runWithConcurrency } from "../../core/concurrency.ts";
import { collectGarbage, openHandles, readAnswer, settleHandles } from "./support.ts";

const REQUESTS = 3000;
const CONCURRENCY = 50;
/** heap growth allowed after the soak, over the warmed-up baseline (after a full GC) */
const HEAP_TOLERANCE_BYTES = 5 * 1024 * 1024;

/** source_c's upstream: every route fails, each in its own way, and what /v1 must answer */
const FAULTY_ROUTES: { route: string; fault: Fault }[] = [
  { route: "GET /tracks/:id", fault: { kind: "status", status: 503 } },
  { route: "GET /tracks/:id/lyrics", fault: { kind: "truncated" } },
  { route: "GET /search", fault: { kind: "html" } },
  { route: "GET /albums/:id", fault: { kind: "hang" } },
  { route: "GET /artists/:id", fault: { kind: "huge", bytes: 1024 * 1024 } },
  { route: "GET /playlists/:id", fault: { kind: "trickle", chunkIntervalMs: 30, chunks: 1000 } },
  { route: "GET /charts", fault: { kind: "status", status: 429 } },
  { route: "GET /charts/:id", fault: { kind: "latency", ms: 1000 } },
];

interface Planned {
  path: string;
  method?: string;
  /** HTTP status expected in JSON mode */
  status: number;
  /** how often it is drawn, relative */
  weight: number;
}

const WORDS = ["o", "one", "time", "love", "us", "digital", "harder", "better", "aero", "voyager", "x", "fake", "a", "e", "i", "more", "some", "thing", "line", "dyn"];

/** The finite set of requests the soak draws from (so the cache stops growing after the warm-up). */
function catalogue(): Planned[] {
  const plan: Planned[] = [];
  const add = (path: string, status: number, weight = 1, method?: string) =>
    plan.push({ path: path.includes("?") ? `${path}&origin=soak` : `${path}?origin=soak`, status, weight, method });
  for (const s of ["source_a", "source_b"]) {
    for (const id of ["1", "2", "3", "4", "5", "6"]) add(`/v1/song?source=${s}&id=${id}`, 200, 4);
    add(`/v1/song?source=${s}&id=404`, 404, 2);
    for (const id of ["1", "2", "4", "5"]) add(`/v1/song/url?source=${s}&id=${id}&quality=high`, 200, 2);
    add(`/v1/song/url?source=${s}&id=3`, 403, 2);
    add(`/v1/lyric?source=${s}&id=1`, 200, 2);
    add(`/v1/lyric?source=${s}&id=2`, 404, 2);
    add(`/v1/album?source=${s}&id=500`, 200, 2);
    add(`/v1/album?source=${s}&id=1`, 404);
    add(`/v1/artist?source=${s}&id=77`, 200, 2);
    add(`/v1/playlist?source=${s}&id=900&page=1&size=2`, 200, 2);
    add(`/v1/playlist?source=${s}&id=900&size=3&with_url=1`, 200, 2);
    add(`/v1/rank?source=${s}`, 200, 2);
    add(`/v1/rank?source=${s}&id=0`, 200, 2);
    add(`/v1/rank?source=${s}&id=9`, 404);
    for (const q of WORDS) add(`/v1/search?source=${s}&q=${q}&size=5`, 200);
  }
  for (const q of WORDS) add(`/v1/search?source=all&q=${q}`, 200, 2);
  // the faulty source: 2002/2003 → 502, 2001 → 504
  add("/v1/song?source=source_c&id=1", 502, 3);
  add("/v1/song/url?source=source_c&id=1", 502, 2);
  add("/v1/lyric?source=source_c&id=1", 502, 2);
  add("/v1/search?source=source_c&q=o", 502, 3);
  add("/v1/album?source=source_c&id=500", 504);
  add("/v1/artist?source=source_c&id=77", 502, 2);
  add("/v1/playlist?source=source_c&id=900", 504);
  add("/v1/rank?source=source_c", 502, 2);
  add("/v1/rank?source=source_c&id=0", 504);
  // bad requests
  plan.push({ path: "/v1/song?source=source_a&id=1", status: 400, weight: 2 });
  add("/v1/song?source=source_a&id=1&callback=alert(1)//", 400, 2);
  add("/v1/song?source=all&id=1", 400);
  add("/v1/song?source=source_z&id=1", 400);
  add("/v1/search?source=source_a&q=o&page=0", 400);
  add("/v1/album?source=source_a&id=%00", 400);
  add("/v1/nope", 404);
  add("/v1/song?source=source_a&id=1", 405, 1, "POST");
  add("/v1/status", 200, 2);
  add("/v1/source", 200, 2);
  return plan;
}

describe("soak: mixed load with a faulty upstream", () => {
  const sims: Simulator[] = [];
  let app: TestApp;
  const plan = catalogue();
  const totalWeight = plan.reduce((sum, p) => sum + p.weight, 0);
  let seed = 20_251_121;
  /** a small deterministic PRNG (mulberry32), so a failure can be replayed */
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const draw = (): Planned & { jsonp: boolean } => {
    let r = random() * totalWeight;
    const planned = plan.find((p) => (r -= p.weight) < 0) ?? plan[plan.length - 1];
    return { ...planned, jsonp: !planned.path.includes("callback=") && random() < 0.2 };
  };

  beforeAll(async () => {
    for (let i = 0; i < 3; i++) sims.push(await startFakeUpstream());
    for (const { route, fault } of FAULTY_ROUTES) sims[2].fault(fault, route);
    sims[1].fault({ kind: "latency", ms: 3 });
    app = await startTestApp({
      plugins: [fake],
      config: {
        sources: Object.fromEntries(["source_a", "source_b", "source_c"].map((id, i) => [id, { plugin: "fake", options: { baseURL: sims[i].url } }])),
        lyrics: false,
        rateLimit: { points: 1_000_000, duration: 60 },
        upstream: { timeoutMs: 400, retries: 1, maxBodyBytes: 256 * 1024, searchAllTimeoutMs: 1500 },
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await Promise.all(sims.map((s) => s.close()));
  });

  /**
   * A fast upstream failure (502) that met its 400 ms deadline first on a loaded host: a 504 with
   * 2001 is the right answer to that, counted here and held to a small share rather than a fault.
   */
  let lateFailures = 0;
  /** Sends one planned request; returns a description of what was wrong with the answer, if anything. */
  const send = async (p: Planned & { jsonp: boolean }): Promise<string | undefined> => {
    const path = p.jsonp ? `${p.path}&callback=soak.cb` : p.path;
    try {
      const answer = await readAnswer(await app.get(path, { method: p.method ?? "GET" }));
      const expected = p.jsonp ? 200 : p.status;
      if (expected === 502 && answer.status === 504 && answer.envelope.code === 2001) {
        lateFailures++;
        return undefined;
      }
      if (answer.status !== expected) return `${p.method ?? "GET"} ${path}: HTTP ${answer.status}, expected ${expected}: ${answer.text.slice(0, 200)}`;
      if (p.jsonp && answer.callback !== "soak.cb") return `${path}: not JSONP`;
      if (path.includes("source=all") && answer.envelope.code === 0) {
        const failed = (answer.envelope.data as { failed: string[] }).failed;
        if (failed.join() !== "source_c") return `${path}: failed ${JSON.stringify(failed)}, expected ["source_c"]`;
      }
    } catch (error) {
      return `${path}: ${error instanceof Error ? error.message : String(error)}`;
    }
    return undefined;
  };

  it(`${REQUESTS} mixed requests at concurrency ${CONCURRENCY}: zero unexpected statuses, heap and handles back to baseline`, async () => {
    // Warm-up: every planned request once (fills the cache), then a random pass (warms the JIT).
    const warm = await runWithConcurrency(plan.length, 10, (i) => send({ ...plan[i], jsonp: false }));
    expect(warm.filter(Boolean)).toEqual([]);
    const warm2 = await runWithConcurrency(500, CONCURRENCY, () => send(draw()));
    expect(warm2.filter(Boolean)).toEqual([]);
    const ignore = simulatorSockets(sims);
    await settleHandles({}, 200, ignore);
    collectGarbage();
    const heapBefore = process.memoryUsage().heapUsed;
    const handlesBefore = openHandles(ignore);

    const started = performance.now();
    const problems = (await runWithConcurrency(REQUESTS, CONCURRENCY, () => send(draw()))).filter(Boolean);
    const seconds = (performance.now() - started) / 1000;
    expect(problems.slice(0, 10), `${problems.length} unexpected answers`).toEqual([]);
    expect(lateFailures, "fast failures answered as timeouts").toBeLessThan(REQUESTS / 100);
    expect(app.logs.filter((line) => line.startsWith("error"))).toEqual([]);

    expect(await settleHandles(handlesBefore, 6000, ignore)).toEqual({});
    collectGarbage();
    const heapAfter = process.memoryUsage().heapUsed;
    const grown = heapAfter - heapBefore;
    console.info(
      `soak: ${REQUESTS} requests in ${seconds.toFixed(1)} s (${Math.round(REQUESTS / seconds)}/s); heap after GC ${mb(heapBefore)} → ${mb(heapAfter)} MB`,
    );
    expect(grown, `heap grew by ${mb(grown)} MB`).toBeLessThan(HEAP_TOLERANCE_BYTES);
  }, 60_000);
});

/** The simulators' own (server-side) sockets: they hold hung requests on their own timers. */
function simulatorSockets(sims: Simulator[]): (handle: object) => boolean {
  const ports = new Set(sims.map((s) => Number(new URL(s.url).port)));
  return (handle) => ports.has((handle as { localPort?: number }).localPort ?? -1);
}

function mb(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1);
}

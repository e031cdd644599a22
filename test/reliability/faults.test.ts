/**
 * Fault injection through the upstream simulators, seen from a client of /v1 over HTTP:
 * two sources on two simulators, source_b faulty. Every fault maps to its code and docs/decisions.md (/v1)
 * status (JSON) or 200 (JSONP), is retried only when it failed fast (a reset, 502/503/504) and
 * within the deadline, answers within `timeoutMs`, never crashes the service
 * or logs an internal error, and source_a keeps answering meanwhile (alone and in an `all`
 * search). Handles are counted before and after, so a leaked socket or timer fails the run.
 */
import "reflect-metadata";
import { get as httpGet } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fake from "../fixtures/source-fake/index.ts";
import { startFakeUpstream } from "../fixtures/source-fake/upstream.ts";
import { startTestApp, TEST_UA, type TestApp } from "../support/app.ts";
import type { Fault, Simulator } from "@music-aggregator/core/testing";
import { openHandles, readAnswer, settleHandles, type Answer } from "./support.ts";

const TIMEOUT_MS = 250;
const RETRIES = 2;
const MAX_BODY = 256 * 1024;

interface FaultCase {
  name: string;
  fault: Fault;
  /** the simulator route the fault is put on; every route when absent */
  route?: string;
  /** the /v1 request that meets the fault (on source_b) */
  path: string;
  code: number;
  status: number;
  /** requests source_b's simulator receives for one /v1 request */
  upstreamRequests: number;
}

const SONG = "/v1/song?origin=reliability&source=source_b&id=1";

const FAULTS: FaultCase[] = [
  { name: "no answer (hang)", fault: { kind: "hang" }, path: SONG, code: 2001, status: 504, upstreamRequests: 1 },
  { name: "latency over the timeout", fault: { kind: "latency", ms: 4 * TIMEOUT_MS }, path: SONG, code: 2001, status: 504, upstreamRequests: 1 },
  // A fast failure is retried while the next attempt still fits in the 250 ms: after 0 and ~125 ms.
  { name: "connection reset", fault: { kind: "reset" }, path: SONG, code: 2002, status: 502, upstreamRequests: 2 },
  { name: "HTTP 500", fault: { kind: "status", status: 500 }, path: SONG, code: 2002, status: 502, upstreamRequests: 1 },
  { name: "HTTP 503", fault: { kind: "status", status: 503 }, path: SONG, code: 2002, status: 502, upstreamRequests: 2 },
  { name: "HTTP 429 without Retry-After", fault: { kind: "status", status: 429 }, path: SONG, code: 2002, status: 502, upstreamRequests: 1 },
  { name: "HTML instead of JSON", fault: { kind: "html" }, path: SONG, code: 2003, status: 502, upstreamRequests: 1 },
  { name: "truncated JSON", fault: { kind: "truncated" }, path: SONG, code: 2003, status: 502, upstreamRequests: 1 },
  { name: "a body larger than the cap", fault: { kind: "huge", bytes: 4 * MAX_BODY }, path: SONG, code: 2003, status: 502, upstreamRequests: 1 },
  { name: "a slow trickling body", fault: { kind: "trickle", chunkIntervalMs: 40, chunks: 1000 }, path: SONG, code: 2001, status: 504, upstreamRequests: 1 },
  {
    name: "JSON of the wrong shape",
    fault: { kind: "status", status: 200, body: '{"total":"many","items":[]}' },
    route: "GET /search",
    path: "/v1/search?origin=reliability&source=source_b&q=shape",
    code: 2003,
    status: 502,
    upstreamRequests: 1,
  },
];

describe("upstream faults through /v1", () => {
  let handlesBefore: Record<string, number>;
  let simA: Simulator;
  let simB: Simulator;
  let app: TestApp;
  let unique = 0;
  const fresh = (label: string) => `${label.replace(/\W+/g, "-")}-${++unique}`;

  beforeAll(async () => {
    handlesBefore = openHandles();
    simA = await startFakeUpstream();
    simB = await startFakeUpstream();
    app = await startTestApp({
      plugins: [fake],
      config: {
        sources: { source_a: { plugin: "fake", options: { baseURL: simA.url } }, source_b: { plugin: "fake", options: { baseURL: simB.url } } },
        lyrics: false,
        rateLimit: { points: 1_000_000, duration: 60 },
        cache: { ttl: { song: 1 } },
        upstream: { timeoutMs: TIMEOUT_MS, retries: RETRIES, maxBodyBytes: MAX_BODY, searchAllTimeoutMs: 8 * TIMEOUT_MS },
      },
    });
  });
  afterAll(async () => {
    // Idempotent: the last test closes everything to count handles; this covers a failure before it.
    await Promise.allSettled([app?.close(), simA?.close(), simB?.close()]);
  });

  const ask = async (path: string): Promise<Answer & { ms: number }> => {
    const started = performance.now();
    const answer = await readAnswer(await app.get(path));
    return { ...answer, ms: performance.now() - started };
  };

  it.each(FAULTS)("$name → $code (HTTP $status), source_a keeps answering", async (f) => {
    simB.reset();
    simB.fault(f.fault, f.route);
    const [faulty, healthy] = await Promise.all([ask(f.path), ask(`/v1/search?origin=reliability&source=source_a&q=${fresh(f.name)}`)]);

    expect(faulty.envelope.code).toBe(f.code);
    expect(faulty.status).toBe(f.status);
    expect(faulty.envelope.source).toBe("source_b");
    expect(simB.log.length, `requests to source_b's upstream: ${simB.log.join(", ")}`).toBe(f.upstreamRequests);
    // One source operation never makes its caller wait past the upstream timeout.
    expect(faulty.ms).toBeLessThan(TIMEOUT_MS + 200);
    if (f.code === 2001) expect(faulty.envelope.message).toMatch(new RegExp(`did not answer within (${TIMEOUT_MS - 5}|${TIMEOUT_MS}|\\d{3}) ms`));
    expect(faulty.envelope.cost, "the upstream time really spent").toBeGreaterThan(0);
    expect(healthy.envelope.code).toBe(0);
    expect(healthy.envelope.cost, "source_a was really asked, not served from cache").toBeGreaterThan(0);
    // A slow failure of source_b must not hold source_a's answer back.
    if (faulty.ms > 3 * TIMEOUT_MS) expect(healthy.ms).toBeLessThan(faulty.ms);

    const jsonp = await ask(`${f.path}&callback=reliability.done`);
    expect(jsonp.status).toBe(200);
    expect(jsonp.callback).toBe("reliability.done");
    expect(jsonp.envelope.code).toBe(f.code);

    const all = await ask(`/v1/search?origin=reliability&source=all&q=o`);
    expect(all.envelope.code).toBe(0);
    expect(all.envelope.source).toBe("all");
    const page = all.envelope.data as { failed: string[]; list: { source: string }[] };
    expect(page.failed).toEqual(["source_b"]);
    expect(page.list.length).toBeGreaterThan(0);
    expect(page.list.every((s) => s.source === "source_a")).toBe(true);

    simB.fault(undefined, f.route);
    const recovered = await ask(`/v1/search?origin=reliability&source=source_b&q=${fresh("recovered")}`);
    expect(recovered.envelope.code, "source_b answers again once the fault is gone").toBe(0);
  });

  it("a Retry-After that does not fit in the deadline is not waited for: 2002 at once, one request", async () => {
    for (const [status, seconds] of [[503, "3600"], [429, "1"]] as const) {
      simB.reset();
      simB.fault({ kind: "status", status, headers: { "retry-after": seconds } });
      const answer = await ask(SONG);
      expect(answer.envelope.code).toBe(2002);
      expect(answer.ms).toBeLessThan(TIMEOUT_MS);
      expect(simB.log.length).toBe(1);
    }
    simB.reset();
  });

  it("serves an expired answer (X-Cache STALE) when the upstream fails", async () => {
    simB.reset();
    const path = "/v1/song?origin=reliability&source=source_b&id=2";
    const first = await ask(path);
    expect(first.envelope.code).toBe(0);
    await new Promise((r) => setTimeout(r, 1100)); // song lifetime is 1 s here
    simB.fault({ kind: "status", status: 503 });
    const stale = await ask(path);
    expect(stale.envelope.code).toBe(0);
    expect(stale.headers.get("x-cache")).toBe("STALE");
    expect(stale.envelope.data).toEqual(first.envelope.data);
    expect(simB.log.length).toBe(1 + 2);
    simB.reset();
  });

  it("a burst of hanging requests leaves no socket or timer of the service behind", async () => {
    // The simulator holds its side of a hung request until its own timers fire: not ours to count.
    const simulatorPort = Number(new URL(simB.url).port);
    const simulatorSide = (h: object) => (h as { localPort?: number }).localPort === simulatorPort;
    const before = openHandles(simulatorSide);
    simB.reset();
    simB.fault({ kind: "hang" });
    // One connection per request (agent: false), so idle keep-alive sockets do not blur the count.
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => closeAfter(`${app.url}/v1/song?origin=reliability&source=source_b&id=burst${i}`)),
    );
    for (const a of answers) {
      expect(a.status).toBe(504);
      expect(JSON.parse(a.body).code).toBe(2001);
    }
    expect(simB.log.length).toBe(30);
    simB.fault(undefined);
    expect(await settleHandles(before, 3000, simulatorSide)).toEqual({});
  });

  it("logged no internal error and still answers", async () => {
    const status = await ask("/v1/status?origin=reliability");
    expect(status.envelope.code).toBe(0);
    expect(app.logs.filter((line) => line.startsWith("error"))).toEqual([]);
  });

  it("closes without leaking handles", async () => {
    await Promise.all([app.close(), simA.close(), simB.close()]);
    expect(await settleHandles(handlesBefore)).toEqual({});
  });
});

/** A GET on its own connection, closed after the answer. */
function closeAfter(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { agent: false, headers: { "user-agent": TEST_UA } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    }).on("error", reject);
  });
}

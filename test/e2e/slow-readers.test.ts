/**
 * Readers that never read must not hold the process (issue 38, item 2), against the real entry
 * point on loopback. A client pipelining 32 large answers and reading nothing is closed once
 * its answers have not moved for `server.writeStallTimeoutMs`, while one that reads slowly
 * keeps its connection and gets everything; hundreds of such clients, more than the process
 * has file descriptors, leave `/healthz` and `/readyz` answering on fresh connections (one
 * address's connections past its cap are refused, the probes among them still answered); with
 * `WORKERS=2` each worker closes its share; and a drain gives them `server.drainTimeoutMs`, then
 * closes them, so the process exits 0 long before the forced exit.
 *
 * The answers are Redoc's bundle (1.1 MB): 32 of them are more than the kernel buffers
 * for one connection on any machine, so every non-reader really stalls. Few non-readers are
 * used (each holds a few MB of kernel memory); the crowd that outnumbers the file descriptors
 * asks for the OpenAPI document, and the per-address cap keeps what it holds small.
 */
import { readdirSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { HAVE_PRLIMIT, startMainProcess, type MainProcess } from "../support/main-process.ts";
import { idle, nonReader, probe, readAll, type Held } from "../support/raw-clients.ts";

const BUNDLE = "/assets/redoc.standalone.js";
const quiet = { sources: {}, lyrics: false, log: { access: false } };

let main: MainProcess | undefined;
let held: Held[] = [];

afterEach(async () => {
  for (const one of held) one.socket.destroy();
  held = [];
  await main?.stop();
  main = undefined;
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function bundleSize(url: string): Promise<number> {
  const response = await fetch(`${url}${BUNDLE}`, { method: "HEAD" });
  return Number(response.headers.get("content-length"));
}

/** Probes on fresh connections, `/healthz` and `/readyz` in turn, for `ms`: each answer's status and time. */
async function probeFor(port: number, ms: number, from: string): Promise<{ status: number; ms: number }[]> {
  const seen: { status: number; ms: number }[] = [];
  for (const end = Date.now() + ms; Date.now() < end; await pause(150)) {
    const answer = await probe(port, seen.length % 2 ? "/readyz" : "/healthz", from, 8000);
    seen.push({ status: answer.status, ms: answer.ms });
  }
  return seen;
}

describe("a client that reads nothing of its answers", () => {
  it("is closed after writeStallTimeoutMs; a client that reads slowly keeps its connection and gets every answer", async () => {
    main = startMainProcess({ config: { ...quiet, server: { writeStallTimeoutMs: 1500 } } });
    await main.ready;
    const size = await bundleSize(main.url);
    expect(size).toBeGreaterThan(1_000_000);
    const stalled = nonReader(main.port, BUNDLE, 32, "127.0.0.5");
    const slow = nonReader(main.port, BUNDLE, 32, "127.0.0.6");
    held.push(stalled, slow);
    await Promise.all([stalled.connected, slow.connected]);
    // The slow one takes what has arrived every 20 ms (a few hundred KB a second) for 4.5 s, three stall timeouts.
    let slowBytes = 0;
    let slowClosed = false;
    slow.socket.once("close", () => (slowClosed = true));
    for (const end = Date.now() + 4500; Date.now() < end; await pause(20)) {
      for (let chunk: Buffer | null; (chunk = slow.socket.read() as Buffer | null); ) slowBytes += chunk.length;
    }
    expect(slowClosed).toBe(false);
    expect(slowBytes).toBeGreaterThan(0);
    // Read now: the one that read nothing was cut short, the slow one gets all 32 answers.
    const [cut, whole] = await Promise.all([readAll(stalled.socket, 15_000), readAll(slow.socket, 15_000)]);
    expect(cut.ended).toBe(true);
    expect(cut.bytes).toBeLessThan(32 * size);
    expect(slowBytes + whole.bytes).toBeGreaterThan(32 * size);
    expect(main.output()).toContain("closed 1 connection(s) whose client read nothing of its answer for 1.5 s");
  }, 60_000);
});

describe.skipIf(!HAVE_PRLIMIT)("more non-readers than the process has file descriptors (open-file limit 256)", () => {
  it("one address: 400 connections pipelining 32 × /openapi.json; probes on fresh connections keep answering, from any address", async () => {
    // The defaults (a cap of 64 per address, the ceiling from the open-file limit), except a stall timeout that outlasts the test.
    main = startMainProcess({ openFiles: 256, config: { ...quiet, server: { writeStallTimeoutMs: 60_000 } } });
    await main.ready;
    held = Array.from({ length: 400 }, () => nonReader(main!.port, "/openapi.json", 32));
    await Promise.all(held.map((one) => one.connected));
    await pause(500);
    const [ours, theirs] = await Promise.all([probeFor(main.port, 3000, "127.0.0.2"), probeFor(main.port, 3000, "127.0.0.1")]);
    expect(ours.length).toBeGreaterThan(3);
    expect(theirs.length).toBeGreaterThan(3);
    for (const answer of [...ours, ...theirs]) expect(answer).toEqual({ status: 200, ms: expect.any(Number) });
    // The process holds the cap's worth of them and far fewer descriptors than its limit.
    expect(readdirSync(`/proc/${main.child.pid}/fd`).length).toBeLessThan(200);
    expect((await probe(main.port, "/v1/source?origin=t", "127.0.0.2")).status).toBe(200);
    expect(main.output()).toMatch(/connections refused since the last report: \d+ over the cap of 64 per address/);
  }, 60_000);

  it("a crowd of addresses past the ceiling: probes keep answering, other requests on new connections are refused with 429", async () => {
    // Ceiling: 256 − 128 = 128 connections, and a band of 32 above it for the ones answered and closed.
    main = startMainProcess({ openFiles: 256, config: quiet });
    await main.ready;
    held = Array.from({ length: 12 * 14 }, (_, i) => idle(main!.port, `127.0.1.${10 + (i % 12)}`));
    await Promise.all(held.map((one) => one.connected));
    // The ones past the ceiling that sent nothing are closed after 2 s, freeing the band.
    await pause(2500);
    const answers = await probeFor(main.port, 2500, "127.0.0.2");
    for (const answer of answers) expect(answer.status).toBe(200);
    const refused = await probe(main.port, "/v1/source?origin=t", "127.0.0.2");
    expect([refused.status, JSON.parse(refused.body)]).toEqual([429, { code: 4001, message: "the service has too many connections open: retry in a moment", data: null, source: null, cost: 0 }]);
    expect(main.output()).toMatch(/over the ceiling of 128 connections/);
  }, 60_000);
});

describe("WORKERS=2", () => {
  it("each worker closes the non-readers it holds", async () => {
    main = startMainProcess({ env: { WORKERS: "2" }, config: { ...quiet, server: { writeStallTimeoutMs: 1500, maxConnectionsPerAddress: 8 } } });
    await main.ready;
    const size = await bundleSize(main.url);
    held = Array.from({ length: 24 }, () => nonReader(main!.port, BUNDLE, 32, "127.0.0.7"));
    await Promise.all(held.map((one) => one.connected));
    await pause(4500);
    const reads = await Promise.all(held.map((one) => readAll(one.socket, 15_000)));
    for (const read of reads) {
      expect(read.ended).toBe(true);
      expect(read.bytes).toBeLessThan(32 * size);
    }
    expect(main.output()).toMatch(/worker-\d\] closed \d+ connection\(s\) whose client read nothing/);
    expect((await probe(main.port, "/healthz", "127.0.0.7")).status).toBe(200);
  }, 60_000);
});

describe("the drain and non-readers", () => {
  it.each([
    ["one process", {}],
    ["WORKERS=2", { WORKERS: "2" }],
  ])("%s: after drainTimeoutMs their connections are closed and the process exits 0, well before the forced exit", async (_name, env) => {
    main = startMainProcess({ env, config: { ...quiet, server: { writeStallTimeoutMs: 60_000, readinessGraceMs: 200, drainTimeoutMs: 1500 } } });
    await main.ready;
    held = Array.from({ length: 6 }, () => nonReader(main!.port, BUNDLE, 32, "127.0.0.8"));
    await Promise.all(held.map((one) => one.connected));
    await pause(500);
    const signalled = Date.now();
    main.child.kill("SIGTERM");
    expect(await main.exited).toBe(0);
    // grace 0.2 s + drain 1.5 s, and the start of the close; the forced exit would be at 10 s
    expect(Date.now() - signalled).toBeLessThan(6000);
    expect(main.output()).toMatch(/drain: \d+ request\(s\) still under way after 1.5 s/);
  }, 60_000);
});

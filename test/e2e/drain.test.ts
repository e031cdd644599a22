/**
 * Shutdown under keep-alive load, against the real entry point: clients keep writing requests
 * on their keep-alive connections while the service gets SIGTERM. Every request it accepted is
 * answered; answers during the drain say `Connection: close`; a request is refused only as a
 * new connection to a closed port, never reset on a connection the service had open.
 *
 * Before the listener closes, `/readyz` answers 503 on fresh connections for the readiness
 * grace, while everything else is served, so that a load balancer stops sending first.
 *
 * With WORKERS, the primary accepts connections and hands each to a worker (Node's round-robin
 * cluster): a connection handed over just as that worker closes its listener is closed by Node
 * before any request on it is read. Such a reset can only hit a fresh connection, never one a
 * request was answered on, and no request on it was accepted: it is counted apart, as refused.
 */
import { Agent, request } from "node:http";
import { describe, expect, it } from "vitest";
import { startMainProcess } from "../support/main-process.ts";
import { probe } from "../support/raw-clients.ts";

const CLIENTS = 8;

interface Outcome {
  ok: number;
  closing: number;
  refused: number;
  /** fresh connections the cluster's primary handed to a worker that had just closed its listener */
  resetFresh: number;
  lost: string[];
}

function ask(agent: Agent, port: number, path: string): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, agent, headers: { "user-agent": "drain-test/1.0" } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
      res.on("error", reject);
    });
    // Whether the request went out on a connection that had carried an answer before.
    req.on("error", (error: NodeJS.ErrnoException) => reject(Object.assign(error, { reusedSocket: req.reusedSocket })));
    req.end();
  });
}

async function hammer(port: number, stopAt: () => boolean, outcome: Outcome, groupOfWorkers: boolean): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    while (!stopAt()) {
      try {
        const answer = await ask(agent, port, "/v1/source?origin=drain");
        expect(answer.status).toBe(200);
        outcome.ok++;
        if (answer.connection === "close") outcome.closing++;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? String(error);
        // A new connection to a port nobody listens on any more: the request was never accepted.
        if (code === "ECONNREFUSED") outcome.refused++;
        else if (code === "ECONNRESET" && groupOfWorkers && !(error as { reusedSocket?: boolean }).reusedSocket) outcome.resetFresh++;
        else outcome.lost.push(code);
        return;
      }
    }
  } finally {
    agent.destroy();
  }
}

describe("SIGTERM under keep-alive load", () => {
  it.each([
    ["one process", {}],
    ["WORKERS=2", { WORKERS: "2" }],
  ])("%s: nothing accepted is lost, answers during the drain close their connection", async (_name, env) => {
    const service = startMainProcess({ config: { rateLimit: { points: 1_000_000, duration: 60 } }, env });
    try {
      await service.ready;
      const outcome: Outcome = { ok: 0, closing: 0, refused: 0, resetFresh: 0, lost: [] };
      let exited = false;
      void service.exited.then(() => (exited = true));
      const deadline = Date.now() + 15_000;
      const clients = Array.from({ length: CLIENTS }, () => hammer(service.port, () => exited || Date.now() > deadline, outcome, "WORKERS" in env));
      // Let every client settle on its keep-alive connection, then stop the service under load.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const before = outcome.ok;
      service.child.kill("SIGTERM");
      await Promise.all(clients);
      expect(await service.exited).toBe(0);
      console.info(`[drain] ${JSON.stringify({ ...outcome, beforeSignal: before })}`);
      expect(before).toBeGreaterThan(CLIENTS);
      expect(outcome.lost).toEqual([]);
      expect(outcome.closing).toBeGreaterThan(0);
    } finally {
      await service.stop();
    }
  }, 40_000);
});

describe("SIGTERM: the readiness grace before the listener closes", () => {
  it.each([
    ["one process", {}],
    ["WORKERS=2", { WORKERS: "2" }],
  ])("%s: fresh connections see /readyz 503 draining for readinessGraceMs, /healthz 200 and requests served; then the port closes", async (_name, env) => {
    const service = startMainProcess({ config: { sources: {}, lyrics: false, server: { readinessGraceMs: 1500 } }, env });
    try {
      await service.ready;
      expect((await probe(service.port, "/readyz")).status).toBe(200);
      let exited = false;
      void service.exited.then(() => (exited = true));
      service.child.kill("SIGTERM");
      const signalled = Date.now();
      const seen: { ms: number; ready: number; readyBody: string; health: number; api: number }[] = [];
      while (!exited && Date.now() - signalled < 8000) {
        const [ready, health, api] = await Promise.all(["/readyz", "/healthz", "/v1/source?origin=grace"].map((path) => probe(service.port, path)));
        seen.push({ ms: Date.now() - signalled, ready: ready.status, readyBody: ready.body, health: health.status, api: api.status });
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await service.exited).toBe(0);
      console.info(`[grace] ${JSON.stringify(seen.map((s) => [s.ms, s.ready, s.health, s.api]))}`);
      // A group's primary passes the signal on: a worker may answer "ready" for a moment before it has it.
      const first = seen.findIndex((s) => s.ready !== 200);
      expect(seen.slice(0, first).every((s) => s.ms < 1000)).toBe(true);
      // Each round's three probes go out together: every one answered (the grace), none (closed),
      // or, once at most, the round the listener closed in, some answered and some refused.
      const phase = (s: (typeof seen)[number]) => {
        const answered = [s.ready, s.health, s.api].filter((status) => status !== 0).length;
        return answered === 3 ? 0 : answered === 0 ? 2 : 1;
      };
      const phases = seen.slice(first).map(phase);
      expect(phases).toEqual([...phases].sort());
      expect(phases.filter((p) => p === 1).length).toBeLessThanOrEqual(1);
      const during = seen.slice(first).filter((s) => phase(s) === 0);
      expect(during.length).toBeGreaterThanOrEqual(3);
      expect(during.at(-1)!.ms).toBeGreaterThan(1000);
      for (const s of during) {
        expect([s.ready, JSON.parse(s.readyBody).status, s.health, s.api]).toEqual([503, "draining", 200, 200]);
      }
      // What the closing round did answer is the grace's answer.
      for (const s of seen.slice(first).filter((s) => phase(s) === 1)) {
        expect([s.ready, s.health, s.api].filter((status) => status !== 0).every((status) => status === 503 || status === 200)).toBe(true);
      }
    } finally {
      await service.stop();
    }
  }, 40_000);
});

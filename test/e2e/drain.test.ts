/**
 * Shutdown under keep-alive load, against the real entry point: clients keep writing requests
 * on their keep-alive connections while the service gets SIGTERM. Every request it accepted is
 * answered; answers during the drain say `Connection: close`; a request is refused only as a
 * new connection to a closed port, never reset on a connection the service had open.
 *
 * With WORKERS, the primary accepts connections and hands each to a worker (Node's round-robin
 * cluster): a connection handed over just as that worker closes its listener is closed by Node
 * before any request on it is read. Such a reset can only hit a fresh connection, never one a
 * request was answered on, and no request on it was accepted: it is counted apart, as refused.
 */
import { Agent, request } from "node:http";
import { describe, expect, it } from "vitest";
import { startMainProcess } from "../support/main-process.ts";

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

/**
 * Servers taking turns under the same load: 7 rounds, each server's median kept (a burst of
 * other work on a shared machine moves a median least), and the CPU time each server process
 * spent per answer over all rounds (Linux `/proc`), which the host's noise moves less than
 * req/s. Also the cache fill every throughput load starts from.
 */
import { runWithConcurrency } from "../../../core/concurrency.ts";
import { processCpuMs } from "./cpu.ts";
import { keepAliveAgent, timedGet } from "./http.ts";
import { CONNECTIONS, load } from "./load.ts";

export const ROUNDS = 7;

/** Per server of one load: median req/s, and CPU µs per answer over all rounds (none without `/proc`). */
export interface Measured {
  rps: Record<string, number>;
  cpuUs: Record<string, number>;
}

/** A target of a load: its URL, and the `Accept-Encoding` its requests send (none by default). */
export interface Target {
  url: string;
  acceptEncoding?: string;
}

/**
 * Every target in turn, `rounds` times, after one warm-up second each: `urls` by target name
 * (a URL, or a `Target`), `pids` the process answering each; `paths` (taken in turn) replace each URL's own path; with
 * `clients`, requests come from that many clients in turn (see `load`).
 */
export async function measureRounds(urls: Record<string, string | Target>, pids: Record<string, number>, roundSeconds: number, paths?: string[], clients = 0, rounds = ROUNDS): Promise<Measured> {
  const rps: Record<string, number[]> = {};
  const cpu: Record<string, { ms: number; answers: number }> = {};
  const targets = Object.entries(urls).map(([name, target]) => [name, typeof target === "string" ? { url: target } : target] as const);
  // A load that fails names its target (a URL alone does not say which server it was).
  const named = (target: string, run: Promise<number>) => run.catch((error: Error) => Promise.reject(new Error(`${target}: ${error.message}`, { cause: error })));
  for (const [target, { url, acceptEncoding }] of targets) await named(target, load(url, 1, paths, { clients, acceptEncoding })); // warm-up
  for (let round = 0; round < rounds; round++) {
    for (const [target, { url, acceptEncoding }] of targets) {
      const before = processCpuMs(pids[target]);
      const rate = await named(target, load(url, roundSeconds, paths, { clients, acceptEncoding }));
      const after = processCpuMs(pids[target]);
      (rps[target] ??= []).push(rate);
      const spent = (cpu[target] ??= { ms: 0, answers: 0 });
      if (before !== undefined && after !== undefined) spent.ms += after - before;
      spent.answers += rate * roundSeconds;
    }
  }
  return {
    rps: Object.fromEntries(Object.entries(rps).map(([target, xs]) => [target, median(xs)])),
    cpuUs: Object.fromEntries(Object.entries(cpu).filter(([, c]) => c.ms > 0).map(([target, c]) => [target, (c.ms * 1000) / c.answers])),
  };
}

/**
 * One figure per side from several processes of it (targets named by side, then a number:
 * `raw0`, `raw1`, …): the median of its processes' medians, and the median of their CPU per
 * answer. On a shared VM two processes of one program can run 15 % apart for their whole
 * lives, whatever the program (docs/performance.md): one process a side compares draws.
 */
export function bySide(measured: Measured): Measured {
  const sides = new Map<string, string[]>();
  for (const target of Object.keys(measured.rps)) {
    const side = target.replace(/\d+$/, "");
    sides.set(side, [...(sides.get(side) ?? []), target]);
  }
  const fold = (values: Record<string, number>) =>
    Object.fromEntries([...sides].flatMap(([side, targets]) => {
      const known = targets.filter((target) => values[target] !== undefined);
      return known.length ? [[side, median(known.map((target) => values[target]))]] : [];
    }));
  return { rps: fold(measured.rps), cpuUs: fold(measured.cpuUs) };
}

/** Fills the cache of the service at `base` with every path, then reads each once more (from cache, now rendered); returns the bodies. */
export async function fillAndRead(base: string, paths: string[]): Promise<Map<string, string>> {
  const agent = keepAliveAgent(CONNECTIONS);
  const bodies = new Map<string, string>();
  for (const pass of ["fill", "read"]) {
    await runWithConcurrency(paths.length, CONNECTIONS, async (i) => {
      const answer = await timedGet(base + paths[i], agent);
      if (answer.status !== 200) throw new Error(`${paths[i]}: ${answer.status} ${answer.body.slice(0, 200)}`);
      if (pass === "read") {
        if (answer.headers["x-cache"] !== "HIT") throw new Error(`${paths[i]} is not served from cache`);
        bodies.set(paths[i], answer.body);
      }
    });
  }
  agent.destroy();
  return bodies;
}

// --- internal ---

function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}

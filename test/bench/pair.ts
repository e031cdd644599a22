/**
 * `npm run bench:pair`: variants of the service side by side, for the question "does this change
 * cost anything?". Each variant is a fresh service process (compiled, as `npm start` runs it)
 * with its own config on top of the bench's, or its own environment; all serve one cached
 * `/v1/song`, and take turns under wrk for a number of rounds. Printed per variant: the median
 * req/s and the CPU time per answer over all rounds (Linux `/proc`), which moves less. With
 * `PAIR_LOAD=misses`, the uncached path instead: each variant answers `MISS_WARM_UP` misses
 * first (`lib/setup.ts`), then rounds of misses one at a time in turn; printed per variant:
 * the median of its rounds' CPU per miss, and its median miss. Repeat a
 * variant (`a`, `a2`, …) to see the spread between processes of the same code: on a shared VM
 * two processes of one build can differ by a few per cent for their whole life.
 *
 * Environment:
 *   PAIR_VARIANTS  JSON: {name: {config?: {...}, env?: {...}, nodeFlags?: [...]}}; default two
 *                  plain services (nodeFlags: `--cpu-prof`, say, which NODE_OPTIONS refuses)
 *   PAIR_ROUNDS    rounds (default 5); PAIR_SECONDS  seconds a round (default 2)
 *   PAIR_LOAD      `cached` (default) or `misses`; PAIR_MISSES  misses a round (default 500)
 */
import "reflect-metadata";
import type { AppConfigInput } from "../../server/engine/config.ts";
import { buildChildren } from "./lib/child.ts";
import { processCpuMs } from "./lib/cpu.ts";
import { keepAliveAgent, percentile, timedGet } from "./lib/http.ts";
import { fillAndRead, measureRounds } from "./lib/rounds.ts";
import { MISS_WARM_UP, startService, startUpstream, type Service } from "./lib/setup.ts";

interface Variant {
  config?: AppConfigInput;
  env?: Record<string, string>;
  nodeFlags?: string[];
}

const SONG = "/v1/song?origin=bench&source=source_a&id=3135556";
const variants: Record<string, Variant> = JSON.parse(process.env.PAIR_VARIANTS ?? '{"a":{},"b":{}}');
const rounds = Number(process.env.PAIR_ROUNDS ?? 5);
const seconds = Number(process.env.PAIR_SECONDS ?? 2);
const misses = process.env.PAIR_LOAD === "misses" ? Number(process.env.PAIR_MISSES ?? 500) : 0;

buildChildren();
const upstream = await startUpstream();
const services: Record<string, Service> = {};
try {
  for (const [name, { config = {}, env = {}, nodeFlags = [] }] of Object.entries(variants)) {
    services[name] = await startService(upstream, config, env, nodeFlags);
  }
  if (misses) await compareMisses(services);
  else await compareCached(services);
} finally {
  await Promise.all(Object.values(services).map((s) => s.stop()));
  await upstream.stop();
}

async function compareCached(services: Record<string, Service>): Promise<void> {
  for (const service of Object.values(services)) await fillAndRead(service.ready, [SONG]);
  const urls = Object.fromEntries(Object.entries(services).map(([name, service]) => [name, service.ready + SONG]));
  const pids = Object.fromEntries(Object.entries(services).map(([name, service]) => [name, service.pid]));
  const { rps, cpuUs } = await measureRounds(urls, pids, seconds, undefined, 0, rounds);
  for (const name of Object.keys(services)) {
    const cpu = cpuUs[name] !== undefined ? `${cpuUs[name].toFixed(2)} µs CPU per answer` : "no /proc";
    console.log(`${name.padEnd(16)} ${Math.round(rps[name]).toLocaleString("en-US").padStart(8)} req/s  ${cpu}`);
  }
}

/** Uncached songs one at a time, each a new id; the variants take turns, in the other order every second round. */
async function compareMisses(services: Record<string, Service>): Promise<void> {
  const agent = keepAliveAgent(1);
  let next = 0;
  const ask = async (service: Service, count: number) => {
    const times: number[] = [];
    for (let i = 0; i < count; i++) times.push((await timedGet(`${service.ready}/v1/song?origin=bench&source=source_a&id=pair-${next++}`, agent)).ms);
    return times;
  };
  const names = Object.keys(services);
  const cpuUs: Record<string, number[]> = {};
  const times: Record<string, number[]> = {};
  try {
    for (let batch = 0; batch < MISS_WARM_UP / 50; batch++) for (const name of names) await ask(services[name], 50);
    for (let round = 0; round < rounds; round++) {
      for (const name of round % 2 ? [...names].reverse() : names) {
        const before = processCpuMs(services[name].pid);
        (times[name] ??= []).push(...(await ask(services[name], misses)));
        const after = processCpuMs(services[name].pid);
        if (before !== undefined && after !== undefined) (cpuUs[name] ??= []).push(((after - before) * 1000) / misses);
      }
    }
  } finally {
    agent.destroy();
  }
  for (const name of names) {
    const cpu = cpuUs[name] ? `${percentile(cpuUs[name], 50).toFixed(0)} µs CPU per miss (rounds ${cpuUs[name].map((us) => us.toFixed(0)).join(", ")})` : "no /proc";
    console.log(`${name.padEnd(16)} ${cpu}; median miss ${percentile(times[name], 50).toFixed(3)} ms`);
  }
}

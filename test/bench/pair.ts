/**
 * `npm run bench:pair`: variants of the service side by side, for the question "does this change
 * cost anything?". Each variant is a fresh service process (compiled, as `npm start` runs it)
 * with its own config on top of the bench's, or its own environment; all serve one cached
 * `/v1/song`, and take turns under wrk for a number of rounds. Printed per variant: the median
 * req/s and the CPU time per answer over all rounds (Linux `/proc`), which moves less. Repeat a
 * variant (`a`, `a2`, …) to see the spread between processes of the same code: on a shared VM
 * two processes of one build can differ by a few per cent for their whole life.
 *
 * Environment:
 *   PAIR_VARIANTS  JSON: {name: {config?: {...}, env?: {...}, nodeFlags?: [...]}}; default two
 *                  plain services (nodeFlags: `--cpu-prof`, say, which NODE_OPTIONS refuses)
 *   PAIR_ROUNDS    rounds (default 5); PAIR_SECONDS  seconds a round (default 2)
 */
import "reflect-metadata";
import type { AppConfigInput } from "../../server/engine/config.ts";
import { buildChildren } from "./lib/child.ts";
import { fillAndRead, measureRounds } from "./lib/rounds.ts";
import { startService, startUpstream, type Service } from "./lib/setup.ts";

interface Variant {
  config?: AppConfigInput;
  env?: Record<string, string>;
  nodeFlags?: string[];
}

const SONG = "/v1/song?origin=bench&source=source_a&id=3135556";
const variants: Record<string, Variant> = JSON.parse(process.env.PAIR_VARIANTS ?? '{"a":{},"b":{}}');
const rounds = Number(process.env.PAIR_ROUNDS ?? 5);
const seconds = Number(process.env.PAIR_SECONDS ?? 2);

buildChildren();
const upstream = await startUpstream();
const services: Record<string, Service> = {};
try {
  for (const [name, { config = {}, env = {}, nodeFlags = [] }] of Object.entries(variants)) {
    services[name] = await startService(upstream, config, env, nodeFlags);
    await fillAndRead(services[name].ready, [SONG]);
  }
  const urls = Object.fromEntries(Object.entries(services).map(([name, service]) => [name, service.ready + SONG]));
  const pids = Object.fromEntries(Object.entries(services).map(([name, service]) => [name, service.pid]));
  const { rps, cpuUs } = await measureRounds(urls, pids, seconds, undefined, 0, rounds);
  for (const name of Object.keys(services)) {
    const cpu = cpuUs[name] !== undefined ? `${cpuUs[name].toFixed(2)} µs CPU per answer` : "no /proc";
    console.log(`${name.padEnd(16)} ${Math.round(rps[name]).toLocaleString("en-US").padStart(8)} req/s  ${cpu}`);
  }
} finally {
  await Promise.all(Object.values(services).map((s) => s.stop()));
  await upstream.stop();
}

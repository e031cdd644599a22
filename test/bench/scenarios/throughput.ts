/**
 * Requests per second of a cached `/v1/song`, in JSON and in JSONP mode, against a bare h3
 * app answering a fixed body of the same size on the same stack. All three are loaded by
 * autocannon from this process in alternating rounds, so they share the machine's state;
 * each gets the median of its rounds, which a burst of other work on the machine moves least.
 */
import autocannon from "autocannon";
import { startChild } from "../lib/child.ts";
import { BENCH_UA, keepAliveAgent, timedGet } from "../lib/http.ts";
import type { Service } from "../lib/setup.ts";
import { fmt, type Row } from "../lib/table.ts";

const CONNECTIONS = 50;
const ROUNDS = 3;
const SONG = "/v1/song?origin=bench&source=source_a&id=3135556";

export async function throughput(service: Service, roundSeconds: number): Promise<Row[]> {
  const agent = keepAliveAgent(1);
  await timedGet(service.ready + SONG, agent);
  const cached = await timedGet(service.ready + SONG, agent);
  const jsonp = await timedGet(`${service.ready}${SONG}&callback=cb`, agent);
  agent.destroy();
  if (cached.headers["x-cache"] !== "HIT" || !jsonp.body.startsWith("/**/ typeof cb")) throw new Error("cached /v1/song is not served from cache");

  const baseline = await startChild<string>("baseline", { BENCH_BODY: cached.body });
  try {
    const targets = { baseline: baseline.ready + SONG, json: service.ready + SONG, jsonp: `${service.ready}${SONG}&callback=cb` };
    for (const url of Object.values(targets)) await load(url, 1); // warm-up
    const rps: Record<keyof typeof targets, number[]> = { baseline: [], json: [], jsonp: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, url] of Object.entries(targets) as [keyof typeof targets, string][]) rps[name].push(await load(url, roundSeconds));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const base = median(rps.baseline);
    const row = (metric: string, value: number): Row => ({
      metric,
      measured: fmt.rps(value),
      target: `≥ 0.80 × ${fmt.rps(base)}`,
      ratio: value / base,
      pass: value / base >= 0.8,
    });
    return [
      { metric: `baseline: bare h3, fixed ${cached.body.length}-byte JSON body`, measured: fmt.rps(base), target: "(the limit of this stack)", ratio: 1 },
      row("cached /v1/song, JSON", median(rps.json)),
      row("cached /v1/song, JSONP", median(rps.jsonp)),
    ];
  } finally {
    await baseline.stop();
  }
}

/** Requests per second over `seconds` at CONNECTIONS; any non-2xx answer or error aborts the bench. */
async function load(url: string, seconds: number): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { "user-agent": BENCH_UA } });
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return result.requests.total / result.duration;
}

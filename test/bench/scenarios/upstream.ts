/**
 * Scenarios against the simulated upstreams: the latency the service adds to an uncached
 * `/v1/song` over an upstream that takes 20 ms; 500 concurrent identical uncached requests
 * (one upstream call expected); an `all` search with one source hanging (answered right
 * after the per-source deadline).
 */
import { runWithConcurrency } from "../../../core/music/concurrency.ts";
import { keepAliveAgent, percentile, timedGet, type Timed } from "../lib/http.ts";
import { resetUpstream, SEARCH_ALL_DEADLINE_MS, type Service, type Upstream } from "../lib/setup.ts";
import { fmt, type Row } from "../lib/table.ts";

const UPSTREAM_LATENCY_MS = 20;

/**
 * p50/p99 of an uncached /v1/song minus the same of the simulator asked directly, one request
 * at a time (what the service adds to a request, not queueing behind others), in alternating
 * batches so that both sides see the same moments of the machine.
 */
export async function addedLatency(service: Service, upstream: Upstream, requests = 400, concurrency = 1): Promise<Row[]> {
  await resetUpstream(upstream);
  await upstream.call("fault", { index: 0, fault: { kind: "latency", ms: UPSTREAM_LATENCY_MS } });
  const batch = 50;
  const agent = keepAliveAgent(concurrency);
  const direct: number[] = [];
  const through: number[] = [];
  const run = async (label: string, sink: number[] | undefined, b: number) => {
    const answers = await runWithConcurrency(batch, concurrency, (i) =>
      label === "direct"
        ? timedGet(`${upstream.ready[0]}/tracks/lat-${b}-${i}`, agent)
        : timedGet(`${service.ready}/v1/song?origin=bench&source=source_a&id=lat-${b}-${i}`, agent),
    );
    for (const a of answers) {
      if (a.status !== 200 || (label === "service" && a.headers["x-cache"] !== "MISS")) throw new Error(`${label}: ${a.status} ${a.body.slice(0, 200)}`);
      sink?.push(a.ms);
    }
  };
  await run("direct", undefined, -1); // warm-up, both ways
  await run("service", undefined, -1);
  for (let b = 0; b < requests / batch; b++) {
    await run("direct", direct, b);
    await run("service", through, b);
  }
  agent.destroy();
  await resetUpstream(upstream);
  const p50 = percentile(through, 50) - percentile(direct, 50);
  const p99 = percentile(through, 99) - percentile(direct, 99);
  const detail = (p: number) => `(${fmt.ms(percentile(through, p))} vs ${fmt.ms(percentile(direct, p))} direct)`;
  return [
    { metric: `uncached /v1/song over a ${UPSTREAM_LATENCY_MS} ms upstream: added latency p50`, measured: `${fmt.ms(p50)} ${detail(50)}`, target: "< 0.5 ms", ratio: p50 / 0.5, pass: p50 < 0.5 },
    { metric: `uncached /v1/song over a ${UPSTREAM_LATENCY_MS} ms upstream: added latency p99`, measured: `${fmt.ms(p99)} ${detail(99)}`, target: "< 3 ms", ratio: p99 / 3, pass: p99 < 3 },
  ];
}

/** 500 concurrent identical uncached requests on 500 open connections: upstream calls made. */
export async function coalescing(service: Service, upstream: Upstream, concurrent = 500): Promise<Row[]> {
  await resetUpstream(upstream);
  await upstream.call("fault", { index: 0, fault: { kind: "latency", ms: 100 } });
  const agent = keepAliveAgent(concurrent);
  // Open every connection first, so the 500 requests really are in flight together.
  await runWithConcurrency(concurrent, concurrent, () => timedGet(`${service.ready}/v1/status?origin=bench`, agent));
  const answers: Timed[] = await runWithConcurrency(concurrent, concurrent, () => timedGet(`${service.ready}/v1/song?origin=bench&source=source_a&id=coalesce-1`, agent));
  agent.destroy();
  const calls = await upstream.call<number>("calls", { index: 0 });
  await resetUpstream(upstream);
  const ok = answers.filter((a) => a.status === 200).length;
  const shared = answers.filter((a) => a.headers["x-cache"] === "MISS").length;
  return [
    {
      metric: `${concurrent} concurrent identical uncached /v1/song: upstream calls`,
      measured: `${calls} (${ok} × 200; ${shared} shared the one call, ${ok - shared} from cache)`,
      target: "exactly 1",
      ratio: calls,
      pass: calls === 1 && ok === concurrent,
    },
  ];
}

/** `all` search with source_c hanging: how long after the per-source deadline the answer comes (worst of 5). */
export async function searchAllHanging(service: Service, upstream: Upstream, runs = 5): Promise<Row[]> {
  await resetUpstream(upstream);
  await upstream.call("fault", { index: 2, fault: { kind: "hang" } });
  const agent = keepAliveAgent(1);
  const overshoot: number[] = [];
  for (let i = 0; i < runs; i++) {
    const answer = await timedGet(`${service.ready}/v1/search?origin=bench&source=all&q=hanging-${i}`, agent);
    const envelope = JSON.parse(answer.body) as { code: number; data: { failed: string[] } };
    if (envelope.code !== 0 || envelope.data.failed.join() !== "source_c") throw new Error(`all search: ${answer.body.slice(0, 200)}`);
    overshoot.push(answer.ms - SEARCH_ALL_DEADLINE_MS);
  }
  agent.destroy();
  await resetUpstream(upstream);
  const worst = Math.max(...overshoot);
  return [
    {
      metric: `search all, one source hanging: answer time over the ${SEARCH_ALL_DEADLINE_MS} ms deadline (worst of ${runs})`,
      measured: fmt.ms(worst),
      target: "< 50 ms",
      ratio: worst / 50,
      pass: worst < 50 && Math.min(...overshoot) >= 0,
    },
  ];
}

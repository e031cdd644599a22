/**
 * Memory of a fresh service process, resident set (and V8 heap) after a full GC: empty; after
 * filling the cache with 50,000 distinct songs; after 50,000 more (the cache is full and
 * evicting); after 50,000 more again (must not grow: bounded by cache.max); and after two
 * halves of a mixed load at concurrency 100 (must not grow from run to run). V8 keeps freed
 * heap pages committed for a while, more of them after a heavier load, so the resident set
 * moves within a band once it is in a load's steady state; "no growth" means no step goes
 * more than 10 % over the highest steady state measured before it. Beside the resident set:
 * V8's heap in use and committed, and the memory held outside it (`external`).
 */
import autocannon from "autocannon";
import { runWithConcurrency } from "../../../core/concurrency.ts";
import { BENCH_UA, keepAliveAgent, timedGet } from "../lib/http.ts";
import { CACHE_MAX, resetUpstream, startService, type Service, type Upstream } from "../lib/setup.ts";
import { fmt, type Row } from "../lib/table.ts";

/** allowed growth of the resident set over the highest earlier steady state */
const GROWTH_TOLERANCE = 1.1;

export async function memory(upstream: Upstream, mixedSeconds: number): Promise<Row[]> {
  await resetUpstream(upstream);
  const service = await startService(upstream);
  const max = CACHE_MAX.toLocaleString("en-US");
  try {
    await warmUp(service);
    const empty = await measure(service);
    await fill(service, "f1", CACHE_MAX);
    const filled = await measure(service);
    await fill(service, "f2", CACHE_MAX);
    const full = await measure(service);
    await fill(service, "f3", CACHE_MAX);
    const refilled = await measure(service);
    const run1 = await mixedLoad(service, mixedSeconds / 2, "m1");
    const mixed1 = await measure(service);
    const run2 = await mixedLoad(service, mixedSeconds / 2, "m2");
    const mixed2 = await measure(service);

    const perEntry = (a: number, b: number) => Math.round((b - a) / CACHE_MAX);
    const noGrowth = (now: Snapshot, before: Snapshot[]) => {
      const highest = Math.max(...before.map((s) => s.rss));
      return { ratio: now.rss / highest, pass: now.rss <= highest * GROWTH_TOLERANCE && now.entries <= CACHE_MAX };
    };
    const half = `${mixedSeconds / 2} s`;
    return [
      { metric: "RSS of a fresh service (warmed up)", measured: show(empty), target: "(reference)" },
      {
        metric: `RSS after filling the cache with ${max} distinct songs`,
        measured: `${show(filled)}; ${filled.entries.toLocaleString("en-US")} entries; ≈ ${perEntry(empty.heapUsed, filled.heapUsed)} B heap/entry`,
        target: `entries ≤ cache.max (${max})`,
        ratio: filled.entries / CACHE_MAX,
        pass: filled.entries <= CACHE_MAX,
      },
      { metric: `RSS after ${max} more (cache full, evicting)`, measured: `${show(full)}; ${full.entries.toLocaleString("en-US")} entries`, target: "entries ≤ cache.max", pass: full.entries <= CACHE_MAX },
      {
        metric: `RSS after ${max} more again (3 × cache.max inserted)`,
        measured: `${show(refilled)}; ${refilled.entries.toLocaleString("en-US")} entries`,
        target: `≤ ${GROWTH_TOLERANCE} × the full cache's`,
        ...noGrowth(refilled, [full]),
      },
      {
        // The first run at 100 connections sets the mixed load's own steady state: more requests
        // in flight leave V8 more free old-space pages, which it keeps committed (seen: 84 → 116
        // MB with 59 MB in use). The ratio to the fills is shown; growth is checked from run to run.
        metric: `RSS after mixed load, run 1 (${half}, 100 connections)`,
        measured: `${show(mixed1)}; ${fmt.rps(run1.rps)}, ${run1.unexpected} unexpected`,
        target: "no 5xx (RSS: reference, ratio to the fills)",
        ratio: noGrowth(mixed1, [full, refilled]).ratio,
        pass: run1.unexpected === 0 && mixed1.entries <= CACHE_MAX,
      },
      {
        metric: `RSS after mixed load, run 2 (${half}, 100 connections)`,
        measured: `${show(mixed2)}; ${fmt.rps(run2.rps)}, ${run2.unexpected} unexpected`,
        target: `≤ ${GROWTH_TOLERANCE} × highest before, no 5xx`,
        ...and(noGrowth(mixed2, [full, refilled, mixed1]), run2.unexpected === 0),
      },
    ];
  } finally {
    await service.stop();
  }
}

// --- internal ---

interface Snapshot {
  rss: number;
  heapUsed: number;
  /** V8's committed heap: the resident set's largest part, which V8 shrinks on its own schedule */
  heapTotal: number;
  /** memory outside V8's heap held by JavaScript objects (Buffers, among them the rendered answers) */
  external: number;
  entries: number;
}

async function measure(service: Service): Promise<Snapshot> {
  const agent = keepAliveAgent(1);
  const status = JSON.parse((await timedGet(`${service.ready}/v1/status?origin=bench`, agent)).body) as { data: { cache: { entries: number } } };
  agent.destroy();
  const usage = await service.call<NodeJS.MemoryUsage>("memory");
  return { rss: usage.rss, heapUsed: usage.heapUsed, heapTotal: usage.heapTotal, external: usage.external, entries: status.data.cache.entries };
}

const show = (s: Snapshot) => `${fmt.mb(s.rss)} (heap ${fmt.mb(s.heapUsed)} of ${fmt.mb(s.heapTotal)}, external ${fmt.mb(s.external)})`;
const and = (check: { ratio: number; pass: boolean }, ok: boolean) => ({ ratio: check.ratio, pass: check.pass && ok });

async function warmUp(service: Service): Promise<void> {
  const agent = keepAliveAgent(20);
  await runWithConcurrency(3000, 20, (i) => timedGet(`${service.ready}${mixedPath(i, `w${i}`)}`, agent));
  agent.destroy();
}

/** `count` distinct uncached songs through autocannon. */
async function fill(service: Service, prefix: string, count: number): Promise<void> {
  const result = await loadPaths(service, { connections: 50, amount: count }, (n) => `/v1/song?origin=bench&source=source_a&id=${prefix}-${n}`);
  if (result.non2xx || result.errors || result.timeouts) throw new Error(`fill: ${result.non2xx} non-2xx, ${result.errors} errors`);
}

/** autocannon against the service, the n-th request going to `pathOf(n)`. */
function loadPaths(service: Service, options: { connections: number; amount?: number; duration?: number }, pathOf: (n: number) => string) {
  let n = 0;
  return autocannon({
    url: service.ready,
    ...options,
    headers: { "user-agent": BENCH_UA },
    requests: [{ method: "GET", setupRequest: (req) => ({ ...req, path: pathOf(n++) }) }],
  });
}

/** Mixed traffic: cached and uncached songs, JSONP, searches (one source and all), urls, lists, bad requests, misses. */
async function mixedLoad(service: Service, seconds: number, prefix: string): Promise<{ rps: number; unexpected: number }> {
  const result = await loadPaths(service, { connections: 100, duration: seconds }, (n) => mixedPath(n, `${prefix}-${n + 1}`));
  const stats = (result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
  const unexpected = Object.entries(stats).filter(([code]) => !["200", "400", "404"].includes(code)).reduce((sum, [, s]) => sum + Number(s.count), 0);
  return { rps: result.requests.total / result.duration, unexpected: unexpected + result.errors + result.timeouts };
}

/** The i-th request of the mix; `fresh` makes an id never asked before. */
function mixedPath(i: number, fresh: string): string {
  const slot = i % 20;
  const hot = (i * 7919) % 1000;
  const q = `word${(i * 31) % 200}`;
  const o = "origin=bench";
  if (slot < 7) return `/v1/song?${o}&source=source_a&id=hot-${hot}`;
  if (slot < 9) return `/v1/song?${o}&source=source_b&id=hot-${hot}&callback=cb.done`;
  if (slot < 12) return `/v1/song?${o}&source=source_a&id=${fresh}`;
  if (slot < 14) return `/v1/search?${o}&source=source_a&q=${q}&size=10`;
  if (slot === 14) return `/v1/search?${o}&source=all&q=${q}`;
  if (slot === 15) return `/v1/song/url?${o}&source=source_a&id=hot-${hot}&quality=high`;
  if (slot === 16) return [`/v1/album?${o}&source=source_c&id=al-${hot % 50}`, `/v1/artist?${o}&source=source_c&id=ar-${hot % 50}`, `/v1/playlist?${o}&source=source_d&id=pl-${hot % 20}&size=20`, `/v1/rank?${o}&source=source_d&id=0`, `/v1/lyric?${o}&source=source_a&id=hot-${hot}`][i % 5];
  if (slot === 17) return i % 2 ? `/v1/song?source=source_a&id=1` : `/v1/song?${o}&source=source_a&id=1&callback=alert(1)//`;
  if (slot === 18) return `/v1/song?${o}&source=source_a&id=missing-${hot}`;
  return `/v1/status?${o}`;
}

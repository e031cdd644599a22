/**
 * Cached search pages: the pages of `source=all` searches (each a slice of one merged list of
 * four sources, its entries carrying their alternatives) against the pages of one source's
 * searches, the same queries, pages and sizes, every answer cached. Both loads take turns for
 * 7 rounds; each keeps its median req/s. Target: a cached `all` page costs at most 1.5 times a
 * cached single-source page (single-source req/s ≤ 1.5 × all req/s).
 */
import { runWithConcurrency } from "../../../core/concurrency.ts";
import { keepAliveAgent, timedGet } from "../lib/http.ts";
import { CONNECTIONS, load, loadTool } from "../lib/load.ts";
import type { Service } from "../lib/setup.ts";
import { fmt, type Row } from "../lib/table.ts";

const ROUNDS = 7;
const QUERIES = 20;
const TARGET = 1.5;

export async function searchPages(service: Service, roundSeconds: number): Promise<Row[]> {
  const pages = (source: string) =>
    Array.from({ length: QUERIES }, (_, q) => [1, 2].map((page) => `/v1/search?origin=bench&source=${source}&q=pages${q}&size=20&page=${page}`)).flat();
  const sets = { all: pages("all"), single: pages("source_b") };
  const bytes = { all: await fill(service, sets.all), single: await fill(service, sets.single) };

  const rps: Record<keyof typeof sets, number[]> = { all: [], single: [] };
  for (const paths of Object.values(sets)) await load(service.ready, 1, paths); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of ["all", "single"] as const) rps[name].push(await load(service.ready, roundSeconds, sets[name]));
  }
  const all = median(rps.all);
  const single = median(rps.single);
  const ratio = single / all;
  const load_ = `${sets.all.length} cached pages (${QUERIES} queries × 2 pages of 20), ${loadTool()}, ${CONNECTIONS} connections`;
  return [
    { metric: `cached single-source search pages: ${load_}`, measured: `${fmt.rps(single)}, ${bytes.single} B a page`, target: "(baseline)", ratio: 1 },
    {
      metric: "cached all-source search pages (merged, alternatives included): cost vs single-source",
      measured: `${fmt.rps(all)}, ${bytes.all} B a page`,
      target: `≤ ${TARGET.toFixed(2)} × a single-source page's cost`,
      ratio,
      pass: ratio <= TARGET,
    },
  ];
}

// --- internal ---

function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}

/** Asks every page twice (made, then from the cache); the mean size of an answer. */
async function fill(service: Service, paths: string[]): Promise<number> {
  const agent = keepAliveAgent(CONNECTIONS);
  let bytes = 0;
  try {
    for (const pass of ["fill", "read"]) {
      await runWithConcurrency(paths.length, 4, async (i) => {
        const answer = await timedGet(service.ready + paths[i], agent);
        const envelope = JSON.parse(answer.body) as { code: number; data: { list: unknown[] } };
        if (answer.status !== 200 || envelope.code !== 0 || envelope.data.list.length !== 20) throw new Error(`${paths[i]}: ${answer.body.slice(0, 200)}`);
        if (pass === "read") {
          if (answer.headers["x-cache"] !== "HIT") throw new Error(`${paths[i]} is not served from cache`);
          bytes += answer.body.length;
        }
      });
    }
  } finally {
    agent.destroy();
  }
  return Math.round(bytes / paths.length);
}

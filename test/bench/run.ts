/**
 * `npm run bench`: every benchmark of the service in one run, on loopback only, printing one
 * table (metric, measured, baseline/target, ratio, pass/fail). Servers under test run in
 * child processes, compiled first as `npm start` compiles the service (`lib/child.ts`);
 * autocannon and the latency client run here.
 *
 * Environment:
 *   BENCH_MIXED_SECONDS  length of the mixed load of the memory scenario (default 60, two halves)
 *   BENCH_ROUND_SECONDS  length of one throughput round (default 2; 4 to 7 rounds of each target)
 *   BENCH_STRICT=1       exit with status 1 when a target is missed
 *   BENCH_ONLY           comma-separated scenarios to run (throughput, observability, latency,
 *                        coalescing, search-all, search-pages, transfer, stores, subsonic, memory); default all
 *   BENCH_STARTS         fresh processes whose first all-search is timed (search-all; default 3)
 */
import "reflect-metadata";
import { cpus } from "node:os";
import { buildChildren } from "./lib/child.ts";
import { pinHelper, placement } from "./lib/cpu.ts";
import { renderTable, type Row } from "./lib/table.ts";
import { startService, startUpstream } from "./lib/setup.ts";
import { memory } from "./scenarios/memory.ts";
import { observability } from "./scenarios/observability.ts";
import { searchPages } from "./scenarios/search-pages.ts";
import { stores } from "./scenarios/stores.ts";
import { subsonicAlbum } from "./scenarios/subsonic.ts";
import { throughput } from "./scenarios/throughput.ts";
import { transfer } from "./scenarios/transfer.ts";
import { addedLatency, coalescing, firstSearchAll, searchAllHanging } from "./scenarios/upstream.ts";

const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 2);
/** A bench that hangs must not hang CI: give up well after the expected few minutes. */
const WATCHDOG_MS = 35 * 60_000;
const ONLY = process.env.BENCH_ONLY?.split(",").map((s) => s.trim());
const wanted = (scenario: string) => !ONLY || ONLY.includes(scenario);

async function main(): Promise<number> {
  const started = Date.now();
  pinHelper(process.pid);
  const watchdog = setTimeout(() => {
    console.error("bench: watchdog fired, giving up");
    process.exit(2);
  }, WATCHDOG_MS);
  watchdog.unref();

  const step = (name: string) => console.error(`bench: ${name} (${Math.round((Date.now() - started) / 1000)} s)`);
  const rows: Row[] = [];
  // The servers under test as `npm start` runs the service: compiled, with the bench's children.
  buildChildren();
  const upstream = await startUpstream();
  try {
    // The transfer scenario starts a service of its own (its sources with budgets).
    if (wanted("transfer")) {
      step("transfer of a 100-track playlist onto two targets");
      rows.push(...(await transfer(upstream)));
    }
    const service = await startService(upstream);
    try {
      const scenarios: [string, string, () => Promise<Row[]>][] = [
        ["throughput", "throughput: baseline and cached /v1/song", () => throughput(service, upstream, ROUND_SECONDS)],
        ["observability", "counting for /metrics and gzip on the cached path", () => observability(service, upstream, ROUND_SECONDS)],
        ["latency", "added latency over a 20 ms upstream", () => addedLatency(service, upstream)],
        ["coalescing", "500 concurrent identical requests", () => coalescing(service, upstream)],
        ["search-all", "search all with a hanging source", async () => [...(await firstSearchAll(upstream)), ...(await searchAllHanging(service, upstream))]],
        ["search-pages", "cached all-source search pages vs single-source ones", () => searchPages(service, ROUND_SECONDS)],
      ];
      for (const [name, label, run] of scenarios) {
        if (!wanted(name)) continue;
        step(label);
        rows.push(...(await run()));
      }
    } finally {
      await service.stop();
    }
    if (wanted("stores")) {
      step("cached answers with the memory store and with Redis, with and without the in-process tier");
      rows.push(...(await stores(upstream, ROUND_SECONDS)));
    }
    if (wanted("subsonic")) {
      step("a cached Subsonic getAlbum vs the same album's cached /v1/album");
      rows.push(...(await subsonicAlbum(upstream, ROUND_SECONDS)));
    }
    if (wanted("memory")) {
      step(`memory: cache fills and ${MIXED_SECONDS} s of mixed load`);
      rows.push(...(await memory(upstream, MIXED_SECONDS)));
    }
  } finally {
    await upstream.stop();
  }

  const checked = rows.filter((r) => r.pass !== undefined);
  const met = checked.filter((r) => r.pass).length;
  const cpu = cpus();
  console.log(`\nmusic-aggregator bench, node ${process.version}, ${cpu.length} × ${cpu[0]?.model ?? "cpu"}, ${new Date().toISOString()}`);
  console.log(`loopback only; servers in child processes, ${placement()}; took ${Math.round((Date.now() - started) / 1000)} s\n`);
  console.log(renderTable(rows));
  console.log(`\n${met} of ${checked.length} targets met`);
  clearTimeout(watchdog);
  return met === checked.length || process.env.BENCH_STRICT !== "1" ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

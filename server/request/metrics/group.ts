/**
 * Metrics of a `WORKERS` group: whichever worker a scrape reaches, the primary answers for the
 * whole group. The worker asks it over the group's channel; the primary gathers every worker's
 * registry with prom-client's cluster aggregator (counters and histograms summed, gauges as
 * each metric says) and hands back the text.
 */
import cluster from "node:cluster";
import { AggregatorRegistry } from "prom-client";
import type { MusicMetrics } from "../../engine/metrics/music-metrics.ts";
import { keptFor } from "./scrape-cache.ts";

/** The call a worker makes of the primary. */
export const GROUP_METRICS = "metrics";

/** prom-client gives up on a worker after 5 s; the worker's call waits a little longer for that answer. */
export const GROUP_METRICS_TIMEOUT_MS = 6000;

/** In a worker: its registry offered to the primary. */
export function offerMetrics(metrics: MusicMetrics): void {
  if (cluster.isWorker) {
    AggregatorRegistry.setRegistries([metrics.registry]);
    // Made in a worker, it answers the primary's requests for this registry.
    new AggregatorRegistry();
  }
}

/** In the primary: the handler of the workers' `metrics` calls; a gathered text is answered again for `cacheMs`. */
export function groupMetricsHandler(cacheMs: number): () => Promise<string> {
  const aggregator = new AggregatorRegistry();
  return keptFor(cacheMs, () => aggregator.clusterMetrics());
}

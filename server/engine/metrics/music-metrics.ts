/**
 * The service's metrics in Prometheus's terms (prom-client), one registry per service: loads
 * from the sources as they happen, the cache's and Redis's state read when scraped, and
 * prom-client's default process metrics (CPU, memory, handles, GC, event-loop lag). Labels come
 * from the service's own tables (sources, operations, error kinds), never from a request.
 * The request side adds its counts to the same registry (`request/metrics/request-metrics.ts`).
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { inject, injectable } from "tsyringe";
import { Tokens } from "@music-aggregator/core";
import type { StoreResponseCache } from "../cache/response-cache.ts";
import type { AppConfig } from "../config.ts";
import type { RedisLink } from "../redis/connection.ts";
import { ServiceTokens } from "../tokens.ts";

/** Upper bounds, in seconds, of the duration histograms' buckets (+Inf is implied). */
export const DURATION_BUCKETS: number[] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

@injectable()
export class MusicMetrics {
  readonly registry = new Registry();
  private readonly calls = new Counter({
    name: "music_upstream_calls_total",
    help: "Loads from a source (one or more upstream requests, retries included), by source, operation and outcome (ok, or the error kind; aborted when nobody waited any more).",
    labelNames: ["source", "operation", "outcome"],
    registers: [this.registry],
  });
  private readonly durations = new Histogram({
    name: "music_upstream_call_duration_seconds",
    help: "Time a load from a source took, by source and operation.",
    labelNames: ["source", "operation"],
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  constructor(
    @inject(Tokens.Config) config: AppConfig,
    @inject(Tokens.ResponseCache) cache: StoreResponseCache,
    @inject(ServiceTokens.Redis) redis: RedisLink | undefined,
  ) {
    if (!config.metrics.enabled) return;
    collectDefaultMetrics({ register: this.registry });
    const outcomes = () => cache.outcomes();
    this.total("music_cache_hits_total", "Answers served from the cache.", () => outcomes().hits);
    this.total("music_cache_misses_total", "Requests that started a load (not found in the cache, nothing under way).", () => outcomes().misses);
    this.total("music_cache_stale_answers_total", "Expired answers served because the upstream failed.", () => outcomes().stale);
    this.total("music_cache_coalesced_waits_total", "Requests that waited for a load already under way (here or in another instance) instead of starting one.", () => outcomes().coalesced);
    new Counter({
      name: "music_cache_tier_reads_total",
      help: "Reads of the cache by the store that was asked (local: this process's memory, the kept answers included; redis) and whether it had a fresh answer (hit) or not (miss: the next tier, or a load, follows).",
      labelNames: ["tier", "outcome"],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const { tier, hits, misses } of cache.tierReads()) {
          this.inc({ tier, outcome: "hit" }, hits);
          this.inc({ tier, outcome: "miss" }, misses);
        }
      },
    });
    if (redis) {
      new Gauge({
        name: "music_redis_up",
        help: "1 while Redis answers, 0 while it does not (cache and rate limit are then kept in memory). Absent without Redis.",
        registers: [this.registry],
        aggregator: "min",
        collect() {
          this.set(redis.state === "up" ? 1 : 0);
        },
      });
    }
  }

  /** One load from a source, once it has ended. */
  upstreamCall(source: string, operation: string, outcome: string, seconds: number): void {
    this.calls.inc({ source, operation, outcome });
    this.durations.observe({ source, operation }, seconds);
  }

  /** A counter of one value, read when scraped. */
  total(name: string, help: string, read: () => number): void {
    new Counter({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  }
}

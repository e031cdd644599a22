/**
 * The service's metrics in Prometheus's terms, with prom-client: a registry per service whose
 * metrics read the plain counts the request paths, the music service and the cache keep
 * (`core/metrics/counts.ts`) when scraped, plus prom-client's default process metrics (CPU,
 * memory, handles, GC, event-loop lag). Nothing here runs per request.
 */
import { Counter, Gauge, Registry, collectDefaultMetrics, type Metric } from "prom-client";
import type { DependencyContainer } from "tsyringe";
import type { StoreResponseCache } from "../../engine/cache/response-cache.ts";
import { DURATION_BUCKETS, type Count, type Durations, type Labelled } from "../../engine/metrics/counts.ts";
import type { MusicService } from "../../engine/music/music-service.ts";
import type { RedisLink } from "../../engine/redis/connection.ts";
import { Tokens } from "../../../core/tokens.ts";
import { compressions } from "../compression.ts";
import { requestMetricsOf } from "./request-metrics.ts";

/** The service's registry, made on first use (the real start makes it at once, so process metrics run from the start). */
export function metricsRegistry(scope: DependencyContainer): Registry {
  if (!scope.isRegistered(REGISTRY, true)) scope.registerInstance(REGISTRY, buildRegistry(scope));
  return scope.resolve<Registry>(REGISTRY);
}

// --- internal ---

const REGISTRY = Symbol.for("music.metrics-registry");

function buildRegistry(scope: DependencyContainer): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = requestMetricsOf(scope);
  const upstream = scope.resolve<MusicService>(Tokens.MusicService).upstreamCalls;
  const cache = scope.resolve<StoreResponseCache>(Tokens.ResponseCache);
  if (requests) {
    counts(registry, "music_http_requests_total", "Requests answered, by route pattern, HTTP status and envelope code (none for answers without one).", requests.requests);
    histogram(registry, "music_http_request_duration_seconds", "Time to answer a request, by route pattern.", requests.durations);
    total(registry, "music_rate_limited_total", "Requests refused by the rate limit (4001, or 429 on /api).", () => requests.refused.rateLimit);
    total(registry, "music_user_agent_refused_total", "Requests refused for a default HTTP-library user-agent (4002).", () => requests.refused.userAgent);
  }
  counts(registry, "music_upstream_calls_total", "Loads from a source (one or more upstream requests, retries included), by source, operation and outcome (ok, or the error kind; aborted when nobody waited any more).", upstream.calls);
  histogram(registry, "music_upstream_call_duration_seconds", "Time a load from a source took, by source and operation.", upstream.durations);
  total(registry, "music_cache_hits_total", "Answers served from the cache.", () => cache.outcomes().hits);
  total(registry, "music_cache_misses_total", "Requests that started a load (not found in the cache, nothing under way).", () => cache.outcomes().misses);
  total(registry, "music_cache_stale_answers_total", "Expired answers served because the upstream failed.", () => cache.outcomes().stale);
  total(registry, "music_cache_coalesced_waits_total", "Requests that waited for a load already under way (here or in another instance) instead of starting one.", () => cache.outcomes().coalesced);
  new Counter({
    name: "music_cache_tier_reads_total",
    help: "Reads of the cache by the store that was asked (local: this process's memory, the fast path's rendered answers included; redis) and whether it had a fresh answer (hit) or not (miss: the next tier, or a load, follows).",
    labelNames: ["tier", "outcome"],
    registers: [registry],
    collect() {
      this.reset();
      for (const { tier, hits, misses } of cache.tierReads()) {
        this.inc({ tier, outcome: "hit" }, hits);
        this.inc({ tier, outcome: "miss" }, misses);
      }
    },
  });
  new Counter({
    name: "music_http_compressions_total",
    help: "Answer bodies compressed, by encoding (a kept form of a cached answer or a page counts once, however often it is sent).",
    labelNames: ["encoding"],
    registers: [registry],
    collect() {
      this.reset();
      for (const [encoding, n] of Object.entries(compressions)) this.inc({ encoding }, n);
    },
  });
  if (scope.isRegistered(Tokens.Redis, true)) {
    const redis = scope.resolve<RedisLink>(Tokens.Redis);
    new Gauge({
      name: "music_redis_up",
      help: "1 while Redis answers, 0 while it does not (cache and rate limit are then kept in memory). Absent without Redis.",
      registers: [registry],
      aggregator: "min",
      collect() {
        this.set(redis.state === "up" ? 1 : 0);
      },
    });
  }
  return registry;
}

/** A counter of one value, read when scraped. */
function total(registry: Registry, name: string, help: string, read: () => number): void {
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

/** A counter per label set, read when scraped. */
function counts(registry: Registry, name: string, help: string, source: Labelled<Count>): void {
  new Counter({
    name,
    help,
    labelNames: source.names,
    registers: [registry],
    collect() {
      this.reset();
      for (const { labels, value } of source.entries()) this.inc(labelObject(source.names, labels), value.n);
    },
  });
}

/**
 * A histogram per label set, from counts kept per bucket. prom-client's own Histogram hashes
 * its labels on every observation; this one is what its `get()` would return, so the text
 * format and the cluster aggregation treat it like any other.
 */
function histogram(registry: Registry, name: string, help: string, source: Labelled<Durations>): void {
  const metric = {
    name,
    help,
    type: "histogram",
    aggregator: "sum",
    get() {
      const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
      for (const { labels, value } of source.entries()) {
        const base = labelObject(source.names, labels);
        let cumulative = 0;
        DURATION_BUCKETS.forEach((le, i) => {
          cumulative += value.buckets[i];
          values.push({ labels: { ...base, le }, value: cumulative, metricName: `${name}_bucket` });
        });
        values.push({ labels: { ...base, le: "+Inf" }, value: value.count, metricName: `${name}_bucket` });
        values.push({ labels: base, value: value.sum, metricName: `${name}_sum` });
        values.push({ labels: base, value: value.count, metricName: `${name}_count` });
      }
      return { name, help, type: "histogram", aggregator: "sum", values };
    },
  };
  registry.registerMetric(metric as unknown as Metric);
}

function labelObject(names: readonly string[], labels: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  names.forEach((name, i) => (out[name] = labels[i]));
  return out;
}

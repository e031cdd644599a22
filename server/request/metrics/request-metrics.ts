/**
 * What `/metrics` counts of requests, whichever way they were served (`finish.ts`): requests by
 * route (the route's pattern, never the raw path), status and envelope code; durations by
 * route; the refusals of the rate limit and the user-agent rule; the bodies compressed. Labels
 * come from the service's own routes and code tables, so their number is bounded whatever
 * clients send.
 */
import { Counter, Histogram, type Registry } from "prom-client";
import { DURATION_BUCKETS } from "../../engine/metrics/music-metrics.ts";
import { compressions } from "../compression.ts";

export class RequestMetrics {
  readonly refused = { rateLimit: 0, userAgent: 0 };
  private readonly requests: Counter;
  private readonly durations: Histogram;

  constructor(registry: Registry) {
    this.requests = new Counter({
      name: "music_http_requests_total",
      help: "Requests answered, by route pattern, HTTP status and envelope code (none for answers without one).",
      labelNames: ["route", "status", "code"],
      registers: [registry],
    });
    this.durations = new Histogram({
      name: "music_http_request_duration_seconds",
      help: "Time to answer a request, by route pattern.",
      labelNames: ["route"],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });
    const refused = this.refused;
    new Counter({
      name: "music_rate_limited_total",
      help: "Requests refused by the rate limit (4001, or 429 on /api).",
      registers: [registry],
      collect() {
        this.reset();
        this.inc(refused.rateLimit);
      },
    });
    new Counter({
      name: "music_user_agent_refused_total",
      help: "Requests refused for a default HTTP-library user-agent (4002).",
      registers: [registry],
      collect() {
        this.reset();
        this.inc(refused.userAgent);
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
  }

  /** A request, by what its answer said. */
  request(route: string, status: number, code: number | undefined, seconds: number): void {
    this.requests.inc({ route, status, code: code === undefined ? "none" : code });
    this.durations.observe({ route }, seconds);
  }
}

/**
 * What the two request paths count, in one place so that they count alike: the h3 pipeline
 * (`pipeline.ts`) and the hot path of cached answers (`fast-path.ts`). Requests by route (the
 * route's pattern, never the raw path), status and envelope code; durations by route; and the
 * refusals of the rate limit and the user-agent rule. Labels come from the service's own
 * routes and code tables, so their number is bounded whatever clients send.
 */
import type { DependencyContainer } from "tsyringe";
import type { AppConfig } from "../../engine/config.ts";
import { Durations, Labelled, type Count } from "../../engine/metrics/counts.ts";
import { Tokens } from "../../../core/tokens.ts";

/** One route, status and code's counter with its route's durations: a caller that keeps it counts without a look-up. */
export interface RequestMeter {
  count: Count;
  durations: Durations;
}

export class RequestMetrics {
  readonly requests = new Labelled<Count>(["route", "status", "code"], () => ({ n: 0 }));
  readonly durations = new Labelled<Durations>(["route"], () => new Durations());
  readonly refused = { rateLimit: 0, userAgent: 0 };

  meter(route: string, status: number, code: number | undefined): RequestMeter {
    return { count: this.requests.get(route, String(status), code === undefined ? "none" : String(code)), durations: this.durations.get(route) };
  }

  record(meter: RequestMeter, seconds: number): void {
    meter.count.n++;
    meter.durations.observe(seconds);
  }

  /** A request, by what its answer said. */
  request(route: string, status: number, code: number | undefined, seconds: number): void {
    this.record(this.meter(route, status, code), seconds);
  }
}

/** The container's request metrics; none when config `metrics.enabled` is false (nothing is counted then). */
export function requestMetricsOf(scope: DependencyContainer): RequestMetrics | undefined {
  if (!scope.resolve<AppConfig>(Tokens.Config).metrics.enabled) return undefined;
  if (!scope.isRegistered(REQUEST_METRICS, true)) scope.registerInstance(REQUEST_METRICS, new RequestMetrics());
  return scope.resolve<RequestMetrics>(REQUEST_METRICS);
}

/** The route label of a request no route matched (never its path: that would make labels without end). */
export const UNMATCHED_ROUTE = "(none)";

// --- internal ---

const REQUEST_METRICS = Symbol.for("music.request-metrics");

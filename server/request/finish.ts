/**
 * What is noted of every answered request, once its status is known, whichever way it was
 * served: its origin's count (`/v1/status`), its count and time (`/metrics`), the share
 * service's traffic (`/api`), and its access line. The line's fields are the line: JSON keys
 * with `LOG_FORMAT=json`, `GET /v1/song 200 code=0 ms=1.2 …` otherwise.
 */
import type { Logger } from "../engine/logger.ts";
import type { TrafficStats } from "../engine/share/traffic-stats.ts";
import type { Outgoing } from "./deliver.ts";
import type { Exchange } from "./exchange.ts";
import type { RequestMetrics } from "./metrics/request-metrics.ts";
import { type OriginStats } from "../engine/stats/shared-stats.ts";

export interface Notes {
  origins: OriginStats;
  traffic: TrafficStats;
  metrics?: RequestMetrics;
  /** the access log; none when undefined */
  accessLog?: Logger;
  /** access lines for quiet routes (probes, scrapes) too */
  logQuiet: boolean;
}

export function finish(notes: Notes, ex: Exchange, { status, headers }: Pick<Outgoing, "status" | "headers">): void {
  const ms = performance.now() - ex.started;
  if (ex.origin) notes.origins.record(ex.origin);
  notes.metrics?.request(ex.route, status, ex.code, ms / 1000);
  // A request whose client went away is not an answer.
  if (ex.policy.traffic && !ex.aborted()) notes.traffic.count(ex.policy.traffic, status < 400, ex.files ?? 0);
  if (!notes.accessLog || (ex.policy.quiet && !notes.logQuiet)) return;
  notes.accessLog.info("", {
    method: ex.method,
    path: ex.path,
    status,
    code: ex.code ?? null,
    ms: Math.round(ms * 10) / 10,
    source: ex.source ?? null,
    origin: ex.origin ?? null,
    cache: headers["x-cache"],
    reqId: ex.reqId,
  });
}

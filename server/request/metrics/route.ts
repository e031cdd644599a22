/**
 * `GET /metrics`: the Prometheus text format, for a scraper (no origin, no user-agent rule, no
 * rate limit, no access line unless config `log.probes`). With config `metrics.token` (env
 * `METRICS_TOKEN`) only `Authorization: Bearer <token>` is answered; others get 401. In a
 * worker of a group the answer is the group's (`group.ts`). A rendered text is answered again
 * for `metrics.cacheMs` (`scrape-cache.ts`). With `metrics.enabled: false` there is no such
 * route (404) and nothing is counted.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { H3, H3Event } from "h3";
import type { DependencyContainer } from "tsyringe";
import type { Channel } from "../../engine/cluster/channel.ts";
import type { AppConfig } from "../../engine/config.ts";
import { Tokens } from "../../../core/tokens.ts";
import { PROBE } from "../probes.ts";
import { stateOf } from "../request-state.ts";
import { replyBody } from "../share/respond.ts";
import { GROUP_METRICS, GROUP_METRICS_TIMEOUT_MS } from "./group.ts";
import { metricsRegistry } from "./prometheus.ts";
import { keptFor } from "./scrape-cache.ts";

export function registerMetricsRoute(app: H3, scope: DependencyContainer): void {
  const { metrics } = scope.resolve<AppConfig>(Tokens.Config);
  if (!metrics.enabled) return;
  const group = scope.isRegistered(Tokens.Group, true) ? scope.resolve<Channel>(Tokens.Group) : undefined;
  // In a group the primary renders, and keeps what it rendered (`group.ts`).
  const render = keptFor(metrics.cacheMs, () => metricsRegistry(scope).metrics());
  app.all(
    "/metrics",
    async (event) => {
      if (metrics.token && !bearerMatches(event.req.headers.get("authorization"), metrics.token)) {
        stateOf(event).headers["www-authenticate"] = 'Bearer realm="metrics"';
        return reply(event, 401, "401 unauthorized: /metrics needs Authorization: Bearer <config metrics.token>\n");
      }
      const registry = metricsRegistry(scope);
      if (!group) return reply(event, 200, await render(), registry.contentType);
      try {
        return reply(event, 200, await group.call<string>(GROUP_METRICS, null, GROUP_METRICS_TIMEOUT_MS), registry.contentType);
      } catch (error) {
        return reply(event, 503, `503 the group's metrics could not be gathered: ${error instanceof Error ? error.message : String(error)}\n`);
      }
    },
    PROBE,
  );
}

// --- internal ---

/** Compared in constant time (as digests, so that the length tells nothing either). */
function bearerMatches(header: string | null, token: string): boolean {
  const sent = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "")?.[1];
  if (!sent) return false;
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(sent), digest(token));
}

function reply(event: H3Event, status: number, body: string, type = "text/plain; charset=utf-8"): Response {
  stateOf(event).code = status;
  return replyBody(event, status, body, { "content-type": type, "cache-control": "no-store" });
}

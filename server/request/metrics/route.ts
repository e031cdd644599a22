/**
 * `GET /metrics`: the Prometheus text format, for a scraper (no origin, no user-agent rule, no
 * rate limit, no access line unless config `log.probes`). With config `metrics.token` (env
 * `METRICS_TOKEN`) only `Authorization: Bearer <token>` is answered; others get 401. In a
 * worker of a group the answer is the group's (`group.ts`). A rendered text is answered again
 * for `metrics.cacheMs` (`scrape-cache.ts`). With `metrics.enabled: false` there is no such
 * route (404) and nothing is counted.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { H3 } from "h3";
import { NEVER } from "../http-caching.ts";
import { textAnswer, type Answer } from "../answer.ts";
import type { HttpFront } from "../http-front.ts";
import { PROBE } from "../probes.ts";
import { GROUP_METRICS, GROUP_METRICS_TIMEOUT_MS } from "./group.ts";
import { keptFor } from "./scrape-cache.ts";

export function registerMetricsRoute(app: H3, front: HttpFront): void {
  const { metrics } = front.config;
  if (!metrics.enabled) return;
  const registry = front.musicMetrics.registry;
  // In a group the primary renders, and keeps what it rendered (`group.ts`).
  const render = keptFor(metrics.cacheMs, () => registry.metrics());
  app.all(
    "/metrics",
    async (event) => {
      if (metrics.token && !bearerMatches(event.req.headers.get("authorization"), metrics.token)) {
        return text(401, "401 unauthorized: /metrics needs Authorization: Bearer <config metrics.token>\n", { "www-authenticate": 'Bearer realm="metrics"' });
      }
      if (!front.group) return text(200, await render(), {}, registry.contentType);
      try {
        return text(200, await front.group.call<string>(GROUP_METRICS, null, GROUP_METRICS_TIMEOUT_MS), {}, registry.contentType);
      } catch (error) {
        return text(503, `503 the group's metrics could not be gathered: ${error instanceof Error ? error.message : String(error)}\n`);
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

function text(status: number, body: string, headers: Record<string, string> = {}, type = "text/plain; charset=utf-8"): Answer {
  return textAnswer(status, body, type, NEVER, headers);
}

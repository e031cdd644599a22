/**
 * The probes of a load balancer or an orchestrator, answered without the API's rules (no
 * `origin`, no user-agent rule, no rate limit) and without an access line unless config
 * `log.probes` asks for one:
 *
 * - `GET /healthz`, liveness: 200 `{"status":"ok"}` while the process can answer at all.
 * - `GET /readyz`, readiness: 200 once the plugins are bound and the listener is up, 503 while
 *   starting and while draining (`lifecycle.ts`). Its body says how each dependency is: Redis
 *   `up`, `down` (the service answers from memory meanwhile, so it stays ready), `starting`, or
 *   `not configured`.
 */
import type { H3 } from "h3";
import type { RedisLink } from "../engine/redis/connection.ts";
import { jsonAnswer } from "./answer.ts";
import type { HttpFront } from "./http-front.ts";
import type { RoutePolicy } from "./route-policy.ts";

/** The probes' and the scrapes' policy: answered like pages, quietly, to anyone. */
export const PROBE: { meta: { policy: RoutePolicy } } = { meta: { policy: { family: "page", methods: ["GET", "HEAD"], userAgent: false, quiet: true } } };

export function registerProbes(app: H3, { lifecycle, redis }: HttpFront): void {
  app.all("/healthz", () => jsonAnswer(200, { status: "ok" }), PROBE);
  app.all(
    "/readyz",
    () => {
      const status = lifecycle.state;
      return jsonAnswer(status === "ready" ? 200 : 503, { status, dependencies: { redis: redis ? redisReport(redis.state) : { state: "not configured" } } });
    },
    PROBE,
  );
}

// --- internal ---

function redisReport(state: RedisLink["state"]): { state: string; fallback?: string } {
  // While Redis is not answering, cache and rate limit live in this process: the service still answers.
  return state === "up" ? { state } : { state, fallback: "memory" };
}

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
import type { H3, H3Event } from "h3";
import type { DependencyContainer } from "tsyringe";
import type { RedisLink } from "../engine/redis/connection.ts";
import { Tokens } from "../../core/tokens.ts";
import { lifecycleOf } from "../engine/lifecycle.ts";
import type { RoutePolicy } from "./route-policy.ts";
import { stateOf } from "./request-state.ts";
import { replyBody } from "./share/respond.ts";

/** The probes' and the scrapes' policy: answered like pages, quietly, to anyone. */
export const PROBE: { meta: { policy: RoutePolicy } } = { meta: { policy: { family: "page", methods: ["GET", "HEAD"], userAgent: false, quiet: true } } };

export function registerProbes(app: H3, scope: DependencyContainer): void {
  const lifecycle = lifecycleOf(scope);
  const redis = scope.isRegistered(Tokens.Redis, true) ? scope.resolve<RedisLink>(Tokens.Redis) : undefined;
  app.all("/healthz", (event) => reply(event, 200, HEALTHY), PROBE);
  app.all(
    "/readyz",
    (event) => {
      const status = lifecycle.state;
      const body = { status, dependencies: { redis: redis ? redisReport(redis.state) : { state: "not configured" } } };
      return reply(event, status === "ready" ? 200 : 503, JSON.stringify(body));
    },
    PROBE,
  );
}

// --- internal ---

const HEALTHY = JSON.stringify({ status: "ok" });

function redisReport(state: RedisLink["state"]): { state: string; fallback?: string } {
  // While Redis is not answering, cache and rate limit live in this process: the service still answers.
  return state === "up" ? { state } : { state, fallback: "memory" };
}

function reply(event: H3Event, status: number, body: string): Response {
  stateOf(event).code = status;
  return replyBody(event, status, body, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
}

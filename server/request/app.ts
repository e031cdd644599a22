/**
 * `createApp(container)` builds the h3 app from what the container holds, without listening:
 * the request pipeline (`pipeline.ts`), then the routes of `/v1` (from the operation table and
 * the registry), `/api` (the share backend plugin), `/` (the documentation page) and the
 * pages for people who use the API (`/openapi.json`, `/docs`, `/playground`).
 * `createNodeHandler(container)` is what node:http serves: cached `/v1` answers straight from
 * their rendered bytes (`fast-path.ts`), everything else through the app.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { H3, type H3Event } from "h3";
import { toNodeHandler } from "h3/node";
import type { DependencyContainer } from "tsyringe";
import type { AppConfig } from "../engine/config.ts";
import { clientAddressResolver } from "../engine/guard/client-ip.ts";
import type { UserAgentPolicy } from "../engine/guard/user-agent.ts";
import type { Logger } from "../engine/logger.ts";
import type { OriginStats, RateLimiter, ResponseCache } from "../../core/services.ts";
import type { TrafficStats } from "../engine/share/traffic-stats.ts";
import { Tokens } from "../../core/tokens.ts";
import { registerDocsPages } from "./docs/pages.ts";
import { registerDocsRoute } from "./docs/routes.ts";
import { cachedAnswers } from "./fast-path.ts";
import { requestMetricsOf } from "./metrics/request-metrics.ts";
import { registerMetricsRoute } from "./metrics/route.ts";
import { requestPipeline } from "./pipeline.ts";
import { registerProbes } from "./probes.ts";
import { registerShareRoutes } from "./share/routes.ts";
import { RenderedAnswers } from "./v1/rendered-answers.ts";
import { registerV1Routes } from "./v1/routes.ts";

export function createApp(scope: DependencyContainer, answers = new RenderedAnswers()): H3 {
  const { config, log, userAgents, limiter, address, origins } = services(scope);
  // Malformed percent-encoding reaches the pipeline (as a path no route serves) instead of
  // h3's bare 400, so it is answered in the usual order of checks, in the envelope.
  const app = new H3({ allowMalformedURL: true });
  for (const middleware of requestPipeline({
    userAgents,
    limiter,
    stats: scope.resolve<TrafficStats>(Tokens.TrafficStats),
    clientAddress: (event: H3Event) => address(event.req.ip, event.req.headers.get("x-forwarded-for")),
    log,
    accessLog: config.log.access ? log.child("access") : undefined,
    logQuiet: config.log.probes,
    origins,
    metrics: requestMetricsOf(scope),
  })) {
    app.use(middleware);
  }
  registerProbes(app, scope);
  registerMetricsRoute(app, scope);
  registerV1Routes(app, scope, answers);
  registerShareRoutes(app, scope);
  registerDocsPages(app, scope);
  registerDocsRoute(app, scope);
  return app;
}

/** `app` must have been made with the same `answers` (`createApp(scope, answers)`). */
export function createNodeHandler(
  scope: DependencyContainer,
  answers = new RenderedAnswers(),
  h3App = createApp(scope, answers),
): (req: IncomingMessage, res: ServerResponse) => unknown {
  const app = toNodeHandler(h3App);
  const { config, log, userAgents, limiter, address, origins } = services(scope);
  const fast = cachedAnswers({
    answers,
    userAgents,
    limiter,
    cache: scope.resolve<ResponseCache>(Tokens.ResponseCache),
    clientAddress: address,
    accessLog: config.log.access ? log.child("access") : undefined,
    origins,
    metrics: requestMetricsOf(scope),
  });
  return (req, res) => (fast(req, res) ? undefined : app(req, res));
}

// --- internal ---

function services(scope: DependencyContainer) {
  const config = scope.resolve<AppConfig>(Tokens.Config);
  return {
    config,
    log: scope.resolve<Logger>(Tokens.Logger),
    userAgents: scope.resolve<UserAgentPolicy>(Tokens.UserAgentPolicy),
    limiter: scope.resolve<RateLimiter>(Tokens.RateLimiter),
    address: clientAddressResolver(config.rateLimit.trustProxy),
    origins: scope.resolve<OriginStats>(Tokens.OriginStats),
  };
}

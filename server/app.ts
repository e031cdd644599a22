/**
 * `createApp(container)` builds the h3 app from what the container holds, without listening:
 * the request pipeline (`pipeline.ts`), then the routes of `/v1` (from the operation table and
 * the registry), `/api` (the share backend plugin), `/` (the documentation page) and the
 * pages for people who use the API (`/openapi.json`, `/docs`, `/playground`).
 */
import { H3, type H3Event } from "h3";
import type { DependencyContainer } from "tsyringe";
import type { AppConfig } from "../core/config.ts";
import { clientAddressResolver } from "../core/guard/client-ip.ts";
import type { UserAgentPolicy } from "../core/guard/user-agent.ts";
import type { Logger } from "../core/logger.ts";
import type { RateLimiter } from "../core/services.ts";
import type { TrafficStats } from "../core/share/traffic-stats.ts";
import { Tokens } from "../core/tokens.ts";
import { registerDocsPages } from "./docs/pages.ts";
import { registerDocsRoute } from "./docs/routes.ts";
import { requestPipeline } from "./pipeline.ts";
import { registerShareRoutes } from "./share/routes.ts";
import { registerV1Routes } from "./v1/routes.ts";

export function createApp(scope: DependencyContainer): H3 {
  const config = scope.resolve<AppConfig>(Tokens.Config);
  const log = scope.resolve<Logger>(Tokens.Logger);
  const address = clientAddressResolver(config.rateLimit.trustProxy);
  // Malformed percent-encoding reaches the pipeline (as a path no route serves) instead of
  // h3's bare 400, so it is answered in the usual order of checks, in the envelope.
  const app = new H3({ allowMalformedURL: true });
  for (const middleware of requestPipeline({
    userAgents: scope.resolve<UserAgentPolicy>(Tokens.UserAgentPolicy),
    limiter: scope.resolve<RateLimiter>(Tokens.RateLimiter),
    stats: scope.resolve<TrafficStats>(Tokens.TrafficStats),
    clientAddress: (event: H3Event) => address(event.req.ip, event.req.headers.get("x-forwarded-for")),
    log,
    accessLog: config.log.access ? log.child("access") : undefined,
  })) {
    app.use(middleware);
  }
  registerV1Routes(app, scope);
  registerShareRoutes(app, scope);
  registerDocsPages(app, scope);
  registerDocsRoute(app, scope);
  return app;
}

/**
 * `createApp(front)` builds the h3 app without listening: one middleware that serves every
 * request along the one request path (`serve.ts`), then the routes of `/v1` (from the
 * operation table and the registry), `/api` (the share backend plugin), the compatibility
 * endpoints for existing players (`/meting`, `/embed`, Subsonic's `/rest`), the probes,
 * `/metrics`, `/` and the pages for people who use the API. Routes answer an `Answer`
 * (`answer.ts`); the middleware makes it what goes on the wire.
 * `createNodeHandler(front, app)` is what node:http serves: kept `/v1` and `/rest` answers before h3
 * (`kept-answers.ts`), everything else through the app.
 */
import { H3, type H3Event, type Middleware } from "h3";
import { toNodeHandler } from "h3/node";
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import { FastResponse } from "srvx";
import type { Answer } from "./answer.ts";
import { registerEmbed } from "./compat/embed.ts";
import { registerMeting } from "./compat/meting.ts";
import { registerSubsonic } from "./compat/subsonic/routes.ts";
import { registerDocsPages } from "./docs/pages.ts";
import { registerDocsRoute } from "./docs/routes.ts";
import { exchangeOf } from "./exchange.ts";
import type { HttpFront } from "./http-front.ts";
import { registerMetricsRoute } from "./metrics/route.ts";
import { registerProbes } from "./probes.ts";
import type { RoutePolicy } from "./route-policy.ts";
import { serve } from "./serve.ts";
import { registerShareRoutes } from "./share/routes.ts";
import { registerV1Routes } from "./v1/routes.ts";

export function createApp(front: HttpFront): H3 {
  // Malformed percent-encoding reaches the middleware (as a path no route serves) instead of
  // h3's bare 400, so it is answered in the usual order of checks, in the envelope.
  const app = new H3({ allowMalformedURL: true });
  app.use(serveThrough(front));
  registerProbes(app, front);
  registerMetricsRoute(app, front);
  registerV1Routes(app, front);
  registerShareRoutes(app, front);
  registerMeting(app, front);
  registerEmbed(app, front);
  registerSubsonic(app, front);
  registerDocsPages(app, front);
  registerDocsRoute(app, front);
  return app;
}

export function createNodeHandler(front: HttpFront, app = createApp(front)): (req: IncomingMessage, res: ServerResponse) => unknown {
  const h3 = toNodeHandler(app);
  const { kept, keptRest } = front;
  return kept || keptRest ? (req, res) => (kept?.serve(front, req, res) || keptRest?.serve(front, req, res) ? undefined : h3(req, res)) : h3;
}

/** The policy a route names in its `meta`; a path no route serves is answered as `/v1` would. */
export function policyOf(event: H3Event): RoutePolicy {
  return (event.context.matchedRoute?.meta as { policy?: RoutePolicy } | undefined)?.policy ?? FALLBACK_POLICY;
}

// --- internal ---

const FALLBACK_POLICY: RoutePolicy = { family: "v1", methods: ["GET", "HEAD"], userAgent: false };

/** Every request along the one path; the route's handler is its work. */
function serveThrough(front: HttpFront): Middleware {
  return async (event, next) => {
    const out = await serve(front, exchangeOf(event, policyOf(event)), async () => (await next()) as Answer);
    // The reason phrase node:http writes for a kept answer too ("200 OK"): srvx writes the Response's, empty unless given.
    return new FastResponse(out.body as BodyInit | null, { status: out.status, statusText: STATUS_CODES[out.status], headers: out.headers });
  };
}

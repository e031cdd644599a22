/**
 * The OpenAPI paths of the probes and the metrics (`server/probes.ts`, `server/metrics/`):
 * extensions beyond the interface contract, for load balancers, orchestrators and Prometheus,
 * marked `x-extension` and tagged `operations`. None of them needs `origin` or a user-agent,
 * and none is rate-limited.
 */
import type { JsonSchema } from "./json-schema.ts";

export interface MetricsDoc {
  enabled: boolean;
  /** a bearer token is configured */
  protected: boolean;
}

export const OPERATIONS_TAG = {
  name: "operations",
  description: "Extensions beyond the interface contract: liveness and readiness probes and Prometheus metrics. No origin, no user-agent rule, no rate limit, no access line by default.",
};

export function probePaths(metrics: MetricsDoc): Record<string, JsonSchema> {
  const json = (schema: JsonSchema, example: unknown) => ({ "application/json": { schema, example } });
  const readiness = {
    type: "object",
    required: ["status", "dependencies"],
    properties: {
      status: { type: "string", enum: ["starting", "ready", "draining"], description: "ready: send requests here; starting or draining: send them elsewhere" },
      dependencies: {
        type: "object",
        description: "what the service depends on, and how it stands",
        properties: {
          redis: {
            type: "object",
            description: "the Redis of store.redis",
            required: ["state"],
            properties: {
              state: { type: "string", enum: ["up", "down", "starting", "not configured"], description: "Redis: answering, not answering (the service answers from memory meanwhile), being connected, or not used" },
              fallback: { type: "string", const: "memory", description: "while Redis does not answer, cache and rate limit are kept in this process" },
            },
          },
        },
      },
    },
  };
  const paths: Record<string, JsonSchema> = {
    "/healthz": {
      get: {
        operationId: "healthz",
        tags: ["operations"],
        "x-extension": true,
        summary: "Liveness: 200 while the process can answer at all.",
        responses: { "200": { description: "alive", content: json({ type: "object", properties: { status: { const: "ok", description: "always ok" } } }, { status: "ok" }) } },
      },
    },
    "/readyz": {
      get: {
        operationId: "readyz",
        tags: ["operations"],
        "x-extension": true,
        summary: "Readiness: 200 once the plugins are bound and the listener is up; 503 while starting and while draining. A Redis outage the service survives does not fail it.",
        responses: {
          "200": { description: "ready", content: json(readiness, { status: "ready", dependencies: { redis: { state: "not configured" } } }) },
          "503": { description: "starting or draining: send requests elsewhere", content: json(readiness, { status: "draining", dependencies: { redis: { state: "up" } } }) },
        },
      },
    },
  };
  if (metrics.enabled) {
    paths["/metrics"] = {
      get: {
        operationId: "metrics",
        tags: ["operations"],
        "x-extension": true,
        summary: "Prometheus metrics (text format 0.0.4): requests by route and code, durations, refusals, cache, upstream calls, Redis, process. With WORKERS, the whole group's.",
        ...(metrics.protected ? { security: [{ metricsToken: [] }] } : {}),
        responses: {
          "200": {
            description: "the metrics",
            content: { "text/plain": { schema: { type: "string" }, example: '# HELP music_http_requests_total Requests answered\n# TYPE music_http_requests_total counter\nmusic_http_requests_total{route="/v1/song",status="200",code="0"} 42\n' } },
          },
          ...(metrics.protected ? { "401": { description: "no bearer token, or not config metrics.token" } } : {}),
        },
      },
    };
  }
  return paths;
}

/** The bearer scheme of `/metrics`, when a token is configured. */
export function probeSecuritySchemes(metrics: MetricsDoc): Record<string, JsonSchema> {
  return metrics.enabled && metrics.protected
    ? {
        metricsToken: {
          type: "http",
          scheme: "bearer",
          description:
            "Only /metrics asks for it, and only where the operator set one: config metrics.token (env METRICS_TOKEN), sent as Authorization: Bearer <token> by the Prometheus that scrapes it. Nothing else of this service takes a token: /v1, /api and the probes are open.",
        },
      }
    : {};
}

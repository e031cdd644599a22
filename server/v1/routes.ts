/**
 * Registers the `/v1` endpoints on an h3 app. Each request goes through the checks in
 * DESIGN §3's order: method, user-agent, rate limit, parameters (origin, callback, then the
 * endpoint's own), source, capability, then the work. Nothing thrown escapes as a crash or
 * leaks internals: unknown failures are logged and answered 5000.
 */
import { getRequestIP, type H3, type H3Event } from "h3";
import type { DependencyContainer } from "tsyringe";
import type { AppConfig } from "../../core/config.ts";
import { InputError, MethodError, NotFoundError, RateLimitError, UserAgentBlockedError, toServiceError } from "../../core/errors.ts";
import { rateLimitHeaders, type RequestLimiter } from "../../core/guard/request-limiter.ts";
import type { UserAgentPolicy } from "../../core/guard/user-agent.ts";
import type { Logger } from "../../core/logger.ts";
import type { MusicService } from "../../core/music/music-service.ts";
import { Tokens } from "../../core/tokens.ts";
import { ENDPOINTS, type Endpoint } from "./endpoints.ts";
import { CALLBACK_PATTERN, origin as originSchema } from "./params.ts";
import { firstValues } from "../query.ts";
import { replyData, replyError, type ReplyContext } from "./respond.ts";

export function registerV1Routes(app: H3, scope: DependencyContainer): void {
  const service = scope.resolve<MusicService>(Tokens.MusicService);
  const limiter = scope.resolve<RequestLimiter>(Tokens.RateLimiter);
  const userAgents = scope.resolve<UserAgentPolicy>(Tokens.UserAgentPolicy);
  const config = scope.resolve<AppConfig>(Tokens.Config);
  const log = scope.resolve<Logger>(Tokens.Logger).child("v1");
  const trustProxy = config.rateLimit.trustProxy;

  const guard = async (event: H3Event, ctx: ReplyContext) => {
    const method = event.req.method;
    if (method !== "GET" && method !== "HEAD") throw new MethodError(method, ["GET"]);
    if (userAgents.isBlocked(event.req.headers.get("user-agent"))) throw new UserAgentBlockedError();
    const client = (trustProxy ? getRequestIP(event, { xForwardedFor: true }) : event.req.ip) ?? "unknown";
    const decision = await limiter.consume(client);
    Object.assign(ctx.headers, rateLimitHeaders(decision));
    if (!decision.allowed) throw new RateLimitError(decision.resetSeconds);
  };

  const handle = async (event: H3Event, endpoint: Endpoint | undefined): Promise<Response> => {
    const query = firstValues(event.url.searchParams);
    const callback = pickCallback(query, endpoint?.cbAlias ?? true);
    const ctx: ReplyContext = { callback: callback.valid, headers: {}, head: event.req.method === "HEAD" };
    let source: string | undefined;
    try {
      await guard(event, ctx);
      if (!endpoint) throw new NotFoundError(`no endpoint ${event.url.pathname}`);
      const checkedOrigin = originSchema.safeParse(query.origin);
      if (!checkedOrigin.success) throw new InputError(checkedOrigin.error.issues[0].message);
      if (callback.invalid) throw new InputError(`parameter ${callback.invalid} must be one to four dot-separated JavaScript identifiers`);
      const params = endpoint.params.safeParse(query);
      if (!params.success) throw new InputError(params.error.issues[0].message);
      source = (params.data as { source?: string }).source;
      const answer = await endpoint.run(service, params.data);
      ctx.headers["x-cache"] = answer.status === "stale" ? "STALE" : answer.cost === 0 ? "HIT" : "MISS";
      return replyData(ctx, answer.json, source ?? null, answer.cost);
    } catch (thrown) {
      const error = toServiceError(thrown);
      if (error.kind === "internal") log.error(`${event.url.pathname}: ${describe(thrown)}`);
      // The envelope names the source asked for, unless it is not a source at all (1002).
      return replyError(ctx, error, source && error.kind !== "source" ? source : null, error.cost ?? 0);
    }
  };

  for (const endpoint of ENDPOINTS) app.all(endpoint.path, (event) => handle(event, endpoint));
  app.all("/v1", (event) => handle(event, undefined));
  app.all("/v1/**", (event) => handle(event, undefined));
}

// --- internal ---

/** `callback` (or its alias `cb`), validated before anything is echoed. */
function pickCallback(query: Record<string, string>, cbAlias: boolean): { valid?: string; invalid?: string } {
  const param = query.callback !== undefined ? "callback" : cbAlias && query.cb !== undefined ? "cb" : undefined;
  if (!param) return {};
  const name = query[param];
  return CALLBACK_PATTERN.test(name) ? { valid: name } : { invalid: param };
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/**
 * Registers the share-listing service (`/api`). Each `/api` request
 * is checked in this order: method, rate limit (list and qrcode), then its input, then the
 * work; every answer, success or not, is counted in the traffic statistics.
 */
import { getRequestIP, type H3, type H3Event } from "h3";
import type { DependencyContainer } from "tsyringe";
import type { AppConfig } from "../../core/config.ts";
import { AccessError, MethodError, NotFoundError, RateLimitError, InputError, toServiceError } from "../../core/errors.ts";
import { rateLimitHeaders, type RequestLimiter } from "../../core/guard/request-limiter.ts";
import type { Logger } from "../../core/logger.ts";
import type { QrCodeService } from "../../core/share/qr-code.ts";
import type { ShareService } from "../../core/share/share-service.ts";
import type { RequestKind, TrafficStats } from "../../core/share/traffic-stats.ts";
import { Tokens } from "../../core/tokens.ts";
import { firstValues } from "../query.ts";
import { readJsonBody } from "./request.ts";
import { newReplyContext, replyData, replyError, type ShareReplyContext } from "./respond.ts";
import { ListBody, QrQuery } from "./schemas.ts";

export function registerShareRoutes(app: H3, scope: DependencyContainer): void {
  const config = scope.resolve<AppConfig>(Tokens.Config);
  const log = scope.resolve<Logger>(Tokens.Logger).child("api");
  const limiter = scope.resolve<RequestLimiter>(Tokens.RateLimiter);
  const stats = scope.resolve<TrafficStats>(Tokens.TrafficStats);
  const qr = scope.resolve<QrCodeService>(Tokens.QrCodes);
  const shares = scope.isRegistered(Tokens.ShareService, true) ? scope.resolve<ShareService>(Tokens.ShareService) : undefined;

  /** Runs one /api request: errors become envelopes, and the outcome is counted. */
  const handle = (kind: RequestKind, methods: string[], work: (event: H3Event, ctx: ShareReplyContext) => Promise<Response>) =>
    async (event: H3Event): Promise<Response> => {
      const ctx = newReplyContext(event.req.method);
      let response: Response;
      try {
        if (!methods.includes(event.req.method)) throw new MethodError(event.req.method, methods);
        response = await work(event, ctx);
      } catch (thrown) {
        const error = toServiceError(thrown);
        if (error.kind === "internal") log.error(`${event.url.pathname}: ${describe(thrown)}`);
        response = replyError(ctx, error);
      }
      stats.count(kind, response.status < 400, ctx.files);
      return response;
    };

  /** One point of the caller's budget, shared with /v1 limits but kept apart from it. */
  const rateLimit = async (event: H3Event, ctx: ShareReplyContext) => {
    const client = getRequestIP(event, { xForwardedFor: config.rateLimit.trustProxy }) ?? "unknown";
    const decision = await limiter.consume(`share:${client}`);
    for (const [name, value] of Object.entries(rateLimitHeaders(decision))) ctx.headers.set(name, value);
    if (!decision.allowed) throw new RateLimitError(decision.resetSeconds, "rate limit exceeded");
  };

  app.all(
    "/api/v0/list",
    handle("list", ["POST"], async (event, ctx) => {
      if (!shares) throw new NotFoundError("no share backend is configured");
      await rateLimit(event, ctx);
      const body = ListBody.safeParse(await readJsonBody(event, config.server.bodyTimeoutMs));
      if (!body.success) throw new InputError(issueMessage(body.error.issues[0]));
      const { listing, hit } = await shares.list(body.data);
      ctx.headers.set("x-cache", hit ? "HIT" : "MISS");
      ctx.files = listing.list.length;
      return replyData(ctx, listing);
    }),
  );

  app.all(
    "/api/v0/limit",
    handle("other", ["GET", "HEAD"], async (_event, ctx) => replyData(ctx, await stats.snapshot())),
  );

  app.all(
    "/api/v1/qrcode",
    handle("qrcode", ["GET", "HEAD"], async (event, ctx) => {
      await rateLimit(event, ctx);
      const query = QrQuery.safeParse(firstValues(event.url.searchParams));
      if (!query.success) throw new InputError(issueMessage(query.error.issues[0]));
      if (!qr.verify(query.data.data, query.data.sign)) throw new AccessError("credentialsWrong", "sign does not match data");
      const svg = await qr.svg(query.data.data, query.data.size);
      ctx.headers.set("content-type", "image/svg+xml; charset=utf-8");
      ctx.headers.set("x-content-type-options", "nosniff");
      // The image is data only; nothing in it may run or load anything.
      ctx.headers.set("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'");
      ctx.headers.set("cache-control", "public, max-age=86400");
      return new Response(ctx.head ? null : svg, { status: 200, headers: ctx.headers });
    }),
  );

  app.all(
    "/api/**",
    handle("other", ANY_METHOD, async (event) => {
      throw new NotFoundError(`no endpoint ${event.url.pathname}`);
    }),
  );
}

// --- internal ---

const ANY_METHOD = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** A zod issue as one line; the schemas' own messages already name the field. */
function issueMessage(issue: { message: string; path: PropertyKey[]; code?: string }): string {
  if (issue.code === "invalid_type" && issue.path.length === 0) return "body must be a JSON object";
  return issue.message;
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/**
 * The share-listing service (`/api`). The pipeline (`pipeline.ts`) has checked the method and
 * the rate limit (list and qrcode) and counts every answer in the traffic statistics; here
 * follow the input and the work.
 */
import type { H3 } from "h3";
import type { DependencyContainer } from "tsyringe";
import type { AppConfig } from "../../engine/config.ts";
import { AccessError, InputError, NotFoundError } from "../../../core/errors.ts";
import type { QrCodeService } from "../../engine/share/qr-code.ts";
import type { ShareService } from "../../engine/share/share-service.ts";
import type { TrafficStats } from "../../engine/share/traffic-stats.ts";
import { Tokens } from "../../../core/tokens.ts";
import type { RoutePolicy } from "../route-policy.ts";
import { queryOf, stateOf } from "../request-state.ts";
import { readJsonBody } from "./request.ts";
import { replyBody, replyShareData } from "./respond.ts";
import { ListBody, QrQuery } from "./schemas.ts";

const api = (methods: string[], extra: Partial<RoutePolicy> = {}): { meta: { policy: RoutePolicy } } => ({
  meta: { policy: { family: "api", methods, userAgent: false, traffic: "other", ...extra } },
});
/** Listings and QR codes share the caller's rate limit budget, kept apart from /v1's. */
const LIMITED = { rateLimit: "share:" } as const;

export function registerShareRoutes(app: H3, scope: DependencyContainer): void {
  const config = scope.resolve<AppConfig>(Tokens.Config);
  const stats = scope.resolve<TrafficStats>(Tokens.TrafficStats);
  const qr = scope.resolve<QrCodeService>(Tokens.QrCodes);
  const shares = scope.isRegistered(Tokens.ShareService, true) ? scope.resolve<ShareService>(Tokens.ShareService) : undefined;

  app.all(
    "/api/v0/list",
    async (event) => {
      if (!shares) throw new NotFoundError("no share backend is configured");
      const body = ListBody.safeParse(await readJsonBody(event, config.server.bodyTimeoutMs));
      if (!body.success) throw new InputError(issueMessage(body.error.issues[0]));
      const { listing, hit } = await shares.list(body.data);
      stateOf(event).headers["x-cache"] = hit ? "HIT" : "MISS";
      stateOf(event).files = listing.list.length;
      return replyShareData(event, listing);
    },
    api(["POST"], { ...LIMITED, traffic: "list" }),
  );

  app.all("/api/v0/limit", async (event) => replyShareData(event, await stats.snapshot()), api(["GET", "HEAD"]));

  app.all(
    "/api/v1/qrcode",
    async (event) => {
      const query = QrQuery.safeParse(queryOf(event));
      if (!query.success) throw new InputError(issueMessage(query.error.issues[0]));
      if (!qr.verify(query.data.data, query.data.sign)) throw new AccessError("credentialsWrong", "sign does not match data");
      const svg = await qr.svg(query.data.data, query.data.size);
      stateOf(event).code = 200;
      return replyBody(event, 200, svg, {
        "content-type": "image/svg+xml; charset=utf-8",
        // The image is data only; nothing in it may run or load anything.
        "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
        "cache-control": "public, max-age=86400",
      });
    },
    api(["GET", "HEAD"], { ...LIMITED, traffic: "qrcode" }),
  );

  const unknown = () => {
    throw new NotFoundError("no such endpoint under /api; GET / documents the interface");
  };
  app.all("/api", unknown, api(ANY_METHOD));
  app.all("/api/**", unknown, api(ANY_METHOD));
}

// --- internal ---

const ANY_METHOD = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** A zod issue as one line; the schemas' own messages already name the field. */
function issueMessage(issue: { message: string; path: PropertyKey[]; code?: string }): string {
  if (issue.code === "invalid_type" && issue.path.length === 0) return "body must be a JSON object";
  return issue.message;
}

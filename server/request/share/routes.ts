/**
 * The share-listing service (`/api`). The pipeline (`pipeline.ts`) has checked the method and
 * the rate limit (list and qrcode) and counts every answer in the traffic statistics; here
 * follow the input and the work.
 */
import type { H3 } from "h3";
import { AccessError, InputError, NotFoundError } from "@music-aggregator/core";
import { textAnswer } from "../answer.ts";
import { exchangeOf } from "../exchange.ts";
import { fixed } from "../http-caching.ts";
import type { HttpFront } from "../http-front.ts";
import type { RoutePolicy } from "../route-policy.ts";
import { shareData } from "./envelope.ts";
import { readJsonBody } from "./request.ts";
import { ListBody, QrQuery } from "./schemas.ts";

const api = (methods: string[], extra: Partial<RoutePolicy> = {}): { meta: { policy: RoutePolicy } } => ({
  meta: { policy: { family: "api", methods, userAgent: false, traffic: "other", ...extra } },
});
/** Listings and QR codes share the caller's rate limit budget, kept apart from /v1's. */
const LIMITED = { rateLimit: "share:" } as const;

export function registerShareRoutes(app: H3, front: HttpFront): void {
  const { config, traffic, qr, shares } = front;
  const list = api(["POST"], { ...LIMITED, traffic: "list" });
  app.all(
    "/api/v0/list",
    async (event) => {
      if (!shares) throw new NotFoundError("no share backend is configured");
      const body = ListBody.safeParse(await readJsonBody(event, config.server.bodyTimeoutMs));
      if (!body.success) throw new InputError(issueMessage(body.error.issues[0]));
      const { listing, hit } = await shares.list(body.data);
      exchangeOf(event, list.meta.policy).files = listing.list.length;
      return shareData(listing, { "x-cache": hit ? "HIT" : "MISS" });
    },
    list,
  );

  app.all("/api/v0/limit", async () => shareData(await traffic.snapshot()), api(["GET", "HEAD"]));

  const qrcode = api(["GET", "HEAD"], { ...LIMITED, traffic: "qrcode" });
  app.all(
    "/api/v1/qrcode",
    async (event) => {
      const query = QrQuery.safeParse(exchangeOf(event, qrcode.meta.policy).query());
      if (!query.success) throw new InputError(issueMessage(query.error.issues[0]));
      if (!qr.verify(query.data.data, query.data.sign)) throw new AccessError("credentialsWrong", "sign does not match data");
      const svg = await qr.svg(query.data.data, query.data.size);
      // The image is data only; nothing in it may run or load anything.
      return textAnswer(200, svg, "image/svg+xml; charset=utf-8", fixed("public, max-age=86400"), { "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'" });
    },
    qrcode,
  );

  const unknown = () => {
    throw new NotFoundError("no such endpoint under /api; /docs is the reference of the interface");
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

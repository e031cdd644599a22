/** `GET /`: the landing page of the whole service (docs/decisions.md (/api)); every other path is 404. */
import type { H3 } from "h3";
import { NotFoundError } from "@music-aggregator/core";
import { textAnswer } from "../answer.ts";
import { NEVER } from "../http-caching.ts";
import type { HttpFront } from "../http-front.ts";
import type { RoutePolicy } from "../route-policy.ts";
import { renderLandingPage } from "./landing.ts";

const PAGE: { meta: { policy: RoutePolicy } } = { meta: { policy: { family: "page", methods: ["GET", "HEAD"], userAgent: false } } };

export function registerDocsRoute(app: H3, front: HttpFront): void {
  const shareEnabled = !!front.shares;
  const service = front.music;
  const startedAt = Date.now();
  // Only the uptime changes, by the second: the page is rendered at most once a second.
  let rendered: { second: number; html: Buffer } | undefined;
  const pageAt = (second: number) => {
    if (rendered?.second !== second) {
      rendered = { second, html: Buffer.from(renderLandingPage({ uptimeSeconds: second, shareEnabled, sources: service.sourceInfo() })) };
    }
    return rendered.html;
  };
  app.all(
    "/",
    () =>
      // The page is static text: nothing in it may run or load anything.
      textAnswer(200, pageAt(Math.floor((Date.now() - startedAt) / 1000)), "text/html; charset=utf-8", NEVER, {
        "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
        "x-frame-options": "DENY",
      }),
    PAGE,
  );
  // Nothing of the request is echoed: a 404 that repeats the URL or Host is a reflection vector.
  app.all(
    "/**",
    () => {
      throw new NotFoundError("no such endpoint; /docs is the reference of the interface");
    },
    { meta: { policy: { family: "page", methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"], userAgent: false } } },
  );
}

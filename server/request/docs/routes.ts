/** `GET /`: the status and documentation page of the whole service (docs/decisions.md (/api)); every other path is 404. */
import type { H3 } from "h3";
import type { DependencyContainer } from "tsyringe";
import type { AppConfig } from "../../engine/config.ts";
import { NotFoundError } from "../../../core/errors.ts";
import type { MusicService } from "../../engine/music/music-service.ts";
import { Tokens } from "../../../core/tokens.ts";
import type { RoutePolicy } from "../route-policy.ts";
import { stateOf } from "../request-state.ts";
import { replyBody } from "../share/respond.ts";
import { renderStatusPage } from "./status-page.ts";

const PAGE: { meta: { policy: RoutePolicy } } = { meta: { policy: { family: "page", methods: ["GET", "HEAD"], userAgent: false } } };

export function registerDocsRoute(app: H3, scope: DependencyContainer): void {
  const shareEnabled = scope.isRegistered(Tokens.ShareService, true);
  const service = scope.resolve<MusicService>(Tokens.MusicService);
  const { userAgentBlock } = scope.resolve<AppConfig>(Tokens.Config);
  const startedAt = Date.now();
  // Only the uptime changes, by the second: the page is rendered at most once a second.
  let rendered: { second: number; html: Buffer } | undefined;
  const pageAt = (second: number) => {
    if (rendered?.second !== second) {
      rendered = { second, html: Buffer.from(renderStatusPage({ uptimeSeconds: second, shareEnabled, sources: service.sourceInfo(), userAgentBlock })) };
    }
    return rendered.html;
  };
  app.all(
    "/",
    (event) => {
      const html = pageAt(Math.floor((Date.now() - startedAt) / 1000));
      stateOf(event).code = 200;
      return replyBody(event, 200, html, {
        "content-type": "text/html; charset=utf-8",
        // The page is static text: nothing in it may run or load anything.
        "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
        "x-frame-options": "DENY",
        "cache-control": "no-store",
      });
    },
    PAGE,
  );
  // Nothing of the request is echoed: a 404 that repeats the URL or Host is a reflection vector.
  app.all(
    "/**",
    () => {
      throw new NotFoundError("no such endpoint; GET / documents the interface");
    },
    { meta: { policy: { family: "page", methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"], userAgent: false } } },
  );
}

/**
 * The pages for people who use the API: `/openapi.json` (the OpenAPI 3.1 document), `/docs`
 * (Swagger UI over it, served from `node_modules`), `/playground` (the API tried from a page
 * as a third-party site would, by JSONP) and `/assets/<name>` (their files, allow-listed).
 * Each page has a strict Content-Security-Policy: scripts and styles of this origin only, no
 * inline script; the playground may also load scripts (JSONP) from the API given by `?api=`.
 */
import type { H3, H3Event } from "h3";
import type { DependencyContainer } from "tsyringe";
import type { AppConfig } from "../../core/config.ts";
import { NotFoundError } from "../../core/errors.ts";
import type { MusicService } from "../../core/music/music-service.ts";
import { Tokens } from "../../core/tokens.ts";
import type { RoutePolicy } from "../pipeline.ts";
import { formsOfFixedBody } from "../compression.ts";
import { stateOf } from "../request-state.ts";
import { replyBody } from "../share/respond.ts";
import { ASSETS, asset, page } from "./assets.ts";
import { openApiDocument } from "./openapi/document.ts";

const PAGE: { meta: { policy: RoutePolicy } } = { meta: { policy: { family: "page", methods: ["GET", "HEAD"], userAgent: false } } };

/** What no page needs: plugins, framing, forms, a changed base. */
const LOCKED = "base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'";

export const DOCS_CSP = `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; ${LOCKED}`;

/**
 * The playground's policy: its scripts, and JSONP from the API's origin; covers and audio from
 * wherever the upstreams keep them; no fetch or XHR at all (`connect-src 'none'`), as the page
 * talks to the API only the way a third-party site can.
 */
export function playgroundCsp(api: string | undefined): string {
  const scripts = ["'self'", apiOrigin(api)].filter(Boolean).join(" ");
  return `default-src 'none'; script-src ${scripts}; style-src 'self'; img-src https: http: data:; media-src https: http:; connect-src 'none'; ${LOCKED}`;
}

/** The origin of `?api=` when it is an http(s) URL: the only part of it that reaches a header. */
export function apiOrigin(api: string | undefined): string | undefined {
  if (!api) return undefined;
  try {
    const url = new URL(api);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

export function registerDocsPages(app: H3, scope: DependencyContainer): void {
  const service = scope.resolve<MusicService>(Tokens.MusicService);
  const { userAgentBlock, metrics } = scope.resolve<AppConfig>(Tokens.Config);
  const shareEnabled = scope.isRegistered(Tokens.ShareService, true);
  let document: string | undefined;

  app.all(
    "/openapi.json",
    (event) => {
      document ??= JSON.stringify(openApiDocument({ sources: service.sourceInfo(), shareEnabled, userAgentBlock, metrics: { enabled: metrics.enabled, protected: !!metrics.token } }, Object.keys(ASSETS)));
      return reply(event, document, "application/json; charset=utf-8", "default-src 'none'; frame-ancestors 'none'", "no-cache");
    },
    PAGE,
  );
  app.all("/docs", (event) => reply(event, page("docs").body, page("docs").type, DOCS_CSP, "no-cache"), PAGE);
  app.all(
    "/playground",
    (event) => reply(event, page("playground").body, page("playground").type, playgroundCsp(event.url.searchParams.get("api") ?? undefined), "no-cache"),
    PAGE,
  );
  app.all(
    "/assets/:name",
    (event) => {
      const file = asset(event.context.params?.name ?? "");
      if (!file) throw new NotFoundError("no such asset; the pages' files are listed in /openapi.json");
      return reply(event, file.body, file.type, "default-src 'none'; frame-ancestors 'none'", "public, max-age=3600");
    },
    PAGE,
  );
}

// --- internal ---

function reply(event: H3Event, body: string, type: string, csp: string, cache: string): Response {
  const state = stateOf(event);
  state.code = 200;
  // Each page's body is a fixed text: compressed once, whoever asks.
  state.compressed = formsOfFixedBody(body);
  return replyBody(event, 200, body, { "content-type": type, "content-security-policy": csp, "x-frame-options": "DENY", "cache-control": cache });
}

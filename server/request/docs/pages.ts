/**
 * The pages for people who use the API: `/openapi.json` (the OpenAPI 3.1 document), `/docs`
 * (Swagger UI over it, served from `node_modules`), `/playground` (the API tried from a page
 * as a third-party site would, by JSONP) and `/assets/<name>` (their files, allow-listed).
 * Each page has a strict Content-Security-Policy: scripts and styles of this origin only, no
 * inline script; the playground may also load scripts (JSONP) from another instance given by
 * `?api=`, when the config allows that instance (`playground.apis`).
 */
import type { H3, H3Event } from "h3";
import type { DependencyContainer } from "tsyringe";
import type { AppConfig } from "../../engine/config.ts";
import { NotFoundError } from "../../../core/errors.ts";
import type { MusicService } from "../../engine/music/music-service.ts";
import { Tokens } from "../../../core/tokens.ts";
import type { RoutePolicy } from "../route-policy.ts";
import { formsOfFixedBody } from "../compression.ts";
import { stateOf } from "../request-state.ts";
import { replyBody } from "../share/respond.ts";
import { ASSETS, asset, page } from "./assets.ts";
import { esc } from "./html.ts";
import { openApiDocument } from "./openapi/document.ts";

const PAGE: { meta: { policy: RoutePolicy } } = { meta: { policy: { family: "page", methods: ["GET", "HEAD"], userAgent: false } } };

/** What no page needs: plugins, framing, forms, a changed base. */
const LOCKED = "base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'";

export const DOCS_CSP = `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; ${LOCKED}`;

/**
 * The playground's policy: its scripts, and JSONP from the API's origin when that is another
 * instance the config allows (`playground.apis`); covers and audio from wherever the upstreams
 * keep them; no fetch or XHR at all (`connect-src 'none'`), as the page talks to the API only
 * the way a third-party site can. `api` is an origin from the allow-list, never the query's text.
 */
export function playgroundCsp(api: string | undefined): string {
  const scripts = ["'self'", api].filter(Boolean).join(" ");
  return `default-src 'none'; script-src ${scripts}; style-src 'self'; img-src https: http: data:; media-src https: http:; connect-src 'none'; ${LOCKED}`;
}

/**
 * The allow-listed origin `?api=` names: `null` for none given (this instance), undefined for
 * one that is not allowed (or not an http(s) URL).
 */
export function allowedApi(api: string | null, allowed: readonly string[]): string | null | undefined {
  if (!api) return null;
  try {
    const url = new URL(api);
    return allowed.find((origin) => origin === url.origin);
  } catch {
    return undefined;
  }
}

export function registerDocsPages(app: H3, scope: DependencyContainer): void {
  const service = scope.resolve<MusicService>(Tokens.MusicService);
  const { userAgentBlock, playground, metrics } = scope.resolve<AppConfig>(Tokens.Config);
  const shareEnabled = scope.isRegistered(Tokens.ShareService, true);
  let document: Buffer | undefined;

  app.all(
    "/openapi.json",
    (event) => {
      const metricsDoc = { enabled: metrics.enabled, protected: !!metrics.token };
      document ??= Buffer.from(JSON.stringify(openApiDocument({ sources: service.sourceInfo(), shareEnabled, userAgentBlock, metrics: metricsDoc }, Object.keys(ASSETS))));
      return reply(event, document, "application/json; charset=utf-8", "default-src 'none'; frame-ancestors 'none'", "no-cache");
    },
    PAGE,
  );
  app.all("/docs", (event) => reply(event, page("docs").body, page("docs").type, DOCS_CSP, "no-cache"), PAGE);
  const refusal = apiRefusalPage(playground.apis);
  app.all(
    "/playground",
    (event) => {
      const api = allowedApi(event.url.searchParams.get("api"), playground.apis);
      if (api === undefined) return refuseApi(event, refusal);
      return reply(event, page("playground").body, page("playground").type, playgroundCsp(api ?? undefined), "no-cache");
    },
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

function reply(event: H3Event, body: Buffer, type: string, csp: string, cache: string): Response {
  const state = stateOf(event);
  state.code = 200;
  // Each page's body is a fixed text: compressed once, whoever asks.
  state.compressed = formsOfFixedBody(body);
  return replyBody(event, 200, body, { "content-type": type, "content-security-policy": csp, "x-frame-options": "DENY", "cache-control": cache });
}

/** A static page naming the instances the playground may use; nothing of the request is echoed. Made once. */
function apiRefusalPage(allowed: readonly string[]): Buffer {
  const list = ["this instance", ...allowed.map(esc)].join(", ");
  return Buffer.from(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Playground: instance not allowed</title></head><body>
<h1>This playground cannot use that instance</h1>
<p><code>?api=</code> names an instance this service's playground is not allowed to load scripts from. Allowed: ${list}.</p>
<p>An operator allows other instances with <code>playground.apis</code> in the config. <a href="playground">Open the playground on this instance</a>.</p>
</body></html>`);
}

function refuseApi(event: H3Event, page: Buffer): Response {
  stateOf(event).code = 400;
  return replyBody(event, 400, page, { "content-type": "text/html; charset=utf-8", "content-security-policy": `default-src 'none'; ${LOCKED}`, "x-frame-options": "DENY", "cache-control": "no-store" });
}

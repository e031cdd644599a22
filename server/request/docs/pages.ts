/**
 * The pages for people who use the API: `/openapi.json` (the OpenAPI 3.1 document), `/docs`
 * (the reference made from it by Redoc, served from `node_modules`), `/playground` (the API
 * tried from a page as a third-party site would, by JSONP) and `/assets/<name>` (their files,
 * allow-listed). Each page has a strict Content-Security-Policy: scripts of this origin only,
 * no inline script; the playground may also load scripts (JSONP) from another instance given
 * by `?api=`, when the config allows that instance (`playground.apis`).
 */
import type { H3 } from "h3";
import { NotFoundError } from "@music-aggregator/core";
import { textAnswer, type Answer } from "../answer.ts";
import { CompressedForms } from "../compression.ts";
import { requestUrl } from "../exchange.ts";
import { NEVER, fixed } from "../http-caching.ts";
import type { HttpFront } from "../http-front.ts";
import type { RoutePolicy } from "../route-policy.ts";
import { ASSETS, asset, page } from "./assets.ts";
import { esc } from "./html.ts";
import { openApiDocument } from "./openapi/document.ts";

const PAGE: { meta: { policy: RoutePolicy } } = { meta: { policy: { family: "page", methods: ["GET", "HEAD"], userAgent: false } } };

/** What no page needs: plugins, framing, forms, a changed base. */
const LOCKED = "base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'";

/** Redoc styles its parts with inline style elements, and searches in a worker made from a blob. */
export const DOCS_CSP = `default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; worker-src blob:; ${LOCKED}`;

/**
 * The playground's policy: its scripts, and JSONP from the API's origin when that is another
 * instance the config allows (`playground.apis`); covers and audio from wherever the upstreams
 * keep them. It talks to the API the way a third-party site can: by JSONP, and fetch only for
 * what JSONP cannot send, a pasted playlist (`POST /v1/playlist/match`), and only to this
 * instance (`connect-src 'self'`; none when it uses another, which sends no CORS headers).
 * `api` is an origin from the allow-list, never the query's text.
 */
export function playgroundCsp(api: string | undefined): string {
  const scripts = ["'self'", api].filter(Boolean).join(" ");
  return `default-src 'none'; script-src ${scripts}; style-src 'self'; img-src https: http: data:; media-src https: http:; connect-src ${api ? "'none'" : "'self'"}; ${LOCKED}`;
}

/**
 * The allow-listed origin `?api=` names: `null` for none given or this very instance (`self`,
 * the origin the page is asked at), undefined for one that is not allowed (or not an http(s) URL).
 */
export function allowedApi(api: string | null, allowed: readonly string[], self?: string): string | null | undefined {
  if (!api) return null;
  try {
    const url = new URL(api);
    if (url.origin === self) return null;
    return allowed.find((origin) => origin === url.origin);
  } catch {
    return undefined;
  }
}

export function registerDocsPages(app: H3, front: HttpFront): void {
  const { userAgentBlock, playground, metrics } = front.config;
  let document: Answer | undefined;

  app.all(
    "/openapi.json",
    () => {
      const metricsDoc = { enabled: metrics.enabled, protected: !!metrics.token };
      document ??= fixedPage(
        Buffer.from(JSON.stringify(openApiDocument({ sources: front.music.sourceInfo(), shareEnabled: !!front.shares, userAgentBlock, metrics: metricsDoc }, Object.keys(ASSETS)))),
        "application/json; charset=utf-8",
        "default-src 'none'; frame-ancestors 'none'",
        "no-cache",
      );
      return document;
    },
    PAGE,
  );
  const docs = fixedPage(page("docs").body, page("docs").type, DOCS_CSP, "no-cache");
  app.all("/docs", () => docs, PAGE);
  const refusal = apiRefusalPage(playground.apis);
  // One answer per instance the playground may use: its policy names that instance.
  const playgrounds = new Map<string | null, Answer>();
  app.all(
    "/playground",
    (event) => {
      const url = requestUrl(event);
      const api = allowedApi(url.searchParams.get("api"), playground.apis, url.origin);
      if (api === undefined) return refusal;
      let answer = playgrounds.get(api);
      if (!answer) playgrounds.set(api, (answer = fixedPage(page("playground").body, page("playground").type, playgroundCsp(api ?? undefined), "no-cache")));
      return answer;
    },
    PAGE,
  );
  // Each file read when first asked for (Redoc's bundle is large).
  const assets = new Map<string, Answer>();
  app.all(
    "/assets/:name",
    (event) => {
      const name = event.context.params?.name ?? "";
      const file = asset(name);
      if (!file) throw new NotFoundError("no such asset; the pages' files are listed in /openapi.json");
      let answer = assets.get(name);
      if (!answer) assets.set(name, (answer = fixedPage(file.body, file.type, "default-src 'none'; frame-ancestors 'none'", "public, max-age=3600")));
      return answer;
    },
    PAGE,
  );
}

// --- internal ---

/** A page whose body never changes: its compressed forms are made once, whoever asks first. */
function fixedPage(body: Buffer, type: string, csp: string, cache: string): Answer {
  return textAnswer(200, body, type, fixed(cache), { "content-security-policy": csp, "x-frame-options": "DENY" }, new CompressedForms(body));
}

/** A static page naming the instances the playground may use; nothing of the request is echoed. Made once. */
function apiRefusalPage(allowed: readonly string[]): Answer {
  const list = ["this instance", ...allowed.map(esc)].join(", ");
  const html = Buffer.from(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Playground: instance not allowed</title></head><body>
<h1>This playground cannot use that instance</h1>
<p><code>?api=</code> names an instance this service's playground is not allowed to load scripts from. Allowed: ${list}.</p>
<p>An operator allows other instances with <code>playground.apis</code> in the config. <a href="playground">Open the playground on this instance</a>.</p>
</body></html>`);
  return textAnswer(400, html, "text/html; charset=utf-8", NEVER, { "content-security-policy": `default-src 'none'; ${LOCKED}`, "x-frame-options": "DENY" });
}

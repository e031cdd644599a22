/**
 * `GET /embed?source=&type=playlist|album|song&id=` (and `theme`, `autoplay`): a small page
 * with APlayer and MetingJS, served from the installed `aplayer` and `meting` packages (no
 * CDN), that plays the item through this instance's `/meting`, with its source named under
 * the player ("via Deezer", linked to the item's page there when the upstream gives one).
 * Only this origin and `compat.embed.frameAncestors` may frame it (docs/decisions.md,
 * "Compatibility endpoints").
 */
import type { H3 } from "h3";
import { z } from "zod";
import { InputError, isServiceError } from "@music-aggregator/core";
import { ERROR_CODES } from "@music-aggregator/core/host";
import { HTTP_STATUS } from "../../engine/errors.ts";
import { nameClient } from "../../engine/http/upstream-calls.ts";
import { textAnswer, type Answer } from "../answer.ts";
import { esc } from "../docs/html.ts";
import { exchangeOf } from "../exchange.ts";
import type { HttpFront } from "../http-front.ts";
import { NEVER } from "../http-caching.ts";
import type { RoutePolicy } from "../route-policy.ts";
import { component, freshnessOf, runOperation } from "./meting.ts";
import { sourceOfServer } from "./servers.ts";

const EmbedParams = z.object({
  source: z.string({ error: "parameter source is required" }).max(64, "parameter source must be at most 64 characters"),
  type: z.enum(["playlist", "album", "song"], { error: "parameter type must be playlist, album or song" }),
  id: z.string({ error: "parameter id is required" }),
  theme: z.string().regex(/^#[0-9a-fA-F]{3,8}$/, "parameter theme must be a colour such as #2980b9").default("#2980b9"),
  autoplay: z.enum(["0", "1", "false", "true"], { error: "parameter autoplay must be 1 or 0" }).default("0"),
});

/** A page (no user-agent rule) whose every view may ask an upstream: rate-limited as `/v1`. */
const POLICY: RoutePolicy = { family: "page", methods: ["GET", "HEAD"], userAgent: false, rateLimit: "" };

export function registerEmbed(app: H3, front: HttpFront): void {
  const headers = frameHeaders(front.config.compat.embed.frameAncestors);
  app.all(
    "/embed",
    async (event) => {
      const ex = exchangeOf(event, POLICY);
      try {
        const parsed = EmbedParams.safeParse(ex.query());
        if (!parsed.success) throw new InputError(parsed.error.issues[0].message);
        const { type, id, theme, autoplay } = parsed.data;
        const source = sourceOfServer(front.sources, parsed.data.source);
        ex.source = source.id;
        nameClient(event.req.signal, ex.client);
        // The page of a playlist is the one `/meting` asks first: one cached answer for both.
        const item = await runOperation(front, type, { source: source.id, id, ...(type === "playlist" ? { page: "1", size: "100" } : {}) }, event.req.signal);
        const { name, link } = JSON.parse(item.json) as { name: string; link?: string | null };
        const html = playerPage({ source: source.id, upstream: source.plugin.name, type, id, name, link, theme, autoplay: autoplay === "1" || autoplay === "true" });
        return textAnswer(200, html, HTML, freshnessOf([item]), headers);
      } catch (error) {
        if (!isServiceError(error)) throw error;
        const answer = textAnswer(HTTP_STATUS[error.kind].v1, page("No player", `<p class="problem">This player cannot be shown: ${esc(error.message)}</p>`, ""), HTML, NEVER, headers);
        return { ...answer, code: ERROR_CODES[error.kind] };
      }
    },
    { meta: { policy: POLICY } },
  );
}

/**
 * Scripts and styles of this origin only (APlayer's markup carries `style` attributes, hence
 * inline styles, never inline scripts), `/meting` by fetch, covers and audio from wherever the
 * upstreams keep them (`/meting` redirects there); framed by this origin and the configured ones.
 */
export function frameHeaders(ancestors: readonly string[]): Record<string, string> {
  const csp =
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' https: http: data:; media-src 'self' https: http:; " +
    `connect-src 'self'; base-uri 'none'; form-action 'none'; object-src 'none'; frame-ancestors ${["'self'", ...ancestors].join(" ")}`;
  // X-Frame-Options names no other site: where the config names some, the CSP alone decides.
  return ancestors.length ? { "content-security-policy": csp } : { "content-security-policy": csp, "x-frame-options": "SAMEORIGIN" };
}

/** The player page of one item: `name` from `upstream` (linked to its page there, `link`). */
export function playerPage(item: { source: string; upstream: string; type: string; id: string; name: string; link?: string | null; theme: string; autoplay: boolean }): string {
  const via = item.link && /^https?:\/\/[^\s]+$/.test(item.link) ? `<a href="${esc(item.link)}" target="_blank" rel="noopener noreferrer">${esc(item.upstream)}</a>` : esc(item.upstream);
  const player = `<meting-js server="${item.source}" type="${item.type}" id="${esc(component(item.id))}" api="meting?server=:server&amp;type=:type&amp;id=:id&amp;r=:r" theme="${item.theme}" autoplay="${item.autoplay}" preload="none" list-max-height="60vh"></meting-js>`;
  return page(item.name, `${player}\n<p class="via">${esc(item.name)} · via ${via}</p>`);
}

// --- internal ---

const HTML = "text/html; charset=utf-8";

function page(title: string, body: string, scripts = '<script src="assets/APlayer.min.js"></script><script src="assets/Meting.min.js"></script>'): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<link rel="stylesheet" href="assets/APlayer.min.css"><link rel="stylesheet" href="assets/embed.css">
</head><body>
${body}
${scripts}
</body></html>`;
}

/**
 * `GET /`: a short landing page (docs/decisions.md (/api)): that the service runs, its version
 * and uptime, the sources it serves (named and linked from their plugins, with what each plays
 * and the credit its upstream asks for), and links to the reference, the playground and the
 * OpenAPI document. The reference itself is `/docs`, made from that document.
 */
import { VERSION } from "../../engine/config.ts";
import { OPERATION_NAMES } from "../../engine/operations.ts";
import { type SourceInfo } from "../../engine/domain.ts";
import { esc } from "./html.ts";

export interface LandingInput {
  uptimeSeconds: number;
  /** whether a share backend is bound (else `/api/v0/list` answers 404) */
  shareEnabled: boolean;
  /** the registered sources, what each serves and what each is */
  sources: SourceInfo;
}

export function renderLandingPage({ uptimeSeconds, shareEnabled, sources }: LandingInput): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>music-aggregator ${esc(VERSION)}: running normally</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#222}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:1.8rem}.ok{color:#176e2c}
nav a{display:inline-block;margin:0 1.2rem .4rem 0;font-weight:600}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
.muted{color:#555;font-size:.9em}code{font-family:ui-monospace,monospace;overflow-wrap:anywhere}
@media (max-width:40rem){table,tbody,tr,td,th{display:block}thead{display:none}tr{border:1px solid #ddd;margin-bottom:.6rem}td{border:none}}
</style>
</head>
<body>
<h1 class="ok" id="status">The service is running normally.</h1>
<p>music-aggregator <code id="version">${esc(VERSION)}</code> · uptime <span id="uptime">${esc(formatUptime(uptimeSeconds))}</span> (${uptimeSeconds} s)</p>
<nav id="pages" aria-label="Service pages"><a href="docs">API reference</a><a href="playground">Playground</a><a href="openapi.json">OpenAPI 3.1 document</a></nav>
<p>Read-only music metadata from several sources in one <code>/v1</code> envelope, by JSON or JSONP. Every request names its caller in <code>origin</code> and sends a user-agent of its own: <code>curl -A "my-app/1.0" "/v1/search?origin=my-app&amp;source=all&amp;q=paper"</code>. The reference says the rest: every endpoint, field, error code and an example answer of each.</p>
<h2 id="sources">Sources</h2>
${sourcesTable(sources)}
<h2 id="share">Share listings</h2>
<p>${shareEnabled ? "<code>/api</code> lists the folders of public cloud-drive share links and draws signed QR codes." : "No share backend is configured: <code>/api/v0/list</code> answers 404."}</p>
</body>
</html>
`;
}

// --- internal ---

function sourcesTable({ capability, disable, sources }: SourceInfo): string {
  const ids = Object.keys(capability);
  if (!ids.length) return "<p>No source is registered.</p>";
  const rows = ids.map((id) => {
    const about = sources[id];
    const name = about?.homepage ? `<a href="${esc(about.homepage)}" rel="noopener noreferrer">${esc(about.name)}</a>` : esc(about?.name ?? "");
    const serves = OPERATION_NAMES.filter((op) => capability[id][op]).join(", ");
    const plays = about?.playback === "preview" ? "previews" : "full songs";
    const credit = about?.attribution ? `<br><span class="muted">${esc(about.attribution)}</span>` : "";
    return `<tr><td><code>${esc(id)}</code>${disable.includes(id) ? " (disabled)" : ""}</td><td>${name}${credit}</td><td>${plays}</td><td>${esc(serves)}</td></tr>`;
  });
  return `<table><thead><tr><th>source</th><th>upstream</th><th>plays</th><th>serves</th></tr></thead><tbody>${rows.join("")}</tbody></table>
<p class="muted">The same, as data: <code>GET /v1/source?origin=…</code>.</p>`;
}

function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return `${d}d ${h}h ${m}m ${seconds % 60}s`;
}

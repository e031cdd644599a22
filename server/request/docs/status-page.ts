/**
 * The status and documentation page at `GET /` (docs/decisions.md (/api)): says the service is running
 * normally, with version and uptime, and documents `/v1` and `/api` from the same zod schemas
 * that validate requests, so the page cannot drift from what the service accepts.
 */
import type { z } from "zod";
import { VERSION } from "../../engine/config.ts";
import { OPERATION_NAMES, OPERATIONS } from "../../engine/operations.ts";
import { NoParams, callback, origin } from "../../engine/params.ts";
import { API_ENDPOINTS } from "../share/schemas.ts";
import { SERVICE_ENDPOINTS } from "../v1/routes.ts";
import { esc } from "./html.ts";
import { OPERATION_EXAMPLES } from "./openapi/examples.ts";
import { PLAYLIST_JSONP_RULE, errorTable, sourcesTable, userAgentRule } from "./reference.ts";
import { documentedTypes } from "./type-docs.ts";
import { type SourceInfo } from "../../engine/domain.ts";

export interface StatusPageInput {
  uptimeSeconds: number;
  /** whether a share backend is bound (else `/api/v0/list` answers 404) */
  shareEnabled: boolean;
  /** the registered sources and what each serves */
  sources: SourceInfo;
  /** the user-agent block list in force */
  userAgentBlock: readonly string[];
}

/** Every `/v1` endpoint as the page documents it: the operations, then the service's own. */
export function v1Endpoints(): { path: string; summary: string; notes?: string; params: z.ZodType; cbAlias: boolean; data: string }[] {
  return [
    ...OPERATION_NAMES.map((c) => ({ ...OPERATIONS[c], data: OPERATIONS[c].result.name })),
    ...SERVICE_ENDPOINTS.map((e) => ({ ...e, params: NoParams, cbAlias: true })),
  ];
}

export function renderStatusPage({ uptimeSeconds, shareEnabled, sources, userAgentBlock }: StatusPageInput): string {
  const v1 = v1Endpoints().map((e) =>
    section(
      `GET ${e.path}`,
      e.notes ? `${e.summary} ${e.notes}` : e.summary,
      [...fields(e.params), ...commonV1Fields(e.cbAlias)],
      `envelope {code, message, data, source, cost}; data: ${e.data}`,
      "query",
      e.cbAlias ? "" : jsonpNote(e.path),
    ),
  );
  const api = API_ENDPOINTS.map((e) => section(`${e.method} ${e.path}`, e.summary, fields(e.schema), e.returns, e.input));
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>music-aggregator ${esc(VERSION)}: running normally</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
h1{font-size:1.4rem}h2{margin-top:2rem;border-bottom:1px solid #ccc}h3{font:600 1rem ui-monospace,monospace;margin:1.5rem 0 .3rem}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #ddd;padding:.25rem .5rem;text-align:left;vertical-align:top}
code{font-family:ui-monospace,monospace}p code{overflow-wrap:anywhere}.ok{color:#176e2c}
@media (max-width:40rem){table{display:block;overflow-x:auto}body{margin:1rem auto}}
</style>
</head>
<body>
<h1 class="ok" id="status">The service is running normally.</h1>
<p>Version <code id="version">${esc(VERSION)}</code> · uptime <span id="uptime">${esc(formatUptime(uptimeSeconds))}</span> (${uptimeSeconds} s)</p>
<p id="pages">Also: <a href="docs">interactive documentation</a> · <a href="openapi.json">OpenAPI 3.1 document</a> · <a href="playground">playground</a> (the API from a web page, by JSONP)</p>
<h2 id="v1">Music metadata interface: /v1</h2>
<p>Read-only, GET (or HEAD) only. Every answer is the envelope <code>{code, message, data, source, cost}</code>; <code>code</code> 0 is success. JSONP with <code>callback</code> (alias <code>cb</code>, except on <code>/v1/playlist</code>).</p>
<h3 id="sources">Registered sources</h3>
${sourcesTable(sources)}
<h3 id="user-agent">User-agent</h3>
${userAgentRule(userAgentBlock)}
<h3 id="errors">Error codes</h3>
${errorTable()}
${v1.join("\n")}
<h2 id="types">/v1 data types</h2>
<p>Extra fields may be added in later versions; these are never removed or renamed.</p>
${documentedTypes().map(typeSection).join("\n")}
<h2 id="api">Share-listing service: /api</h2>
<p>Answers are <code>{code, message, data}</code> with <code>code</code> equal to the HTTP status; errors carry <code>data: null</code>: 400 bad input, 401 extract code required, 403 wrong extract code or sign, 404 share or directory not found, 410 share expired, 413 body too large, 415 not JSON, 429 rate limited (with Retry-After), 451 share blocked, 502 share host failure, 504 share host timeout.${shareEnabled ? "" : " <strong>No share backend is configured: /api/v0/list answers 404.</strong>"}</p>
${api.join("\n")}
</body>
</html>
`;
}

// --- internal ---

interface FieldDoc {
  name: string;
  required: boolean;
  description: string;
}

/** The fields of an object schema: required when `undefined` does not validate. */
function fields(schema: z.ZodType): FieldDoc[] {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  return Object.entries(shape).map(([name, field]) => ({
    name,
    required: !field.safeParse(undefined).success,
    description: field.description ?? "",
  }));
}

function commonV1Fields(cbAlias: boolean): FieldDoc[] {
  return [
    { name: "origin", required: true, description: origin.description ?? "" },
    cbAlias
      ? { name: "callback (or cb)", required: false, description: callback.description ?? "" }
      : { name: "callback", required: false, description: `${callback.description}; ${PLAYLIST_JSONP_RULE}` },
  ];
}

/** The endpoint's JSONP request, with callback (its only name there), from the OpenAPI example. */
function jsonpNote(path: string): string {
  const operation = OPERATION_NAMES.find((c) => OPERATIONS[c].path === path)!;
  const query = new URLSearchParams({ ...Object.values(OPERATION_EXAMPLES[operation])[0].query, origin: "my-site.example", callback: "onMusic" });
  return `<p>JSONP: <code>GET ${esc(`${path}?${query}`)}</code> answers <code>/**/ typeof onMusic === 'function' &amp;&amp; onMusic({…});</code>; with <code>cb=onMusic</code> instead, the answer is plain JSON.</p>`;
}

function section(title: string, summary: string, rows: FieldDoc[], returns: string, input = "query", note = ""): string {
  const table = rows.length
    ? `<table><tr><th>${esc(input === "JSON body" ? "field" : "parameter")}</th><th></th><th>meaning</th></tr>${rows
        .map((r) => `<tr><td><code>${esc(r.name)}</code></td><td>${r.required ? "required" : "optional"}</td><td>${esc(r.description)}</td></tr>`)
        .join("")}</table>`
    : `<p>No ${esc(input === "query" ? "parameters" : "input")}.</p>`;
  return `<h3>${esc(title)}</h3>\n<p>${esc(summary)}</p>\n${table}\n${note ? `${note}\n` : ""}<p>Returns: <code>${esc(returns)}</code></p>`;
}

function typeSection(type: { name: string; fields: { name: string; type: string }[] }): string {
  const rows = type.fields.map((f) => `<tr><td><code>${esc(f.name)}</code></td><td><code>${esc(f.type)}</code></td></tr>`).join("");
  return `<h3 id="type-${esc(type.name)}">${esc(type.name)}</h3>\n<table><tr><th>field</th><th>type</th></tr>${rows}</table>`;
}

function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return `${d}d ${h}h ${m}m ${seconds % 60}s`;
}

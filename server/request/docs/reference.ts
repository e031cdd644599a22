/**
 * Reference sections of the documentation page: the `/v1` error codes (from the error model
 * and the status table the server answers with), the user-agent rule, and the sources this
 * service has registered with what each serves.
 */
import { OPERATION_NAMES } from "../../engine/operations.ts";
import { esc } from "./html.ts";
import { type SourceInfo } from "../../engine/domain.ts";
import { V1_STATUS } from "../../engine/errors.ts";

/** What each `/v1` code means (docs/decisions.md (/v1)). */
export const MEANING: Record<number, [string, string]> = {
  0: ["success", "the answer is in data"],
  1001: ["parameter", "a parameter is missing, malformed or out of range; the message names it"],
  1002: ["source", "unknown or disabled source, or all outside search"],
  1003: ["capability", "the source does not support the operation"],
  1004: ["method", "any method but GET or HEAD (with Allow: GET, HEAD)"],
  2001: ["timeout", "the upstream did not answer in time"],
  2002: ["upstream", "the upstream failed (network error, 5xx, quota, its request budget used up); the message names the upstream and what failed"],
  2003: ["parse", "the upstream answered something that cannot be understood"],
  3001: ["not found", "unknown id, a song without lyrics, a song without a public address, an unknown path"],
  3002: ["VIP/paid", "song/url of a VIP, paid or gated song: no address is given"],
  4001: ["rate limited", "over the rate limit, or this client's share of an upstream's request budget is spent and nothing cached stands in (with Retry-After)"],
  4002: ["user-agent blocked", "the user-agent is a default one of an HTTP library"],
  5000: ["internal", "a bug; the message never leaks internals"],
};

/**
 * The spec's JSONP rule of `/v1/playlist`, said beside that endpoint where people look for it:
 * the alias `cb` is not declared there, so it is not taken (docs/decisions.md (/v1)).
 */
export const PLAYLIST_JSONP_RULE =
  "JSONP on this endpoint takes callback only: the spec declares no cb alias here, so cb is ignored and the answer stays plain JSON (application/json).";

export function errorTable(): string {
  const rows = Object.entries(V1_STATUS)
    .map(([code, status]) => {
      const [name, when] = MEANING[Number(code)] ?? ["", ""];
      return `<tr><td><code>${code}</code></td><td>${esc(name)}</td><td>${status}</td><td>${esc(when)}</td></tr>`;
    })
    .join("");
  return `<p>In JSON mode the HTTP status follows the code; in JSONP mode it is always 200.</p>\n<table><tr><th>code</th><th>name</th><th>HTTP (JSON)</th><th>when</th></tr>${rows}</table>`;
}

export function userAgentRule(blocked: readonly string[]): string {
  const list = blocked.map((entry) => `<code>${esc(entry.replace(/[/(]\s*$/, "").trim())}</code>`).join(", ");
  return (
    `<p>Every /v1 request must send a user-agent that names its application (for example <code>my-app/1.0</code>, or a browser's). ` +
    `An empty user-agent, or one with any of these product tokens (anywhere in the header, in any case), is answered 4002 with HTTP 403: ${list}.</p>`
  );
}

export function sourcesTable({ capability, disable }: SourceInfo): string {
  const ids = Object.keys(capability);
  if (!ids.length) return "<p>No source is registered.</p>";
  const head = OPERATION_NAMES.map((c) => `<th>${c}</th>`).join("");
  const rows = ids
    .map((id) => {
      const cells = OPERATION_NAMES.map((c) => `<td>${capability[id][c] ? "yes" : "–"}</td>`).join("");
      return `<tr><td><code>${esc(id)}</code>${disable.includes(id) ? " (disabled)" : ""}</td>${cells}</tr>`;
    })
    .join("");
  return `<table><tr><th>source</th>${head}</tr>${rows}</table>\n<p>The same matrix, as data: <code>GET /v1/source?origin=…</code>.</p>`;
}

/**
 * Who may read a compatibility endpoint's answers from another site (docs/decisions.md,
 * "Compatibility endpoints"). `/v1` sends no CORS headers (the spec: JSONP only); `/meting`
 * is read with `fetch` and XHR (MetingJS, APlayer's lyrics), so it sends them for the origins
 * an operator lists in `compat.meting.origins`, none by default, `"*"` for every site. A page
 * of this service (`/embed`), and a request that is no cross-origin read (no `Origin`: an
 * `<audio>`, an `<img>`, curl), is always answered.
 */
import type { Exchange } from "../exchange.ts";

/**
 * The CORS headers of an answer to `ex`, or undefined when its `Origin` is another site that
 * may not read it. `own` is this service's host as the request names it.
 */
export function corsHeaders(allowed: readonly string[], ex: Exchange, own: string): Record<string, string> | undefined {
  // With "*" every answer says so; with a list every answer varies with `Origin` (a shared
  // cache must not hand one site's answer to another); with none, no answer carries anything.
  const headers: Record<string, string> = allowed.includes("*") ? { "access-control-allow-origin": "*" } : allowed.length ? { vary: "origin" } : {};
  const origin = ex.header("origin");
  if (origin === undefined || headers["access-control-allow-origin"] || hostOf(origin) === own) return headers;
  if (!allowed.includes(origin)) return undefined;
  headers["access-control-allow-origin"] = origin;
  return headers;
}

// --- internal ---

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

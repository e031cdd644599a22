/** `GET /`: the status and documentation page of the whole service (DESIGN §4). */
import type { H3 } from "h3";
import type { DependencyContainer } from "tsyringe";
import { Tokens } from "../../core/tokens.ts";
import { renderStatusPage } from "./status-page.ts";

export function registerDocsRoute(app: H3, scope: DependencyContainer): void {
  const shareEnabled = scope.isRegistered(Tokens.ShareService, true);
  const startedAt = Date.now();
  app.all("/", (event) => {
    const method = event.req.method;
    if (method !== "GET" && method !== "HEAD") {
      return new Response("method not allowed\n", { status: 405, headers: { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8" } });
    }
    const html = renderStatusPage({ uptimeSeconds: Math.floor((Date.now() - startedAt) / 1000), shareEnabled });
    return new Response(method === "HEAD" ? null : html, {
      status: 200,
      headers: {
        "content-type": "text/html; charset=utf-8",
        "x-content-type-options": "nosniff",
        // The page is static text: nothing in it may run or load anything.
        "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
        "x-frame-options": "DENY",
        "cache-control": "no-store",
      },
    });
  });
}

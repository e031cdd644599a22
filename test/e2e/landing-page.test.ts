/**
 * `GET /`: a short landing page. It says the service is running normally, with version and
 * uptime; names every registered source (its upstream, linked, what it plays, the credit its
 * upstream asks for, what it serves); and links the reference, the playground and the OpenAPI
 * document. The reference itself is `/docs`: nothing of it is repeated here.
 */
import { describe, expect, it } from "vitest";
import { VERSION } from "../../server/engine/config.ts";
import { type TestApp, startTestApp } from "../support/app.ts";
import { corsHeaders, useShareApp } from "../api/helpers.ts";
import { parseXml } from "../api/xml.ts";

let app: TestApp;

useShareApp((started) => ({ app } = started));

describe("GET /", () => {
  it("is a short HTML page saying the service runs normally, with version and uptime, linking the reference, the playground and the document", async () => {
    const response = await app.get("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(corsHeaders(response.headers)).toEqual([]);
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<h1 class="ok" id="status">The service is running normally.</h1>');
    expect(html).toContain(`<code id="version">${VERSION}</code>`);
    expect(html).toMatch(/<span id="uptime">0d 0h 0m \d+s<\/span> \(\d+ s\)/);
    expect(html).toContain('<nav id="pages" aria-label="Service pages"><a href="docs">API reference</a><a href="playground">Playground</a><a href="openapi.json">OpenAPI 3.1 document</a></nav>');
    // Short: the reference is /docs, not this page.
    expect(html.length).toBeLessThan(6000);
    expect(html).not.toContain("<h3>GET /v1/");
    // The page is XHTML-clean enough to parse once the doctype is set aside.
    expect(parseXml(html.replace(/^<!DOCTYPE html>\n/, "").replace(/<meta ([^>]*[^/])>/g, "<meta $1/>").replace(/<br>/g, "<br/>")).name).toBe("html");
  });

  it("names every source from its plugin: its upstream linked, what it plays, the credit it asks for, what it serves", async () => {
    // The bundled sources as the defaults bind them, no lyrics provider (nothing is asked of their upstreams).
    const bundled = await startTestApp({ config: { lyrics: false } });
    const html = await (await bundled.get("/")).text().finally(() => bundled.close());
    const row = (id: string) => new RegExp(`<tr><td><code>${id}</code></td>(.*?)</tr>`).exec(html)?.[1];
    expect(row("source_a")).toBe(
      '<td><a href="https://www.deezer.com" rel="noopener noreferrer">Deezer</a><br><span class="muted">Music data and previews from Deezer</span></td><td>previews</td><td>search, song, url, album, artist, playlist, rank, match, transfer</td>',
    );
    expect(row("source_d")).toContain("<td>full songs</td>");
  });

  it("says when no share backend is configured, and /api/v0/list is then 404", async () => {
    const bare = await startTestApp({ plugins: [], config: { sources: {}, share: { qrSecret: "test-secret-123" } } });
    try {
      const html = await (await bare.get("/")).text();
      expect(html).toContain("No share backend is configured");
      expect(html).toContain("<p>No source is registered.</p>");
      const list = await bare.get("/api/v0/list", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      expect(list.status).toBe(404);
      expect(await list.json()).toEqual({ code: 404, message: "no share backend is configured", data: null });
    } finally {
      await bare.close();
    }
  });

  it("HEAD has no body; POST is 405", async () => {
    const head = await app.get("/", { method: "HEAD" });
    expect([head.status, await head.text()]).toEqual([200, ""]);
    const post = await app.get("/", { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });
});

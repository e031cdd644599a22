/**
 * `GET /`: says the service is running normally, with version and uptime, and documents
 * every `/v1` and `/api` endpoint with the parameters and descriptions of their zod schemas.
 */
import { describe, expect, it } from "vitest";
import { VERSION } from "../../server/engine/config.ts";
import { PLAYLIST_JSONP_RULE } from "../../server/request/docs/reference.ts";
import { v1Endpoints } from "../../server/request/docs/status-page.ts";
import { ListBody, QrQuery } from "../../server/request/share/schemas.ts";
import { type TestApp, startTestApp } from "../support/app.ts";
import { corsHeaders, useShareApp } from "../api/helpers.ts";
import { parseXml } from "../api/xml.ts";

let app: TestApp;

useShareApp((started) => ({ app } = started));

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

describe("GET /", () => {
  it("is an HTML page saying the service runs normally, with version and uptime", async () => {
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
    // The page is XHTML-clean enough to parse once the doctype is set aside.
    expect(parseXml(html.replace(/^<!DOCTYPE html>\n/, "").replace(/<meta ([^>]*[^/])>/g, "<meta $1/>")).name).toBe("html");
  });

  it("documents every /v1 endpoint from its schema", async () => {
    const html = await (await app.get("/")).text();
    for (const endpoint of v1Endpoints()) {
      expect(html).toContain(`<h3>GET ${endpoint.path}</h3>`);
      expect(html).toContain(escapeHtml(endpoint.summary));
      const shape = (endpoint.params as unknown as { shape: Record<string, { description?: string }> }).shape;
      for (const [name, field] of Object.entries(shape)) {
        expect(html).toContain(`<td><code>${name}</code></td>`);
        if (field.description) expect(html).toContain(escapeHtml(field.description));
      }
    }
    expect(html).toContain("<td><code>origin</code></td><td>required</td>");
  });

  it("says beside /v1/playlist that JSONP there takes callback only, with its example", async () => {
    const html = await (await app.get("/")).text();
    const sectionOf = (path: string) => html.slice(html.indexOf(`<h3>GET ${path}</h3>`), html.indexOf("<h3>", html.indexOf(`<h3>GET ${path}</h3>`) + 1));
    const playlist = sectionOf("/v1/playlist");
    expect(playlist).toContain(`<td><code>callback</code></td><td>optional</td><td>JSONP callback name; ${escapeHtml(PLAYLIST_JSONP_RULE)}</td>`);
    expect(playlist).toContain(
      "<p>JSONP: <code>GET /v1/playlist?source=source_a&amp;id=5550001&amp;page=1&amp;size=2&amp;with_url=1&amp;origin=my-site.example&amp;callback=onMusic</code>",
    );
    expect(playlist).not.toContain("(or cb)");
    // every other endpoint takes cb, and has no such note
    for (const path of ["/v1/search", "/v1/song", "/v1/rank", "/v1/status"]) {
      expect(sectionOf(path)).toContain("<td><code>callback (or cb)</code></td>");
      expect(sectionOf(path)).not.toContain(PLAYLIST_JSONP_RULE);
    }
  });

  it("documents /api from the schemas that validate it", async () => {
    const html = await (await app.get("/")).text();
    for (const title of ["POST /api/v0/list", "GET /api/v0/limit", "GET /api/v1/qrcode"]) expect(html).toContain(`<h3>${title}</h3>`);
    for (const schema of [ListBody, QrQuery]) {
      for (const [name, field] of Object.entries(schema.shape)) {
        const required = name === "pwd" ? "optional" : "required";
        expect(html).toContain(`<td><code>${name}</code></td><td>${required}</td><td>${escapeHtml(field.description!)}</td>`);
      }
    }
  });

  it("says when no share backend is configured, and /api/v0/list is then 404", async () => {
    const bare = await startTestApp({ plugins: [], config: { sources: {}, share: { qrSecret: "test-secret-123" } } });
    try {
      expect(await (await bare.get("/")).text()).toContain("No share backend is configured");
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

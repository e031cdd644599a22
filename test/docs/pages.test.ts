/**
 * The pages over HTTP: `/` links them; `/docs` and `/playground` load only this origin's files
 * (the playground's scripts also from the `?api=` origin) under a strict Content-Security-Policy;
 * `/assets/<name>` serves exactly the allow-listed files and nothing else on disk.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../server/engine/config.ts";
import { ASSETS } from "../../server/request/docs/assets.ts";
import { startTestApp, type TestApp } from "../support/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ config: { lyrics: false } });
});
afterAll(() => t?.close());

const localRefs = (html: string) => [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]).filter((ref) => !ref.startsWith("data:"));

describe("pages for people who use the API", () => {
  it("GET / links the reference, the OpenAPI document and the playground", async () => {
    const html = await (await t.get("/")).text();
    for (const href of ["docs", "openapi.json", "playground"]) expect(html).toContain(`<a href="${href}">`);
  });

  it("/docs is Redoc from this origin, under a policy that allows nothing else", async () => {
    const response = await t.get("/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; worker-src blob:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'",
    );
    const html = await response.text();
    expect(html).not.toMatch(/<script>(?!<\/script>)|<script [^>]*>[^<]/); // no inline script
    const refs = localRefs(html);
    expect(refs).toEqual(["assets/docs.css", "assets/redoc.standalone.js", "assets/docs.js"]);
    for (const ref of refs) expect((await t.get(`/${ref}`)).status, ref).toBe(200);
    // Redoc's bundle names no other host it would load from (its sidebar logo is left out).
    const bundle = await (await t.get("/assets/redoc.standalone.js")).text();
    expect(bundle).not.toContain("cdn.redoc.ly");
    expect(bundle).not.toMatch(/\/\/# sourceMappingURL=\S+\s*$/);
  });

  it("/playground loads scripts from this origin only unless ?api= names an allowed instance, and may fetch only this instance (a pasted playlist)", async () => {
    const policy = async (query: string) => (await t.get(`/playground${query}`)).headers.get("content-security-policy")!;
    const base = "default-src 'none'; script-src 'self'; style-src 'self'; img-src https: http: data:; media-src https: http:; connect-src 'self'";
    expect(await policy("")).toContain(base);
    expect(await policy("?api=")).toContain(base);
    const html = await (await t.get("/playground")).text();
    expect(html).not.toMatch(/<script [^>]*>[^<]|<script>/);
    expect(localRefs(html)).toEqual(["assets/playground.css", "assets/playground.js"]);
  });

  it("/playground?api= naming this very instance is this instance: scripts of this origin only", async () => {
    for (const self of [t.url, `${t.url}/`, `${t.url}/playground`]) {
      const response = await t.get(`/playground?api=${encodeURIComponent(self)}`);
      expect(response.status, self).toBe(200);
      expect(response.headers.get("content-security-policy")).toContain("script-src 'self'; style-src");
    }
  });

  it("/playground?api= naming an instance that is not allowed (none is by default) is a 400 page that echoes nothing", async () => {
    for (const hostile of ["https://music.example.org", "http://localhost:4000/music/", "javascript:alert(1)", "data:text/javascript,1", "http://a.example/;script-src *", "http://a;script-src *.example", "not a url"]) {
      const response = await t.get(`/playground?api=${encodeURIComponent(hostile)}`);
      expect(response.status, hostile).toBe(400);
      expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'");
      const text = await response.text();
      expect(text).toContain("playground.apis");
      expect(text).not.toContain("example");
      expect(text).not.toContain("script-src");
    }
  });
  it("serves every allow-listed asset with its type, and Redoc's straight from node_modules", async () => {
    for (const [name, { type }] of Object.entries(ASSETS)) {
      const response = await t.get(`/assets/${name}`);
      expect([response.status, response.headers.get("content-type")], name).toEqual([200, type]);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("access-control-allow-origin")).toBeNull();
    }
    const bundle = await (await t.get("/assets/redoc.standalone.js")).text();
    expect(bundle.length).toBeGreaterThan(1_000_000);
    expect(ASSETS["redoc.standalone.js"].file).toMatch(/node_modules\/redoc\/bundles\/redoc\.standalone\.js$/);
    expect((await t.get("/assets/docs.js", { method: "HEAD" })).status).toBe(200);
  });

  it("serves nothing else: no other name, no path", async () => {
    for (const path of ["/assets/package.json", "/assets/..%2Fpackage.json", "/assets/..%2F..%2Fpackage.json", "/assets/%2e%2e%2fdocs.ts", "/assets/constructor", "/assets/__proto__", "/assets/redoc.standalone.js.map", "/assets/", "/assets/docs.js/x"]) {
      const response = await t.get(path);
      expect(response.status, path).toBe(404);
      expect((await response.json()).code, path).toBe(3001);
    }
    expect((await t.get("/assets/docs.js", { method: "POST" })).status).toBe(405);
  });

  it("the playground's scripts use JSONP, and fetch only to POST a pasted playlist (which JSONP cannot send)", () => {
    for (const name of Object.keys(ASSETS).filter((n) => /^(playground|player|render|jsonp|lrc)\.js$/.test(n))) {
      const text = readFileSync(ASSETS[name].file, "utf8");
      expect(text, name).not.toMatch(/XMLHttpRequest|sendBeacon|EventSource|WebSocket/);
      expect(text.match(/\bfetch\s*\(.*/g) ?? [], name).toEqual(name === "playground.js" ? ['fetch(url, { method: "POST", body: paste, headers: { "content-type": "text/plain" } });'] : []);
    }
  });
});

describe("the playground with other instances allowed (playground.apis)", () => {
  let allowing: TestApp;
  beforeAll(async () => {
    allowing = await startTestApp({ config: { lyrics: false, playground: { apis: ["https://music.example.org", "http://localhost:4000/"] } } });
  });
  afterAll(() => allowing?.close());

  it("puts exactly the allowed origin in script-src, and nothing of the query's own text", async () => {
    const policy = async (api: string) => (await allowing.get(`/playground?api=${encodeURIComponent(api)}`)).headers.get("content-security-policy")!;
    expect(await policy("https://music.example.org")).toContain("script-src 'self' https://music.example.org; style-src");
    expect(await policy("https://music.example.org/v1/some/path?x=1")).toContain("script-src 'self' https://music.example.org; style-src");
    expect(await policy("http://localhost:4000/music/")).toContain("script-src 'self' http://localhost:4000; style-src");
    expect((await allowing.get(`/playground?api=${encodeURIComponent("https://evil.example.org")}`)).status).toBe(400);
    expect((await allowing.get(`/playground?api=${encodeURIComponent("http://music.example.org")}`)).status).toBe(400);
  });

  it("refuses an entry that is not an origin at start", () => {
    for (const entry of ["music.example.org", "https://music.example.org/path", "ftp://music.example.org", "https://a;b.example"]) {
      expect(() => parseConfig({ playground: { apis: [entry] } }, {}), entry).toThrow(/playground\.apis\.0: expected the origin of an instance/);
    }
  });
});

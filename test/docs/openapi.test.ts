/**
 * `/openapi.json`: a valid OpenAPI 3.1 document (checked by a real validator) that describes
 * every route the app serves with the methods it serves, every parameter with its limits, every
 * /v1 error code with its HTTP status, and examples that all validate against their schemas.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES, type ErrorKind } from "../../core/errors.ts";
import { OPERATION_NAMES, OPERATIONS } from "../../server/engine/operations.ts";
import { API_FAILURES } from "../../server/request/docs/openapi/api.ts";
import { openApiDocument } from "../../server/request/docs/openapi/document.ts";
import { OPERATION_EXAMPLES } from "../../server/request/docs/openapi/examples.ts";
import type { RoutePolicy } from "../../server/request/route-policy.ts";
import { apiStatus } from "../../server/request/share/errors.ts";
import { V1_STATUS } from "../../server/engine/errors.ts";
import { startDemoApp, type DemoApp } from "../support/demo-app.ts";
import { operationsOf, schemaCheck, type SchemaCheck } from "./schema-check.ts";

let demo: DemoApp;
let doc: Record<string, any>;
let check: SchemaCheck;
beforeAll(async () => {
  demo = await startDemoApp();
  const response = await demo.app.get("/openapi.json");
  expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  doc = await response.json();
  check = schemaCheck(doc);
});
afterAll(() => demo?.close());

const param = (path: string, name: string, method = "get"): Record<string, any> =>
  (doc.paths[path][method].parameters as object[]).map((p) => check.resolve<Record<string, any>>(p)).find((p) => p.name === name)!;

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1", async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("describes every route the app serves, with every method it serves, and nothing else", () => {
    const routes = (demo.app.app as unknown as { "~routes": { route: string; meta?: { policy?: RoutePolicy } }[] })["~routes"];
    const served = new Set<string>();
    const fallbacks = new Set(routes.filter((r) => r.route.endsWith("/**")).map((r) => r.route.slice(0, -3)));
    for (const { route, meta } of routes) {
      // The catch-alls (`/v1`, `/v1/**`, ...) answer "no such endpoint" (3001, HTTP 404).
      if (route.includes("**") || fallbacks.has(route)) continue;
      const path = route.replace(/:(\w+)/g, "{$1}");
      served.add(path);
      for (const method of meta!.policy!.methods.filter((m) => m !== "HEAD")) expect(doc.paths[path]?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
    }
    expect(Object.keys(doc.paths).sort()).toEqual([...served].sort());
  });

  it("gives every /v1 parameter with its limits and default", () => {
    expect(param("/v1/search", "q")).toMatchObject({ required: true, schema: { type: "string", minLength: 1, maxLength: 80 } });
    expect(param("/v1/search", "page")).toMatchObject({ required: false, schema: { type: "integer", minimum: 1, maximum: 50, default: 1 } });
    expect(param("/v1/search", "size").schema).toMatchObject({ type: "integer", minimum: 1, maximum: 50, default: 20 });
    expect(param("/v1/playlist", "size").schema).toMatchObject({ type: "integer", minimum: 1, maximum: 100, default: 50 });
    expect(param("/v1/playlist", "page").schema).toMatchObject({ maximum: 1000 });
    expect(param("/v1/song/url", "quality").schema).toMatchObject({ enum: ["standard", "high", "lossless"], default: "standard" });
    expect(param("/v1/song", "id").schema).toMatchObject({ minLength: 1, maxLength: 512 });
    expect(param("/v1/rank", "id").required).toBe(false);
    expect(param("/v1/song", "source").description).toContain("registered here: source_a, source_b, source_c, source_d, source_e");
    expect(param("/v1/status", "origin")).toMatchObject({ required: true, schema: { pattern: "^[A-Za-z0-9._:/-]{1,64}$" } });
    expect(param("/api/v1/qrcode", "size").schema).toMatchObject({ type: "integer", minimum: 10, maximum: 500 });
    expect(param("/api/v1/qrcode", "data").schema).toMatchObject({ maxLength: 1024 });
    // callback everywhere; its cb alias everywhere but on playlist (the spec's declaration)
    for (const capability of OPERATION_NAMES) {
      const path = OPERATIONS[capability].path;
      expect(param(path, "callback")?.schema.pattern, path).toBeDefined();
      expect(param(path, "cb") !== undefined, path).toBe(OPERATIONS[capability].cbAlias);
    }
  });

  it("says beside /v1/playlist, in its description and its callback, that cb is no alias there", () => {
    const rule = "JSONP on this endpoint takes `callback` only: the spec declares no `cb` alias here, so `cb` is ignored and the answer stays plain JSON (`application/json`).";
    expect(doc.paths["/v1/playlist"].get.description).toContain(rule);
    expect(param("/v1/playlist", "callback").description).toContain(rule);
    for (const capability of OPERATION_NAMES.filter((c) => c !== "playlist")) expect(doc.paths[OPERATIONS[capability].path].get.description).not.toContain("`cb`");
    const jsonp = doc.paths["/v1/playlist"].get.responses["200"].content["application/javascript"].examples.jsonp;
    expect(jsonp.description).toBe("The answer to GET /v1/playlist?source=source_a&id=5550001&page=1&size=2&with_url=1&origin=my-site.example&callback=onMusic");
    expect(jsonp.value).toMatch(/^\/\*\*\/ typeof onMusic === 'function' && onMusic\(\{"code":0,"message":"ok","data":\{"source":"source_a","id":"5550001",.*\}\);$/);
  });

  it("documents every /v1 error code with its HTTP status, and every /api status", () => {
    const documented = (path: string, status: number) => check.resolve(doc.paths[path].get.responses[String(status)]?.content["application/json"].schema.allOf[1].properties.code.enum) as number[];
    for (const [code, status] of Object.entries(V1_STATUS)) {
      if (code === "0") continue;
      const path = code === "3002" ? "/v1/song/url" : "/v1/search";
      expect(documented(path, status), `code ${code}`).toContain(Number(code));
    }
    expect(check.resolve<any>({ $ref: "#/components/schemas/V1Error" }).properties.code.enum.sort()).toEqual(Object.keys(V1_STATUS).filter((c) => c !== "0").map(Number).sort());
    for (const kind of Object.keys(ERROR_CODES) as ErrorKind[]) {
      for (const upstreamStatus of [undefined, 429]) expect(API_FAILURES[apiStatus({ kind, message: "", upstreamStatus })], kind).toBeDefined();
    }
  });

  it("names the /v1 data types as components, with the capability row of SourceInfo spelled out", () => {
    expect(doc.paths["/v1/album"].get.responses["200"].content["application/json"].schema.properties.data).toEqual({ $ref: "#/components/schemas/AlbumDetail" });
    expect(doc.components.schemas.AlbumDetail.properties.song.items).toEqual({ $ref: "#/components/schemas/Song" });
    expect(doc.components.schemas.SourceInfo.properties.capability.additionalProperties.required).toEqual(OPERATION_NAMES);
    // what each source is: an extension, each field with its meaning
    const about = doc.components.schemas.SourceInfo.properties.sources;
    expect(about["x-extension"]).toBe(true);
    expect(about.additionalProperties).toEqual({ $ref: "#/components/schemas/SourceAbout" });
    expect(Object.keys(doc.components.schemas.SourceAbout.properties)).toEqual(["name", "plugin", "homepage", "playback", "attribution", "links", "lookups"]);
  });

  it("gives every field of every type, every parameter and the /metrics token their meaning", () => {
    const undescribed: string[] = [];
    const walk = (where: string, schema: any) => {
      for (const part of [schema, ...(schema.allOf ?? []), ...(schema.anyOf ?? [])]) {
        for (const [name, field] of Object.entries<any>(part.properties ?? {})) {
          if (!field.description && !field.$ref) undescribed.push(`${where}.${name}`);
          walk(`${where}.${name}`, field);
          if (field.items) walk(`${where}.${name}[]`, field.items);
        }
      }
    };
    for (const [name, schema] of Object.entries<any>(doc.components.schemas)) walk(name, schema);
    for (const { path, method, op } of operationsOf(doc)) {
      for (const p of (op.parameters ?? []).map((x: object) => check.resolve<Record<string, any>>(x))) if (!p.description) undescribed.push(`${method} ${path} ${p.name}`);
      for (const [status, response] of Object.entries<any>(op.responses)) for (const [type, media] of Object.entries<any>(response.content ?? {})) walk(`${path} ${status} ${type}`, media.schema ?? {});
    }
    expect(undescribed).toEqual([]);
    expect(doc.paths["/v1/rank"].get.parameters.find((p: { name: string }) => p.name === "id").description).toBe("a chart id, as the list of charts gives it; without it, that list");
  });

  it("where /metrics takes a token, says it is the only one the service knows; where not, names none", () => {
    const guarded = openApiDocument({ sources: { capability: {}, disable: [], sources: {} }, shareEnabled: false, metrics: { enabled: true, protected: true } }) as Record<string, any>;
    expect(guarded.components.securitySchemes.metricsToken.description).toMatch(/^Only \/metrics asks for it, .*metrics\.token \(env METRICS_TOKEN\).*Nothing else of this service takes a token/);
    expect(guarded.paths["/metrics"].get.security).toEqual([{ metricsToken: [] }]);
    expect(doc.components.securitySchemes).toEqual({});
  });

  it("gives every operation an example answer", () => {
    const without: string[] = [];
    for (const { path, method, op } of operationsOf(doc)) {
      for (const [status, response] of Object.entries<any>(op.responses)) {
        if (!status.startsWith("2")) continue;
        if (!response.content) without.push(`${method} ${path} ${status}: no content`);
        for (const [type, media] of Object.entries<any>(response.content ?? {})) if (media.example === undefined && !media.examples) without.push(`${method} ${path} ${status} ${type}`);
      }
    }
    expect(without).toEqual([]);
  });

  it("has examples, all valid against their schemas", () => {
    let count = 0;
    const expectValid = (where: string, schema: object, value: unknown) => {
      count++;
      expect(check.errors(schema, value), where).toEqual([]);
    };
    for (const { path, method, op } of operationsOf(doc)) {
      for (const p of (op.parameters ?? []).map((x: object) => check.resolve<Record<string, any>>(x))) {
        if (p.example !== undefined) expectValid(`${method} ${path} ${p.name}`, p.schema, p.example);
      }
      for (const [type, media] of Object.entries<any>(op.requestBody?.content ?? {})) if (media.example !== undefined) expectValid(`${path} body ${type}`, media.schema, media.example);
      for (const [status, response] of Object.entries<any>(op.responses)) {
        for (const [type, media] of Object.entries<any>(response.content ?? {})) {
          if (media.example !== undefined) expectValid(`${path} ${status} ${type}`, media.schema, media.example);
          for (const [name, example] of Object.entries<any>(media.examples ?? {})) expectValid(`${path} ${status} ${type} ${name}`, media.schema, example.value);
        }
      }
    }
    expect(count).toBeGreaterThan(60);
  });

  it("has answer examples that the service's own zod schemas accept", () => {
    for (const capability of OPERATION_NAMES) {
      for (const [name, example] of Object.entries(OPERATION_EXAMPLES[capability])) {
        const params = OPERATIONS[capability].params.parse(example.query);
        expect(OPERATIONS[capability].data.safeParse(example.data).success, `${capability} ${name}`).toBe(true);
        expect(OPERATIONS[capability].result.schema(params as never).safeParse(example.data).success, `${capability} ${name} as a plugin answer`).toBe(true);
      }
    }
  });
});

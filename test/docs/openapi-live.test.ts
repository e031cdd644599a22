/**
 * The OpenAPI document against the running service (wired as demo mode): every request example
 * is answered as documented, failures come with a documented status and envelope, and each
 * parameter's documented schema accepts exactly what the service accepts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { qrSign } from "../../server/engine/share/qr-code.ts";
import { DEMO_QR_SECRET } from "../../examples/demo/upstreams.ts";
import { API_ENDPOINTS } from "../../server/request/share/schemas.ts";
import { ACROSS_NAMES, ACROSS_OPERATIONS, OPERATIONS, OPERATION_NAMES } from "../../server/engine/operations.ts";
import { callback, origin } from "../../server/engine/params.ts";
import { ACROSS_EXAMPLES } from "../../server/request/docs/openapi/across-examples.ts";
import { OPERATION_EXAMPLES, SERVICE_EXAMPLES } from "../../server/request/docs/openapi/examples.ts";
import { fieldsOf } from "../../server/request/docs/openapi/json-schema.ts";
import { startDemoApp, type DemoApp } from "../support/demo-app.ts";
import { schemaCheck, type SchemaCheck } from "./schema-check.ts";

let demo: DemoApp;
let doc: Record<string, any>;
let check: SchemaCheck;
beforeAll(async () => {
  demo = await startDemoApp();
  doc = await (await demo.app.get("/openapi.json")).json();
  check = schemaCheck(doc);
});
afterAll(() => demo?.close());

/** The answer of `response` checked against what the document says of its status. */
async function expectDocumented(op: Record<string, any>, response: Response, where: string): Promise<any> {
  const documented = op.responses[String(response.status)];
  expect(documented, `${where}: HTTP ${response.status} is documented`).toBeDefined();
  const body = await response.json();
  expect(check.errors(documented.content["application/json"].schema, body), where).toEqual([]);
  return body;
}

describe("the OpenAPI document against the service", () => {
  it("every /v1 request example is answered with code 0, as documented", async () => {
    const requests = [
      ...OPERATION_NAMES.flatMap((c) => Object.entries(OPERATION_EXAMPLES[c]).map(([name, e]) => ({ path: OPERATIONS[c].path, name, query: e.query }))),
      ...ACROSS_NAMES.flatMap((c) => Object.entries(ACROSS_EXAMPLES[c]).map(([name, e]) => ({ path: ACROSS_OPERATIONS[c].path, name, query: e.query }))),
      ...Object.keys(SERVICE_EXAMPLES).map((path) => ({ path, name: "example", query: {} })),
    ];
    for (const { path, name, query } of requests) {
      const op = doc.paths[path].get;
      const documented = op.responses["200"].content["application/json"].examples[name];
      const search = new URLSearchParams({ ...query, origin: "my-site.example" });
      if (Object.keys(query).length) expect(documented.description, `${path} (${name}) names its request`).toBe(`The answer to GET ${path}?${search}`);
      const body = await expectDocumented(op, await demo.app.get(`${path}?${search}`), `${path} (${name})`);
      expect(body.code, `${path}?${search}: ${body.message}`).toBe(0);
      expect(Object.keys(body.data).sort(), `${path} (${name}) has the fields of its example`).toEqual(expect.arrayContaining(Object.keys(documented.value.data)));
    }
    // source_a's (two of search, url and rank), every other demo source's for each operation it serves (source_b and
    // source_d have no playlists, so no transfers either), /v1/lookup's (an ISRC, a barcode) and /v1/resolve's (a song,
    // an album and an artist link), /v1/source and /v1/status
    expect(requests.length).toBe(OPERATION_NAMES.length + 3 + 4 * OPERATION_NAMES.length - 4 + 2 + 3 + 2);
  });

  it("the examples ask every source of the demo, each for every operation it serves", async () => {
    const { capability } = (await demo.app.json("/v1/source?origin=t")).body.data as { capability: Record<string, Record<string, boolean>> };
    expect(Object.keys(capability)).toEqual(["source_a", "source_b", "source_c", "source_d", "source_e"]);
    for (const c of OPERATION_NAMES) {
      const asked = new Set(Object.values(OPERATION_EXAMPLES[c]).map((e) => e.query.source));
      const serving = Object.keys(capability).filter((id) => capability[id][c]);
      expect([...asked].filter((s) => s !== "all").sort(), c).toEqual(serving);
      for (const e of Object.values(OPERATION_EXAMPLES[c])) if (e.query.source !== "all") expect(e.summary, c).toMatch(new RegExp(`^${e.query.source}: `));
    }
  });

  it("every JSONP example is the answer to the request it names; on playlist the same request with cb is plain JSON", async () => {
    const envelopeOf = (script: string) => JSON.parse(/^\/\*\*\/ typeof onMusic === 'function' && onMusic\((.*)\);$/s.exec(script)![1]);
    let checked = 0;
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      const jsonp = item.get?.responses["200"]?.content?.["application/javascript"]?.examples?.jsonp;
      if (!jsonp) continue;
      const target = jsonp.description.replace(/^The answer to GET /, "");
      const answer = await demo.app.get(target);
      expect([answer.status, answer.headers.get("content-type")], target).toEqual([200, "application/javascript; charset=utf-8"]);
      const [served, documented] = [envelopeOf(await answer.text()), envelopeOf(jsonp.value)];
      expect(served.code, `${target}: ${served.message}`).toBe(0);
      expect(Object.keys(served.data).sort(), path).toEqual(expect.arrayContaining(Object.keys(documented.data)));
      checked++;
    }
    expect(checked).toBe(OPERATION_NAMES.length + ACROSS_NAMES.length + 2);
    const withCb = doc.paths["/v1/playlist"].get.responses["200"].content["application/javascript"].examples.jsonp.description.replace(/^The answer to GET /, "").replace("callback=", "cb=");
    const plain = await demo.app.get(withCb);
    expect([plain.status, plain.headers.get("content-type")]).toEqual([200, "application/json; charset=utf-8"]);
    expect((await plain.json()).code).toBe(0);
  });

  it("the parameters' examples are those of the answer examples, the first answer's first", () => {
    for (const capability of OPERATION_NAMES) {
      const op = doc.paths[OPERATIONS[capability].path].get;
      const answers = OPERATION_EXAMPLES[capability];
      const own = (op.parameters as object[]).map((p) => check.resolve<Record<string, any>>(p)).filter((p) => p.name !== "origin" && (p.example ?? p.examples) !== undefined);
      // one value per answer example that has the parameter, named as it is; a single example where they agree
      const expected = (name: string) => Object.fromEntries(Object.entries(answers).filter(([, e]) => e.query[name] !== undefined).map(([key, e]) => [key, e.query[name]]));
      for (const p of own) {
        const given = expected(p.name);
        if (p.example !== undefined) expect(new Set(Object.values(given)), `${capability} ${p.name}`).toEqual(new Set([String(p.example)]));
        else expect(Object.fromEntries(Object.entries<any>(p.examples).map(([key, e]) => [key, String(e.value)])), `${capability} ${p.name}`).toEqual(given);
      }
      const first = Object.values(answers)[0].query;
      expect(Object.fromEntries(own.map((p) => [p.name, String(p.example ?? Object.values<any>(p.examples)[0].value)])), capability).toEqual(
        Object.fromEntries(Object.keys(Object.assign({}, ...Object.values(answers).map((e) => e.query))).map((name) => [name, first[name] ?? Object.values(answers).find((e) => e.query[name] !== undefined)!.query[name]])),
      );
      expect(own.find((p) => p.name === "source")?.examples, `${capability}: every source a value of source`).toBeDefined();
    }
  });

  it("every /api endpoint answers its example as documented", async () => {
    const list = doc.paths["/api/v0/list"].post;
    const listed = await demo.app.get("/api/v0/list", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(list.requestBody.content["application/json"].example) });
    expect((await expectDocumented(list, listed, "list")).data.list.length).toBeGreaterThan(0);
    await expectDocumented(doc.paths["/api/v0/limit"].get, await demo.app.get("/api/v0/limit"), "limit");
    const qr = await demo.app.get(`/api/v1/qrcode?${new URLSearchParams({ size: "120", data: "hello", sign: qrSign(DEMO_QR_SECRET, "hello") })}`);
    expect([qr.status, qr.headers.get("content-type")]).toEqual([200, "image/svg+xml; charset=utf-8"]);
    expect(API_ENDPOINTS.every((e) => doc.paths[e.path][e.method.toLowerCase()])).toBe(true);
  });

  it("failures have the documented status and envelope", async () => {
    const v1 = (path: string) => doc.paths[path].get;
    const cases: [Record<string, any>, string, RequestInit?][] = [
      [v1("/v1/search"), "/v1/search?origin=t&source=all"],
      [v1("/v1/search"), "/v1/search?origin=t&source=source_z&q=x"],
      [v1("/v1/song"), "/v1/song?origin=t&source=source_a&id=8888888"],
      [v1("/v1/song/url"), "/v1/song/url?origin=t&source=source_c&id=dW5pS"],
      [v1("/v1/playlist"), "/v1/playlist?origin=t&source=source_b&id=1"],
      [v1("/v1/status"), "/v1/status?origin=t", { headers: { "user-agent": "curl/8.0" } }],
      [v1("/v1/status"), "/v1/status?origin=t", { method: "DELETE" }],
      [doc.paths["/api/v0/list"].post, "/api/v0/list", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }],
      [doc.paths["/api/v1/qrcode"].get, "/api/v1/qrcode?size=100&data=x&sign=00"],
    ];
    const statuses: number[] = [];
    for (const [op, path, init] of cases) {
      const response = await demo.app.get(path, init);
      statuses.push(response.status);
      await expectDocumented(op, response, path);
    }
    expect(statuses).toEqual([400, 400, 404, 403, 400, 403, 405, 400, 403]);
  });

  it("each parameter's documented schema accepts exactly what the service accepts", () => {
    const probes = [
      "a", "x".repeat(80), "x".repeat(81), "x".repeat(512), "x".repeat(513), " ", "\t", "a\u0001b", "😀".repeat(80), "😀".repeat(81),
      "standard", "lossless", "hd", "song", "album", "0", "1", "2", "7", "10", "50", "51", "100", "101", "500", "501", "1000", "1001",
      "1.5", "-1", "1e1", "abc", "my-site.example", "a b", "x".repeat(64), "x".repeat(65), "cb.x.y.z", "a.b.c.d.e", "1abc",
      "/", "/Music", "Music", "ab12", "abc", "https://pan.baidu.com/s/1abc",
      "GBDUW0000059", "gb-duw-00-00059", "GBDUW000005", "724384960650", "0-724384-96065-0", "72438496065", "96385074", "x".repeat(2048), "x".repeat(2049),
    ];
    const typed = (schema: Record<string, any>, value: string) => (schema.type === "integer" && /^\d+$/.test(value) ? Number(value) : value);
    const fields = [
      ...OPERATION_NAMES.flatMap((c) => fieldsOf(OPERATIONS[c].params).map(([name, field]) => ({ path: OPERATIONS[c].path, name, field }))),
      ...ACROSS_NAMES.flatMap((c) => fieldsOf(ACROSS_OPERATIONS[c].params).map(([name, field]) => ({ path: ACROSS_OPERATIONS[c].path, name, field }))),
      { path: "/v1/status", name: "origin", field: origin },
      { path: "/v1/status", name: "callback", field: callback },
      ...fieldsOf(API_ENDPOINTS[2].schema).map(([name, field]) => ({ path: "/api/v1/qrcode", name, field })),
    ];
    let compared = 0;
    for (const { path, name, field } of fields) {
      const documented = (doc.paths[path].get.parameters as object[]).map((p) => check.resolve<Record<string, any>>(p)).find((p) => p.name === name)!;
      for (const value of probes) {
        const service = field.safeParse(value).success;
        const schema = check.errors(documented.schema, typed(documented.schema, value)).length === 0;
        expect(schema, `${path} ${name}=${JSON.stringify(value.slice(0, 20))}${value.length > 20 ? `… (${value.length})` : ""}`).toBe(service);
        compared++;
      }
    }
    const body = doc.paths["/api/v0/list"].post.requestBody.content["application/json"].schema;
    for (const [name, field] of fieldsOf(API_ENDPOINTS[0].schema)) {
      for (const value of probes) expect(check.errors(body.properties[name], value).length === 0, `list ${name}=${JSON.stringify(value.slice(0, 20))}`).toBe(field.safeParse(value).success);
    }
    expect(compared).toBeGreaterThan(1000);
  });
});

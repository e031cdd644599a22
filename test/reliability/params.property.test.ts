/**
 * Property-based tests over every /v1 endpoint's parameters: valid values mixed with
 * unicode, control characters, lone surrogates, very long values, repeated and unknown
 * parameters, malformed percent-encoding and JSONP callback payloads. Whatever comes in,
 * the answer is a valid envelope with a code of the spec (never 5000), the docs/decisions.md status in
 * JSON mode, 200 in JSONP mode, and an invalid callback is never echoed.
 */
import "reflect-metadata";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fake, { makeFakeSource } from "../fixtures/source-fake/index.ts";
import { startFakeUpstream } from "../fixtures/source-fake/upstream.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import type { Simulator } from "@music-aggregator/core/testing";
import { ENDPOINTS, queryFor, type EndpointModel } from "./arbitraries.ts";
import { readAnswer, SPEC_CALLBACK } from "./support.ts";

const NUM_RUNS = 150;
/** Node's default limit on the request head is 16 KiB; longer URLs never reach the app. */
const MAX_URL = 14_000;
const SPEC_ORIGIN = /^[A-Za-z0-9._:/-]{1,64}$/;

describe("/v1 parameters (property-based)", () => {
  let simulator: Simulator;
  let app: TestApp;

  beforeAll(async () => {
    simulator = await startFakeUpstream();
    const options = { baseURL: simulator.url };
    app = await startTestApp({
      plugins: [fake, makeFakeSource("fake-lite", { search: true, song: true })],
      config: {
        sources: {
          source_a: { plugin: "fake", options },
          source_b: { plugin: "fake", options },
          source_c: { plugin: "fake-lite", options },
          source_d: { plugin: "fake", options },
        },
        disable: ["source_d"],
        lyrics: false,
        rateLimit: { points: 1_000_000, duration: 60 },
        upstream: { timeoutMs: 2000, retries: 0 },
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await simulator?.close();
  });

  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.path}: any parameters give a valid envelope, never 5000, never an echoed invalid callback`, async () => {
      await fc.assert(
        fc.asyncProperty(queryFor(endpoint), async (query) => {
          const url = `${app.url}${endpoint.path}?${query}`;
          fc.pre(url.length <= MAX_URL);
          const answer = await readAnswer(await app.get(`${endpoint.path}?${query}`));
          checkAgainstModel(endpoint, new URL(url).searchParams, answer);
        }),
        { numRuns: NUM_RUNS },
      );
      expect(app.logs.filter((line) => line.startsWith("error"))).toEqual([]);
    }, 60_000);
  }

  it("the spec's JSONP payloads are refused on every endpoint without being echoed", async () => {
    const valid: Record<string, string> = { q: "o", source: "source_a", id: "1" };
    for (const endpoint of ENDPOINTS) {
      const own = Object.keys(endpoint.params).filter((k) => k in valid).map((k) => `${k}=${valid[k]}`);
      for (const payload of ["alert(1)//", "a.b.c.d.e", "</script>", "a.b.c.d.e.f", "x\u2028y"]) {
        for (const key of endpoint.cbAlias ? ["callback", "cb"] : ["callback"]) {
          const query = [...own, "origin=reliability", `${key}=${encodeURIComponent(payload)}`].join("&");
          const answer = await readAnswer(await app.get(`${endpoint.path}?${query}`));
          expect(answer.callback, `${endpoint.path} ${key}=${payload}`).toBeUndefined();
          expect(answer.envelope.code).toBe(1001);
          expect(answer.status).toBe(400);
          expect(answer.text.includes(payload), `${payload} echoed`).toBe(false);
        }
      }
      // And the valid four-part name is used as given.
      const ok = await readAnswer(await app.get(`${endpoint.path}?${[...own, "origin=reliability", "callback=a.b.c.d"].join("&")}`));
      expect(ok.callback).toBe("a.b.c.d");
    }
  });

  it("U+2028 and U+2029 in data are escaped in JSONP and kept in JSON", async () => {
    const jsonp = await readAnswer(await app.get("/v1/song?origin=reliability&source=source_a&id=6&callback=show"));
    expect(jsonp.callback).toBe("show");
    expect(jsonp.text).toContain("Voyager \\u2028 line");
    expect((jsonp.envelope.data as { name: string }).name).toBe("Voyager \u2028 line");
    const json = await readAnswer(await app.get("/v1/song?origin=reliability&source=source_a&id=6"));
    expect((json.envelope.data as { name: string }).name).toBe("Voyager \u2028 line");
  });

  it("on playlist `cb` is not an alias: it is ignored, not echoed", async () => {
    const answer = await readAnswer(await app.get("/v1/playlist?origin=reliability&source=source_a&id=900&cb=alert(1)//"));
    expect(answer.callback).toBeUndefined();
    expect(answer.envelope.code).toBe(0);
    const named = await readAnswer(await app.get("/v1/playlist?origin=reliability&source=source_a&id=900&cb=done"));
    expect(named.callback).toBeUndefined();
  });

  it("any method but GET is 1004 (405, Allow: GET) before anything else; HEAD answers like GET without a body", async () => {
    const endpointAndQuery = fc.constantFrom(...ENDPOINTS).chain((e) => queryFor(e).map((q) => ({ endpoint: e, query: q })));
    await fc.assert(
      fc.asyncProperty(endpointAndQuery, fc.constantFrom("POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"), async ({ endpoint, query }, method) => {
        const path = `${endpoint.path}?${query}`;
        fc.pre(app.url.length + path.length <= MAX_URL);
        if (method === "HEAD") {
          const get = await app.get(path);
          await get.arrayBuffer();
          const head = await readAnswer(await app.get(path, { method }), "HEAD");
          expect(head.status).toBe(get.status);
          return;
        }
        const answer = await readAnswer(await app.get(path, { method }));
        expect(answer.envelope.code).toBe(1004);
        if (answer.callback === undefined) {
          expect(answer.status).toBe(405);
          expect(answer.headers.get("allow")).toMatch(/\bGET\b/);
        }
      }),
      { numRuns: NUM_RUNS },
    );
  }, 60_000);

  it("a blocked or empty user-agent is 4002 (403) whatever the parameters", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ENDPOINTS).chain(queryFor), fc.constantFrom("", "curl/8.5.0", "python-requests/2.31", "Go-http-client/1.1", "node"), async (query, ua) => {
        const path = `/v1/song?${query}`;
        fc.pre(app.url.length + path.length <= MAX_URL);
        const answer = await readAnswer(await fetch(app.url + path, { headers: { "user-agent": ua } }));
        expect(answer.envelope.code).toBe(4002);
      }),
      { numRuns: 50 },
    );
  }, 60_000);

  it("unknown paths under /v1 are 3001 (404)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.webSegment(), async (segment) => {
        fc.pre(!["search", "song", "lyric", "album", "artist", "playlist", "rank", "source", "status"].includes(segment));
        const answer = await readAnswer(await app.get(`/v1/${segment}/x?origin=reliability`));
        expect(answer.envelope.code).toBe(3001);
      }),
      { numRuns: 50 },
    );
  });
});

// --- internal ---

/** What the spec and docs/decisions.md (/v1) say about an answer, given the parameters as the server sees them. */
function checkAgainstModel(endpoint: EndpointModel, params: URLSearchParams, answer: Awaited<ReturnType<typeof readAnswer>>): void {
  const { code } = answer.envelope;
  const where = `${endpoint.path}?${params.toString().slice(0, 400)} → ${answer.text.slice(0, 300)}`;
  // The server reads the first non-empty value of a parameter: an empty one counts as absent.
  const given = (name: string) => params.getAll(name).find((value) => value !== "");
  const param = given("callback") !== undefined ? "callback" : endpoint.cbAlias && given("cb") !== undefined ? "cb" : undefined;
  const callback = param && given(param);

  if (answer.callback !== undefined) {
    expect(answer.callback, `echoed another callback than the one given: ${where}`).toBe(callback);
  } else {
    expect(callback === undefined || !SPEC_CALLBACK.test(callback), `JSON although the callback is valid: ${where}`).toBe(true);
    for (const c of [...params.getAll("callback"), ...params.getAll("cb")]) {
      if (c) expect(answer.text.includes(`${c}(`), `invalid callback echoed: ${where}`).toBe(false);
    }
  }
  if (callback !== undefined && !SPEC_CALLBACK.test(callback)) expect(code, `invalid callback: ${where}`).toBe(1001);
  if (!params.getAll("origin").some((o) => SPEC_ORIGIN.test(o))) expect(code, `no valid origin: ${where}`).toBe(1001);
  expect(endpoint.codes, where).toContain(code);
  if (code === 0) {
    if ("source" in endpoint.params) expect(params.getAll("source"), where).toContain(answer.envelope.source);
    else expect(answer.envelope.source, where).toBeNull();
  }
}

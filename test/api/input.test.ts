/**
 * What `/api/v0/list` refuses before any upstream call: wrong method, content type, body size,
 * JSON, fields; and its rate limit. Every case checks that the share host saw nothing.
 */
import { connect } from "node:net";
import { describe, expect, it, onTestFinished } from "vitest";
import type { TestApp } from "../support/app.ts";
import type { ShareHostSimulator } from "../../plugins/share-baidu/test/simulator.ts";
import { corsHeaders, postList, startShareApp, useShareApp } from "./helpers.ts";

let sim: ShareHostSimulator;
let app: TestApp;

useShareApp((started) => ({ sim, app } = started), { resetEach: true });

const error = (code: number, message: string) => ({ code, message, data: null });

describe("POST /api/v0/list input", () => {
  it.each([
    ["text/plain", 415],
    ["application/x-www-form-urlencoded", 415],
    ["multipart/form-data; boundary=x", 415],
    ["application/jsonp", 415],
    ["", 415],
  ])("content type %j → %i", async (type, status) => {
    const response = await app.get("/api/v0/list", { method: "POST", headers: type ? { "content-type": type } : {}, body: JSON.stringify({ surl: "1OpenShare", dir: "/" }) });
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual(error(415, "content type must be application/json"));
    expect(sim.totalCalls()).toBe(0);
  });

  it("accepts application/json with a charset, in any case", async () => {
    const { status } = await postList(app, { surl: "1OpenShare", dir: "/Music" }, { "content-type": "Application/JSON; charset=utf-8" });
    expect(status).toBe(200);
    expect(sim.totalCalls()).toBe(1);
  });

  it("refuses a body over 16 KiB with 413, declared or streamed", async () => {
    const big = JSON.stringify({ surl: "1OpenShare", dir: "/", pad: "x".repeat(16 * 1024) });
    const declared = await postList(app, big);
    expect([declared.status, declared.body]).toEqual([413, error(413, "body must be at most 16384 bytes")]);
    const chunks = [new TextEncoder().encode(big.slice(0, 10_000)), new TextEncoder().encode(big.slice(10_000))];
    const streamed = await app.get("/api/v0/list", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new ReadableStream({ pull: (c) => (chunks.length ? c.enqueue(chunks.shift()!) : c.close()) }),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(sim.totalCalls()).toBe(0);
  });

  it.each([
    ["not JSON", "{surl:", error(400, "body must be a JSON object")],
    ["empty", "", error(400, "body must be a JSON object")],
    ["an array", "[]", error(400, "body must be a JSON object")],
    ["null", "null", error(400, "body must be a JSON object")],
    ["no surl", { dir: "/" }, error(400, "surl is required")],
    ["no dir", { surl: "1OpenShare" }, error(400, "dir is required")],
    ["surl a number", { surl: 1, dir: "/" }, error(400, "surl must be a string")],
    ["empty surl", { surl: "", dir: "/" }, error(400, "surl is required")],
    ["relative dir", { surl: "1OpenShare", dir: "Music" }, error(400, "dir must be / or a path starting with /")],
    ["dir with a control character", { surl: "1OpenShare", dir: "/a\u0000b" }, error(400, "dir must not contain control characters")],
    ["pwd of 3", { surl: "1OpenShare", dir: "/", pwd: "abc" }, error(400, "pwd must be 4 letters or digits")],
    ["pwd with a symbol", { surl: "1OpenShare", dir: "/", pwd: "ab-1" }, error(400, "pwd must be 4 letters or digits")],
    ["pwd a number", { surl: "1OpenShare", dir: "/", pwd: 1234 }, error(400, "pwd must be a string")],
    ["bad pwd in the link", { surl: "https://pan.baidu.com/s/1OpenShare?pwd=toolong", dir: "/" }, error(400, "pwd must be 4 letters or digits")],
  ])("%s → 400", async (_name, body, expected) => {
    const { status, body: answer } = await postList(app, body);
    expect(status).toBe(400);
    expect(answer).toEqual(expected);
    expect(sim.totalCalls()).toBe(0);
  });

  it("lets pwd in the body win over the one in the link, and treats an empty pwd as none", async () => {
    await postList(app, { surl: "https://pan.baidu.com/s/1LockedShare?pwd=zz99", dir: "/", pwd: "ab12" });
    await postList(app, { surl: "https://pan.baidu.com/s/1LockedShare?pwd=ab12", dir: "/Docs", pwd: "" });
    expect(sim.received.wxlist.map((c) => c.form.get("pwd"))).toEqual(["ab12", "ab12"]);
  });

  it.each(["GET", "PUT", "DELETE"])("%s → 405 with Allow: POST", async (method) => {
    const response = await app.get("/api/v0/list", { method });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(await response.json()).toEqual(error(405, `method ${method} is not allowed, use POST`));
  });

  it("unknown /api paths are 404 JSON; no answer carries a CORS header", async () => {
    const response = await app.get("/api/v0/nothing", { headers: { origin: "https://elsewhere.example" } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(error(404, "no such endpoint under /api; /docs is the reference of the interface"));
    expect(corsHeaders(response.headers)).toEqual([]);
    const preflight = await app.get("/api/v0/list", { method: "OPTIONS", headers: { origin: "https://elsewhere.example", "access-control-request-method": "POST" } });
    expect(preflight.status).toBe(405);
    expect(corsHeaders(preflight.headers)).toEqual([]);
  });
});

describe("rate limit", () => {
  it("answers 429 with Retry-After once the client's budget is spent, before reading the body", async () => {
    const limited = await startShareApp(sim.url, {}, { rateLimit: { points: 2, duration: 60 } });
    onTestFinished(() => limited.close());
    expect((await postList(limited, { surl: "1OpenShare", dir: "/Music" })).status).toBe(200);
    expect((await postList(limited, "not json")).status).toBe(400);
    const refused = await postList(limited, { surl: "1OpenShare", dir: "/" });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(error(429, `rate limit exceeded, retry after ${refused.headers.get("retry-after")} s`));
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    expect(sim.totalCalls()).toBe(1);
  });
});

describe("a client that goes away", () => {
  it("aborting its body mid-way is not an internal error: nothing logged as one, not counted as a failed request", async () => {
    const fresh = await startShareApp(sim.url);
    onTestFinished(() => fresh.close());
    const { port } = new URL(fresh.url);
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), "127.0.0.1", () => {
        socket.write("POST /api/v0/list HTTP/1.1\r\nHost: t\r\nUser-Agent: t/1\r\nContent-Type: application/json\r\nContent-Length: 900\r\n\r\n{\"surl\":\"1Open");
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 50);
      });
      socket.on("error", () => undefined);
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(fresh.logs.filter((line) => line.startsWith("error"))).toEqual([]);
    const stats = fresh.service.front.traffic;
    const { today } = await stats.snapshot();
    expect(today).toMatchObject({ requests: 0, failed: 0 });
    expect(sim.totalCalls()).toBe(0);
  });
});

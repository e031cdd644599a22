/**
 * Every status line says its reason phrase (`HTTP/1.1 200 OK`, `404 Not Found`), whichever way
 * the answer goes out: through h3 and srvx, from the kept answers written before h3, or as an
 * edge answer of the connection limits. Before, answers made by h3 said `HTTP/1.1 200 ` while
 * kept ones said `200 OK`.
 */
import { STATUS_CODES } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeApp, type FakeApp } from "../support/fake-app.ts";
import { exchange } from "../support/raw-clients.ts";

let t: FakeApp;
beforeAll(async () => {
  t = await startFakeApp({ sources: { source_a: undefined }, config: { share: { qrSecret: "reason-phrase-secret" } } });
});
afterAll(() => t?.close());

const request = (target: string, { method = "GET", ua = "reason-test/1.0" } = {}) => `${method} ${target} HTTP/1.1\r\nHost: t\r\nUser-Agent: ${ua}\r\nConnection: close\r\n\r\n`;

describe("the status line", () => {
  it("has the reason phrase of its status, for pages, /v1, /api, probes, errors and kept answers alike", async () => {
    const port = Number(new URL(t.url).port);
    const song = "/v1/song?origin=t&source=source_a&id=1";
    const cases: [string, number][] = [
      [request("/"), 200], [request("/docs"), 200], [request("/openapi.json"), 200], [request("/assets/docs.js"), 200], [request("/playground"), 200],
      [request("/healthz"), 200], [request("/readyz"), 200], [request("/metrics"), 200], [request("/v1/status?origin=t"), 200], [request("/v1/source?origin=t"), 200],
      // the second is answered from the kept answers, before h3
      [request(song), 200], [request(song), 200],
      [request("/v1/nothing?origin=t"), 404], [request("/v1/song?origin=t&source=source_z&id=1"), 400], [request("/v1/status?origin=t", { method: "POST" }), 405],
      [request("/v1/status?origin=t", { ua: "curl/8.0" }), 403], [request("/api/v0/limit"), 200], [request("/playground?api=https%3A%2F%2Fno.example"), 400],
    ];
    for (const [raw, status] of cases) {
      const [answer] = await exchange(port, [raw]);
      const line = answer.headers.split("\r\n")[0];
      expect(line, raw.split("\r\n")[0]).toBe(`http/1.1 ${status} ${STATUS_CODES[status]!.toLowerCase()}`);
    }
  });
});

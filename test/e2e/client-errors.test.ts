/** Requests node:http refuses before routing still get the envelope with 1001. */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeApp, v1, type FakeApp } from "../support/fake-app.ts";

let t: FakeApp;
beforeAll(async () => {
  t = await startFakeApp();
});
afterAll(() => t.close());

function raw(request: string): Promise<string> {
  const { port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1", () => socket.end(request));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe("client errors", () => {
  it("a request head over 16 KiB is 400 with 1001 naming the limit", async () => {
    const r = await t.json(v1("search", { source: "source_a", q: "x".repeat(20_000) }));
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ code: 1001, message: "parameter error: the request line and headers must be under 16 KiB", data: null, source: null, cost: 0 });
    expect(r.headers.get("cache-control")).toBe("no-store");
  });

  it("a malformed request line is 400 with 1001, and the service keeps answering", async () => {
    const answer = await raw("GARBAGE\r\n\r\n");
    expect(answer.startsWith("HTTP/1.1 400 Bad Request\r\n")).toBe(true);
    expect(answer).toContain("\r\ncache-control: no-store\r\n");
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toMatchObject({ code: 1001, data: null });
    expect((await t.json(v1("source"))).body.code).toBe(0);
  });
});

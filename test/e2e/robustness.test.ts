/**
 * Raw-socket robustness of the real entry point (listhen and all): chunked, oversized,
 * truncated and aborted bodies on `/api` and `/v1`, broken framing, slow heads and bodies,
 * clients that vanish mid-answer. After every case the service must still answer.
 */
import { connect, type Socket } from "node:net";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TEST_UA } from "../support/app.ts";
import { PROJECT_ROOT, startMainProcess, type MainProcess } from "../support/main-process.ts";

let main: MainProcess;

beforeAll(async () => {
  main = startMainProcess({
    config: {
      plugins: [join(PROJECT_ROOT, "test/fixtures/third-party/source-slow.ts")],
      sources: { source_a: { plugin: "slow", options: { delayMs: 300 } } },
      lyrics: false,
      rateLimit: { points: 100_000, duration: 60 },
      server: { headersTimeoutMs: 1500, bodyTimeoutMs: 1000, requestTimeoutMs: 3000 },
      // Nothing listens there: these cases never get as far as the share host.
      share: { qrSecret: "robustness-secret", options: { baseURL: "http://127.0.0.1:9" } },
    },
  });
  await main.ready;
}, 30_000);

afterAll(() => main.stop());

// The service must still answer after every case, and never have logged a crash.
afterEach(async () => {
  const response = await fetch(`${main.url}/v1/status?origin=robustness`, { headers: { "user-agent": TEST_UA } });
  expect(response.status).toBe(200);
  expect((await response.json()).code).toBe(0);
  expect(main.child.exitCode).toBeNull();
  expect(main.output()).not.toMatch(/TypeError|uncaught|unhandled/i);
});

interface Exchange {
  /** everything the service sent */
  text: string;
  /** ms until the service closed the connection (undefined when it stayed open) */
  closedAfter?: number;
}

/**
 * Sends `parts` over one connection (with `gapMs` between them), then waits for the service
 * to close it, at most `waitMs`. `hangUp` ends (half-closes) the client side after sending;
 * `vanishAfterMs` destroys it that long after the last part.
 */
function exchange(parts: (string | Buffer)[], options: { gapMs?: number; waitMs?: number; hangUp?: boolean; vanishAfterMs?: number } = {}): Promise<Exchange> {
  const { gapMs = 0, waitMs = 5000, hangUp = false, vanishAfterMs } = options;
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const chunks: Buffer[] = [];
    const socket: Socket = connect(main.port, "127.0.0.1");
    const finish = (closedAfter?: number) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text: Buffer.concat(chunks).toString("latin1"), closedAfter });
    };
    const timer = setTimeout(() => finish(undefined), waitMs);
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("close", () => finish(Date.now() - started));
    socket.on("error", (error: NodeJS.ErrnoException) => (error.code === "ECONNRESET" || error.code === "EPIPE" ? undefined : reject(error)));
    socket.on("connect", async () => {
      for (const part of parts) {
        if (socket.destroyed) return;
        socket.write(part);
        if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
      }
      if (hangUp) socket.end();
      if (vanishAfterMs !== undefined) setTimeout(() => finish(undefined), vanishAfterMs);
    });
  });
}

const head = (lines: string[]) => `${lines.join("\r\n")}\r\n\r\n`;
const listHead = (extra: string[]) => head(["POST /api/v0/list HTTP/1.1", "Host: t", `User-Agent: ${TEST_UA}`, "Content-Type: application/json", ...extra]);
const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;

/** Status line, headers and parsed JSON body of the first answer in `text` (sized or chunked). */
function firstAnswer(text: string): { status: number; body: any; headers: string } {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
  const end = text.indexOf("\r\n\r\n");
  const headers = text.slice(0, end).toLowerCase();
  let rest = text.slice(end + 4);
  let body = "";
  if (/transfer-encoding: chunked/.test(headers)) {
    for (;;) {
      const line = rest.indexOf("\r\n");
      const size = parseInt(rest.slice(0, line), 16);
      if (!size) break;
      body += rest.slice(line + 2, line + 2 + size);
      rest = rest.slice(line + 2 + size + 2);
    }
  } else {
    body = rest.slice(0, Number(/content-length: (\d+)/.exec(headers)?.[1] ?? rest.length));
  }
  return { status, headers, body: body ? JSON.parse(body) : null };
}

describe("bodies on /api/v0/list", () => {
  const oversized = `{"surl":"1AbCdEf","dir":"/","pad":"${"x".repeat(20_000)}"}`;

  it("a chunked body over 16 KiB is 413, and the connection closes", async () => {
    const parts = [listHead(["Transfer-Encoding: chunked"]), ...oversized.match(/.{1,4000}/g)!.map(chunk), "0\r\n\r\n"];
    const { text, closedAfter } = await exchange(parts);
    expect(firstAnswer(text)).toMatchObject({ status: 413, body: { code: 413, message: "body must be at most 16384 bytes", data: null } });
    expect(closedAfter).toBeDefined();
  });

  it("a chunked body over 16 KiB that never ends is 413 too", async () => {
    const { text } = await exchange([listHead(["Transfer-Encoding: chunked"]), ...Array.from({ length: 6 }, () => chunk("x".repeat(4000)))], { waitMs: 2000 });
    expect(firstAnswer(text).status).toBe(413);
  });

  it("a declared Content-Length over 16 KiB is 413 before the body is read", async () => {
    const { text } = await exchange([listHead([`Content-Length: ${oversized.length}`]), oversized.slice(0, 100)], { waitMs: 2000 });
    expect(firstAnswer(text)).toMatchObject({ status: 413, body: { code: 413 } });
  });

  it("a truncated body (the client hangs up early) gets no crash", async () => {
    await exchange([listHead(["Content-Length: 500"]), '{"surl":"1AbC'], { hangUp: true, waitMs: 1500 });
  });

  it("a truncated chunked body (the client vanishes) gets no crash", async () => {
    await exchange([listHead(["Transfer-Encoding: chunked"]), "40\r\n{\"surl\":"], { vanishAfterMs: 50 });
  });

  it("a body aborted mid-way after 10 KiB gets no crash", async () => {
    await exchange([listHead(["Content-Length: 16000"]), "x".repeat(10_000)], { vanishAfterMs: 20 });
  });

  it("a bad chunk size is 400 in the /api envelope", async () => {
    const { text } = await exchange([listHead(["Transfer-Encoding: chunked"]), "zz\r\nabc\r\n0\r\n\r\n"]);
    expect(firstAnswer(text)).toMatchObject({ status: 400, body: { code: 400, message: "the request is not valid HTTP", data: null } });
  });

  it("a body that trickles past the request deadline is cut with 408", async () => {
    const { text, closedAfter } = await exchange([listHead(["Content-Length: 2000"]), ...Array.from({ length: 40 }, () => "x")], { gapMs: 100, waitMs: 6000 });
    expect(firstAnswer(text)).toMatchObject({ status: 408, body: { code: 408, data: null } });
    expect(closedAfter).toBeLessThan(5000);
  });
});

describe("bodies and disconnects on /v1", () => {
  const v1Head = (extra: string[], path = "/v1/song?origin=t&source=source_a&id=1") => head([`GET ${path} HTTP/1.1`, "Host: t", `User-Agent: ${TEST_UA}`, ...extra]);

  it("a GET with a large chunked body is answered, and the body is not waited for forever", async () => {
    const { text, closedAfter } = await exchange([v1Head(["Transfer-Encoding: chunked"]), ...Array.from({ length: 10 }, () => chunk("y".repeat(8000)))], { waitMs: 6000 });
    expect(firstAnswer(text)).toMatchObject({ status: 200, body: { code: 0 } });
    expect(closedAfter).toBeLessThan(5000);
  });

  it("a POST with an oversized body is 1004", async () => {
    const { text } = await exchange([head(["POST /v1/song?origin=t&source=source_a&id=1 HTTP/1.1", "Host: t", `User-Agent: ${TEST_UA}`, "Content-Length: 100000"]), "z".repeat(30_000)], { waitMs: 2000 });
    expect(firstAnswer(text)).toMatchObject({ status: 405, body: { code: 1004 } });
  });

  it("a client that vanishes before the answer is ready gets no crash", async () => {
    await exchange([v1Head([], "/v1/song?origin=t&source=source_a&id=vanish-1")], { vanishAfterMs: 50 });
    await new Promise((r) => setTimeout(r, 400));
  });

  it("a client that half-closes while its answer is prepared still gets it or a closed socket", async () => {
    await exchange([v1Head([], "/v1/song?origin=t&source=source_a&id=vanish-2")], { hangUp: true, waitMs: 1500 });
  });

  it("a client that vanishes mid-answer (a large page) gets no crash", async () => {
    await exchange([head(["GET / HTTP/1.1", "Host: t", `User-Agent: ${TEST_UA}`])], { vanishAfterMs: 0 });
  });

  it("pipelined requests are all answered in order", async () => {
    const one = v1Head([], "/v1/status?origin=pipe");
    const { text } = await exchange([one.repeat(20)], { waitMs: 1500 });
    expect(text.match(/HTTP\/1\.1 200 /g)?.length).toBe(20);
  });
});

describe("requests node:http refuses before routing", () => {
  it("HTTP/1.1 without Host is 400 in the /v1 envelope", async () => {
    const { text } = await exchange([head(["GET /v1/status?origin=t HTTP/1.1", `User-Agent: ${TEST_UA}`])]);
    expect(firstAnswer(text)).toMatchObject({ status: 400, body: { code: 1001, message: "parameter error: the request must carry a Host header", data: null, source: null, cost: 0 } });
  });

  it("HTTP/1.1 without Host on /api is 400 in the /api envelope", async () => {
    const { text } = await exchange([head(["GET /api/v0/limit HTTP/1.1", `User-Agent: ${TEST_UA}`])]);
    expect(firstAnswer(text)).toMatchObject({ status: 400, body: { code: 400, message: "the request must carry a Host header", data: null } });
  });

  it("an unknown Expect is enveloped (417 on /api, 1001 on /v1)", async () => {
    const api = await exchange([head(["GET /api/v0/limit HTTP/1.1", "Host: t", "Expect: 999-bogus"])]);
    expect(firstAnswer(api.text)).toMatchObject({ status: 417, body: { code: 417, message: "Expect: 999-bogus is not supported", data: null } });
    const v1 = await exchange([head(["GET /v1/status?origin=t HTTP/1.1", "Host: t", "Expect: 999-bogus"])]);
    expect(firstAnswer(v1.text)).toMatchObject({ status: 400, body: { code: 1001, message: "parameter error: Expect: 999-bogus is not supported" } });
  });

  it("both Content-Length and Transfer-Encoding (a smuggling attempt) is 400", async () => {
    const { text } = await exchange([listHead(["Content-Length: 4", "Transfer-Encoding: chunked"]), "0\r\n\r\n"]);
    expect(firstAnswer(text)).toMatchObject({ status: 400, body: { code: 400 } });
  });

  it("a malformed request line is 400 with 1001", async () => {
    const { text } = await exchange(["GARBAGE\r\n\r\n"]);
    expect(firstAnswer(text)).toMatchObject({ status: 400, body: { code: 1001, data: null } });
  });

  it("a head over 16 KiB is refused with the envelope", async () => {
    const { text } = await exchange([head([`GET /v1/status?origin=t HTTP/1.1`, "Host: t", `X-Pad: ${"p".repeat(20_000)}`])]);
    expect(firstAnswer(text)).toMatchObject({ status: 400, body: { code: 1001, message: "parameter error: the request line and headers must be under 16 KiB" } });
  });

  it("headers that trickle are cut after the headers deadline with the envelope", async () => {
    const { text, closedAfter } = await exchange(["GET /v1/status?origin=t HTTP/1.1\r\n", ...Array.from({ length: 60 }, (_, i) => `X-Slow-${i}: 1\r\n`)], { gapMs: 100, waitMs: 6000 });
    expect(firstAnswer(text)).toMatchObject({ status: 400, body: { code: 1001, message: "parameter error: the request was not received in time" } });
    expect(closedAfter).toBeLessThan(3500);
  });

  it("a connection that sends nothing is closed", async () => {
    const { closedAfter } = await exchange([], { waitMs: 8000 });
    expect(closedAfter).toBeLessThan(7000);
  });
});

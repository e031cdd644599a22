/**
 * The transport under the upstream client (node:http over pooled keep-alive connections):
 * compressed answers decoded, the size cap applied to what was decoded, a broken or trickling
 * body failing in its own terms, connections reused, a refused connection retried as a fast
 * failure. A node:http server on port 0 plays the upstream, down to the bytes.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { engineClientFactory } from "../support/engine-client.ts";
import { failure } from "../support/failure.ts";

const BODY = JSON.stringify({ id: 7, title: "Seven", padding: "x".repeat(2000) });
const ENCODED: Record<string, Buffer> = { gzip: gzipSync(BODY), deflate: deflateSync(BODY), br: brotliCompressSync(BODY) };

let server: Server;
let base: string;
let connections = 0;
const seen: IncomingMessage[] = [];

const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  "/plain": (_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(BODY),
  "/gzip": (_req, res) => res.writeHead(200, { "content-encoding": "gzip" }).end(ENCODED.gzip),
  "/deflate": (_req, res) => res.writeHead(200, { "content-encoding": "deflate" }).end(ENCODED.deflate),
  "/br": (_req, res) => res.writeHead(200, { "content-encoding": "br" }).end(ENCODED.br),
  // 4 MB of spaces in a few KB: what counts against the cap is what it decodes to.
  "/bomb": (_req, res) => res.writeHead(200, { "content-encoding": "gzip" }).end(gzipSync(Buffer.alloc(4_000_000, 0x20))),
  "/no-content": (_req, res) => res.writeHead(204, { "content-encoding": "gzip" }).end(),
  "/empty-gzip": (_req, res) => res.writeHead(200, { "content-encoding": "gzip", "content-length": "0" }).end(),
  "/broken-gzip": (_req, res) => res.writeHead(200, { "content-encoding": "gzip" }).end(Buffer.from("this is not gzip at all")),
  // The head promises more than the connection carries before it is cut.
  "/cut": (_req, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": String(BODY.length) });
    res.write(BODY.slice(0, 100), () => res.socket?.destroy());
  },
  "/cut-gzip": (_req, res) => {
    res.writeHead(200, { "content-encoding": "gzip", "content-length": String(ENCODED.gzip.length) });
    res.write(ENCODED.gzip.subarray(0, 20), () => res.socket?.destroy());
  },
  "/trickle": (_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.write('{"id":');
    const timer = setInterval(() => res.write(" "), 50);
    res.on("close", () => clearInterval(timer));
  },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req);
    (routes[req.url ?? ""] ?? ((_q, s: ServerResponse) => s.writeHead(404).end()))(req, res);
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
});

describe("node transport", () => {
  it("asks for compression and decodes gzip, deflate and br answers", async () => {
    const http = engineClientFactory().create({ name: "Zip", baseURL: base });
    for (const path of ["/plain", "/gzip", "/deflate", "/br"]) {
      const answer = await http.request(path);
      expect(answer.status, path).toBe(200);
      expect(answer.text, path).toBe(BODY);
    }
    expect(seen[0].headers["accept-encoding"]).toBe("gzip, deflate, br");
  });

  it("an empty answer marked as compressed is empty, not broken", async () => {
    const http = engineClientFactory({ retries: 0 }).create({ name: "Empty", baseURL: base });
    expect(await http.request("/no-content")).toMatchObject({ status: 204, text: "" });
    expect(await http.request("/empty-gzip")).toMatchObject({ status: 200, text: "" });
  });

  it("caps the decoded size, not the compressed one: a small gzip of 4 MB is 2003", async () => {
    const http = engineClientFactory({ maxBodyBytes: 1_000_000 }).create({ name: "Bomb", baseURL: base });
    const { code, message } = await failure(() => http.request("/bomb"));
    expect(code).toBe(2003);
    expect(message).toBe("Bomb answer is larger than 1000000 bytes");
  });

  it("a body that does not decode is 2002, said in the upstream's terms", async () => {
    const http = engineClientFactory({ retries: 0 }).create({ name: "Broken", baseURL: base });
    expect(await failure(() => http.request("/broken-gzip"))).toMatchObject({ code: 2002, message: "Broken answer broke off" });
  });

  it("a body cut off before its end is 2002, plain or compressed", async () => {
    const http = engineClientFactory({ retries: 0 }).create({ name: "Cut", baseURL: base });
    for (const path of ["/cut", "/cut-gzip"]) {
      expect(await failure(() => http.request(path)), path).toMatchObject({ code: 2002, message: "Cut answer broke off" });
    }
    // The next answer comes whole, over a fresh connection.
    expect(await http.request("/plain")).toMatchObject({ status: 200, text: BODY });
  });

  it("a body that trickles past the deadline is 2001, and the connection is closed", async () => {
    const http = engineClientFactory({ timeoutMs: 300 }).create({ name: "Slow", baseURL: base });
    const { code, message } = await failure(() => http.request("/trickle"));
    expect(code).toBe(2001);
    expect(message).toMatch(/^Slow did not answer within \d+ ms$/);
    await expect.poll(() => seen[0].socket.destroyed).toBe(true);
  });

  it("keeps connections open and reuses them", async () => {
    const http = engineClientFactory().create({ name: "Pool", baseURL: base });
    await http.request("/plain");
    const before = connections;
    for (let i = 0; i < 5; i++) await http.request(i % 2 ? "/gzip" : "/plain");
    expect(connections).toBe(before);
  });

  it("a refused connection is a fast failure: retried, then 2002", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const http = engineClientFactory({ timeoutMs: 3000, retries: 2 }).create({ name: "Gone", baseURL: `http://127.0.0.1:${port}` });
    const started = performance.now();
    expect(await failure(() => http.request("/plain"))).toMatchObject({ code: 2002, message: "Gone could not be reached" });
    // two backoffs (about 100 and 200 ms) between three attempts
    expect(performance.now() - started).toBeGreaterThan(250);
  });
});

/**
 * Cheap stalls: thousands of pipelined requests for the landing page or the biggest asset in one
 * write, none of the answers read. One connection may queue only a few requests (the rest of
 * them close it), the pages are rendered once and the assets sent from memory as they are, so
 * another client is answered in time and memory stays where it was.
 */
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ plugins: [], config: { sources: {}, rateLimit: { points: 1_000_000, duration: 60 } } });
});
afterAll(() => app.close());

/** Writes `count` pipelined GETs of `path` in one write and never reads the answers. */
function pipelined(path: string, count: number): Promise<Socket> {
  const { port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1", () => {
      socket.pause();
      socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nUser-Agent: pipeline-test/1.0\r\n\r\n`.repeat(count));
      resolve(socket);
    });
    socket.on("error", () => undefined);
    socket.once("error", reject);
  });
}

async function otherClient(): Promise<number> {
  const started = performance.now();
  const answer = await app.json("/v1/source?origin=other");
  expect(answer.status).toBe(200);
  return performance.now() - started;
}

describe("pipelined floods of pages", () => {
  it.each(["/", "/assets/redoc.standalone.js", "/openapi.json", "/docs"])("3,000 pipelined GET %s in one write stall nobody", async (path) => {
    const heapBefore = process.memoryUsage().heapUsed;
    const sockets = await Promise.all([pipelined(path, 3000), pipelined(path, 3000)]);
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      waits.push(await otherClient());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const grown = process.memoryUsage().heapUsed - heapBefore;
    for (const socket of sockets) socket.destroy();
    console.info(`[pipelining] ${path}: other client ms ${waits.map(Math.round).join(", ")}; heap +${Math.round(grown / 1048576)} MB`);
    expect(Math.max(...waits)).toBeLessThan(500);
    expect(grown).toBeLessThan(64 * 1024 * 1024);
  });

  it("answers a connection's pipelined requests in order up to the limit, then closes it", async () => {
    const socket = await pipelined("/v1/source?origin=p", 200);
    socket.resume();
    let text = "";
    socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
    await new Promise((resolve) => socket.once("close", resolve));
    const answered = text.split("HTTP/1.1 200").length - 1;
    expect(answered).toBeGreaterThan(0);
    expect(answered).toBeLessThan(200);
  });

  it("keeps answering a client that pipelines a few requests at a time", async () => {
    const socket = await pipelined("/v1/source?origin=p", 8);
    socket.resume();
    let text = "";
    socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
    while (text.split("HTTP/1.1 200").length - 1 < 8) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(socket.destroyed).toBe(false);
    socket.destroy();
  });
});

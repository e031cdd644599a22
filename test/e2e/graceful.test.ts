/**
 * The count of requests in flight that a graceful close waits for (`server/process/graceful.ts`),
 * kept by the node:http entry, and the turn pipelined requests take (`pipelining.ts`).
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { InFlight } from "../../server/process/graceful.ts";
import { nodeEntry } from "../../server/process/node-server.ts";
import { MAX_WORKED_ON } from "../../server/process/pipelining.ts";
import { createMemoryLogger } from "../../core/testing/memory-logger.ts";

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A server whose requests wait until `release` is called, on keep-alive connections. */
async function holdingServer() {
  const waiting: (() => void)[] = [];
  const tracked = new InFlight();
  const handler = (_req: IncomingMessage, res: ServerResponse) => {
    waiting.push(() => res.end("done"));
  };
  server = createServer(nodeEntry(handler, createMemoryLogger(), tracked));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const ask = () =>
    new Promise<string>((resolve, reject) => {
      const req = request({ port, host: "127.0.0.1", path: "/" }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve(body));
      });
      req.on("error", reject);
      req.end();
    });
  const arrived = async (n: number) => {
    while (waiting.length < n) await new Promise((r) => setTimeout(r, 5));
  };
  return { tracked, ask, arrived, waiting, port };
}

describe("InFlight, counted by nodeEntry", () => {
  it("is drained at once with nothing in flight", async () => {
    const { tracked } = await holdingServer();
    await expect(tracked.drained()).resolves.toBeUndefined();
  });

  it("is drained only when the last of several requests has been answered", async () => {
    const { tracked, ask, arrived, waiting } = await holdingServer();
    const answers = [ask(), ask(), ask()];
    await arrived(3);
    let drained = false;
    const done = tracked.drained().then(() => (drained = true));
    waiting[0]();
    waiting[1]();
    await Promise.all(answers.slice(0, 2));
    await new Promise((r) => setTimeout(r, 20));
    expect(drained).toBe(false);
    waiting[2]();
    expect(await Promise.all(answers)).toEqual(["done", "done", "done"]);
    await done;
    expect(drained).toBe(true);
  });

  it("counts a request whose client went away as finished, once", async () => {
    const { tracked, ask, arrived, waiting, port } = await holdingServer();
    const gone = request({ port, host: "127.0.0.1", path: "/" });
    gone.on("error", () => undefined);
    gone.end();
    await arrived(1);
    gone.destroy();
    await tracked.drained();
    // Answering the abandoned response afterwards counts nothing twice: a new request still holds the drain.
    waiting[0]();
    const answer = ask();
    await arrived(2);
    let drained = false;
    const done = tracked.drained().then(() => (drained = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(drained).toBe(false);
    waiting[1]();
    expect(await answer).toBe("done");
    await done;
  });

  it("works on 4 pipelined requests of a connection at once; the next starts once an earlier answer is sent", async () => {
    const { tracked, arrived, waiting, port } = await holdingServer();
    const client = connect(port, "127.0.0.1");
    let text = "";
    client.on("data", (chunk: Buffer) => (text += chunk.toString()));
    client.write("GET / HTTP/1.1\r\nHost: t\r\n\r\n".repeat(10));
    await arrived(MAX_WORKED_ON);
    await new Promise((r) => setTimeout(r, 100));
    expect([waiting.length, tracked.size]).toEqual([MAX_WORKED_ON, 10]);
    // An answer queued behind an unanswered one is not sent yet: nothing more starts.
    waiting[1]();
    await new Promise((r) => setTimeout(r, 50));
    expect(waiting.length).toBe(MAX_WORKED_ON);
    waiting[0]();
    await arrived(MAX_WORKED_ON + 2);
    for (let i = 2; i < 10; i++) {
      await arrived(i + 1);
      waiting[i]();
    }
    await tracked.drained();
    const answers = () => text.match(/HTTP\/1\.1 200/g)?.length ?? 0;
    for (let i = 0; i < 100 && answers() < 10; i++) await new Promise((r) => setTimeout(r, 20));
    expect(answers()).toBe(10);
    client.destroy();
  });

  it("settles the pipelined requests queued behind the first when their client goes away (Node emits nothing for them)", async () => {
    const { tracked, arrived, waiting, port } = await holdingServer();
    const client = connect(port, "127.0.0.1");
    client.on("error", () => undefined);
    client.write("GET / HTTP/1.1\r\nHost: t\r\n\r\n".repeat(3));
    await arrived(3);
    // The queued ones are answered (their bytes wait behind the first), then the client vanishes.
    waiting[1]();
    waiting[2]();
    client.destroy();
    await expect(Promise.race([tracked.drained().then(() => "drained"), new Promise((r) => setTimeout(r, 2000, "still waiting"))])).resolves.toBe("drained");
    // Answering the first afterwards counts nothing twice.
    waiting[0]();
    expect(tracked.size).toBe(0);
  });
});

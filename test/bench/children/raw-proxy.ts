/**
 * Bench child: the least a server can do to answer `/v1/song?…&id=X` from an upstream:
 * node:http in, one keep-alive `http.get` of `<BENCH_UPSTREAM>/tracks/X` out, the upstream's
 * body passed back as it came. No checks, no parsing, no cache: the added latency of one more
 * process on the way, the reference of the service's added-latency rows.
 */
import http, { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { memoryAfterGc, serveCommands } from "../lib/child.ts";

const upstream = process.env.BENCH_UPSTREAM;
if (!upstream) throw new Error("BENCH_UPSTREAM is not set");
const agent = new http.Agent({ keepAlive: true });

const server = createServer((req, res) => {
  const id = new URL(req.url ?? "/", "http://x").searchParams.get("id") ?? "";
  http
    .get(`${upstream}/tracks/${encodeURIComponent(id)}`, { agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, { "content-type": "application/json; charset=utf-8", "x-cache": "MISS" });
      answer.pipe(res);
    })
    .on("error", () => res.writeHead(502).end());
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
serveCommands(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { memory: () => memoryAfterGc() });

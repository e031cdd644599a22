/**
 * Bench child: raw node:http writing the answers' bytes, nothing else (no checks, no cache
 * logic): the limit of Node itself on this machine, the reference of the throughput rows.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { memoryAfterGc, serveCommands } from "../lib/child.ts";
import { benchAnswers } from "./answers.ts";

const answers = new Map([...benchAnswers()].map(([path, body]) => [path, Buffer.from(body)]));
const server = createServer((req, res) => {
  const body = answers.get(req.url ?? "");
  if (!body) return void res.writeHead(404).end();
  res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
  res.end(body);
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
serveCommands(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { memory: () => memoryAfterGc() });

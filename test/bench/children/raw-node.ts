/**
 * Bench child: raw node:http writing the answers' bytes, nothing else (no checks, no cache
 * logic): the limit of Node itself on this machine, the reference of the throughput rows.
 * `BENCH_RAW_HEADERS=same` sends the service's own headers with each answer (type, nosniff,
 * X-Cache, the three RateLimit-*, Cache-Control, ETag and X-Request-Id, fixed values of the
 * service's lengths), so that the bytes on the wire are the service's;
 * otherwise only type and length, the least any JSON server sends.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { memoryAfterGc, serveCommands } from "../lib/child.ts";
import { benchAnswers } from "./answers.ts";

const answers = new Map([...benchAnswers()].map(([path, body]) => [path, Buffer.from(body)]));
const same = process.env.BENCH_RAW_HEADERS === "same";
const server = createServer((req, res) => {
  const body = answers.get(req.url ?? "");
  if (!body) return void res.writeHead(404).end();
  res.writeHead(
    200,
    same
      ? [
          "content-type", "application/json; charset=utf-8",
          "x-content-type-options", "nosniff",
          "x-cache", "HIT",
          "ratelimit-limit", "1000000000",
          "ratelimit-remaining", "999999999",
          "ratelimit-reset", "60",
          "cache-control", "public, max-age=21600, stale-if-error=86400",
          "etag", 'W/"f7q29bWo7kHI7gmc96OmK0"',
          "x-request-id", "fc8ad636-f7a7-494b-9979-f5acc682a68c",
          "content-length", String(body.length),
        ]
      : ["content-type", "application/json; charset=utf-8", "content-length", String(body.length)],
  );
  res.end(body);
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
serveCommands(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { memory: () => memoryAfterGc() });

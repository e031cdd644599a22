/**
 * Bench child: Hono + an LRU of parsed answers doing the per-answer work a production
 * deployment of it does, the same work the service does for a cached answer: a request id
 * (`hono/request-id`, echoed as `X-Request-Id`), a per-client rate limit with its `RateLimit-*`
 * headers (`hono-rate-limiter`, in memory, keyed by the client's address), `Cache-Control`
 * and a weak `ETag` with `If-None-Match` (`hono/etag`), and one JSON access line per request
 * (made and dropped, as the bench's service drops its own).
 */
import { serve } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono } from "hono";
import { etag } from "hono/etag";
import { requestId } from "hono/request-id";
import { rateLimiter } from "hono-rate-limiter";
import { LRUCache } from "lru-cache";
import type { AddressInfo } from "node:net";
import { memoryAfterGc, serveCommands } from "../lib/child.ts";
import { benchAnswers } from "./answers.ts";

const lru = new LRUCache<string, object>({ max: 100_000 });
for (const [path, body] of benchAnswers()) lru.set(path, JSON.parse(body) as object);
/** Where the access lines go: made, then dropped. */
let written = 0;

const app = new Hono<{ Variables: { requestId: string } }>();
app.use(requestId());
app.use(async (c, next) => {
  const started = performance.now();
  await next();
  const line = JSON.stringify({ level: "info", time: new Date().toISOString(), method: c.req.method, path: c.req.path, status: c.res.status, ms: performance.now() - started, reqId: c.get("requestId") });
  written += line.length;
});
app.use(
  rateLimiter({
    windowMs: 60_000,
    limit: 1_000_000_000,
    standardHeaders: "draft-6",
    keyGenerator: (c) => getConnInfo(c).remote.address ?? "unknown",
  }),
);
app.use(etag({ weak: true }));
app.get("/v1/*", (c) => {
  const url = c.req.url;
  const answer = lru.get(url.slice(url.indexOf("/", url.indexOf("//") + 2)));
  if (!answer) return c.notFound();
  c.header("cache-control", "public, max-age=21600, stale-if-error=86400");
  c.header("x-cache", "HIT");
  return c.json(answer);
});

const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
await new Promise<void>((resolve) => server.once("listening", resolve));
serveCommands(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { memory: () => memoryAfterGc(), written: () => written });

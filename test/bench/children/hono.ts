/**
 * Bench child: Hono on @hono/node-server with an LRU of parsed answers, the way the most used
 * music aggregator APIs answer: look the request up by its URL, send the parsed answer with
 * `c.json` (serialised again per request), no other check.
 */
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { LRUCache } from "lru-cache";
import type { AddressInfo } from "node:net";
import { memoryAfterGc, serveCommands } from "../lib/child.ts";
import { benchAnswers } from "./answers.ts";

const lru = new LRUCache<string, object>({ max: 100_000 });
for (const [path, body] of benchAnswers()) lru.set(path, JSON.parse(body) as object);

const app = new Hono();
app.get("/v1/*", (c) => {
  const url = c.req.url;
  const answer = lru.get(url.slice(url.indexOf("/", url.indexOf("//") + 2)));
  return answer ? c.json(answer) : c.notFound();
});

const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
await new Promise<void>((resolve) => server.once("listening", resolve));
serveCommands(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { memory: () => memoryAfterGc() });

import "reflect-metadata";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { UserAgentPolicy } from "../../../core/guard/user-agent.ts";
import { RequestLimiter, rateLimitHeaders } from "../../../core/guard/request-limiter.ts";
import { clientAddressResolver, rateLimitKey } from "../../../core/guard/client-ip.ts";
import { cachedAnswers } from "../../../server/fast-path.ts";
import { RenderedAnswers } from "../../../server/v1/rendered-answers.ts";
import { serveCommands } from "../lib/child.ts";
import { benchAnswers } from "./answers.ts";

const answers = new RenderedAnswers();
const [[path, text]] = [...benchAnswers()];
const body = Buffer.from(text);
const headersObj = { "content-type": "application/json; charset=utf-8", "x-content-type-options": "nosniff", "x-cache": "HIT" };
const entry = { status: 200, headerPairs: Object.entries(headersObj).flat(), body, length: String(body.length), expiresAt: Date.now() + 3600_000, source: "source_a", origin: "bench" };
answers.remember(path, entry);
const ua = new UserAgentPolicy(["curl"]);
const limiter = new RequestLimiter({ points: 1e9, durationSeconds: 60 });
const address = clientAddressResolver(false);
import { LocalStats } from "../../../core/stats/local-stats.ts";
import { CountingOriginStats } from "../../../core/stats/origin-stats.ts";
import { createConsoleLogger } from "../../../core/logger.ts";
import { hardenServer, nodeEntry } from "../../../server/node-server.ts";
const log = createConsoleLogger("x", true);
const full = process.env.EXP_VARIANT === "full";
const fast = cachedAnswers({ answers, userAgents: ua, limiter, cache: { noteHit() {} } as never, clientAddress: address, origins: full ? new CountingOriginStats(new LocalStats(async () => 0)) : { record() {}, top: async () => [] }, accessLog: full ? log.child("access") : undefined });
const h8 = { ...headersObj, "ratelimit-limit": "1000000000", "ratelimit-remaining": "999999999", "ratelimit-reset": "60", "content-length": String(body.length) };
const variants: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  h2: (req, res) => { res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length }); res.end(body); },
  h8: (req, res) => { res.writeHead(200, h8); res.end(body); },
  h9arr: (req, res) => { res.writeHead(200, ["content-type", "application/json; charset=utf-8", "x-content-type-options", "nosniff", "x-cache", "HIT", "ratelimit-limit", "1000000000", "ratelimit-remaining", String(Math.random()), "ratelimit-reset", "60", "content-length", String(body.length)]); res.end(body); },
  h8headers: (req, res) => { void req.headers["user-agent"]; void req.headers["x-forwarded-for"]; res.writeHead(200, h8); res.end(body); },
  checks: (req, res) => {
    const a = answers.get(req.url!, Date.now())!;
    if (ua.isBlocked(req.headers["user-agent"])) return;
    const d = limiter.consumeNow(rateLimitKey(address(req.socket.remoteAddress, null)))!;
    res.writeHead(200, { ...headersObj, ...rateLimitHeaders(d), "content-length": a.body.length });
    res.end(a.body);
  },
  fast: (req, res) => { if (!fast(req, res)) res.writeHead(404).end(); },
};
variants.entry = nodeEntry(variants.fast, log) as never;
variants.full = variants.entry;
const handler = variants[process.env.EXP_VARIANT!];
const server = createServer(handler);
if (process.env.EXP_VARIANT === "entry" || full) hardenServer(server, handler, { headersMs: 10000, requestMs: 30000 });
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
serveCommands(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, {});

/**
 * The hot path of cached `/v1` answers, answered by node:http before h3 is involved: a request
 * whose target has a rendered answer (`v1/rendered-answers.ts`) still goes through every check
 * that depends on the request itself, in the documented order (method, user-agent, rate
 * limit); the checks that depend on the target alone (parameters, source, capability) it
 * passed when the answer was rendered. Anything else (another method, a blocked user-agent, no
 * rendered answer) goes the whole way through h3, which answers it.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { rateLimitKey } from "../core/guard/client-ip.ts";
import { rateLimitHeaders } from "../core/guard/request-limiter.ts";
import type { UserAgentPolicy } from "../core/guard/user-agent.ts";
import type { Logger } from "../core/logger.ts";
import type { OriginStats, RateDecision, RateLimiter, ResponseCache } from "../core/services.ts";
import { RateLimitError } from "../core/errors.ts";
import type { RenderedAnswer, RenderedAnswers } from "./v1/rendered-answers.ts";
import { errorEnvelope, renderV1 } from "./v1/respond.ts";

export interface FastPathServices {
  answers: RenderedAnswers;
  userAgents: UserAgentPolicy;
  limiter: RateLimiter;
  cache: ResponseCache;
  clientAddress(socketAddress: string | undefined, forwardedFor: string | null): string;
  accessLog?: Logger;
  /** requests per origin, counted here as the pipeline counts them */
  origins: OriginStats;
}

/** Answers `req` from a rendered answer and returns true, or returns false and leaves it alone. */
export function cachedAnswers(services: FastPathServices): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { answers, userAgents, limiter, cache, clientAddress, accessLog, origins } = services;
  return (req, res) => {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return false;
    const answer = answers.get(req.url ?? "", Date.now());
    if (!answer || userAgents.isBlocked(req.headers["user-agent"])) return false;
    const started = performance.now();
    const forwarded = req.headers["x-forwarded-for"];
    const client = clientAddress(req.socket.remoteAddress, typeof forwarded === "string" ? forwarded : (forwarded?.join(", ") ?? null));
    const finish = (decision: RateDecision) => {
      const status = decision.allowed ? send(res, method, answer, decision) : refuse(res, method, answer, decision);
      if (decision.allowed) cache.noteHit();
      origins.record(answer.origin);
      accessLog?.info(
        `${method} ${req.url!.split("?", 1)[0].slice(0, 200)} ${status} code=${decision.allowed ? 0 : 4001} ${(performance.now() - started).toFixed(1)}ms source=${decision.allowed ? answer.source : "-"} origin=${answer.origin}`,
      );
    };
    const key = rateLimitKey(client);
    // A budget in this process's memory answers at once; one kept elsewhere (Redis, the primary) is awaited.
    const decided = limiter.consumeNow?.(key);
    if (decided) finish(decided);
    else void limiter.consume(key).then(finish);
    return true;
  };
}

// --- internal ---

function send(res: ServerResponse, method: string, answer: RenderedAnswer, decision: RateDecision): number {
  res.writeHead(answer.status, { ...answer.headers, ...rateLimitHeaders(decision), "content-length": answer.body.length });
  res.end(method === "HEAD" ? undefined : answer.body);
  return answer.status;
}

/** 4001, in the answer's own form (JSON or JSONP), as the h3 path would say it. */
function refuse(res: ServerResponse, method: string, answer: RenderedAnswer, decision: RateDecision): number {
  const error = new RateLimitError(decision.resetSeconds);
  const rendered = renderV1(4001, errorEnvelope(4001, error.message, null, 0), answer.callback);
  const body = Buffer.from(rendered.body);
  res.writeHead(rendered.status, {
    ...rendered.headers,
    ...rateLimitHeaders(decision),
    "retry-after": String(decision.resetSeconds),
    "content-length": body.length,
  });
  res.end(method === "HEAD" ? undefined : body);
  return rendered.status;
}

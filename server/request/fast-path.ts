/**
 * The hot path of cached `/v1` answers, answered by node:http before h3 is involved: a request
 * whose target has a rendered answer (`v1/rendered-answers.ts`) still goes through every check
 * that depends on the request itself, in the documented order (method, user-agent, rate
 * limit); the checks that depend on the target alone (parameters, source, capability) it
 * passed when the answer was rendered. Anything else (another method, a blocked user-agent, no
 * rendered answer) goes the whole way through h3, which answers it.
 *
 * Its headers are h3's, from the same module (`v1/http-caching.ts`): `Cache-Control` with the
 * seconds left, the entity tag, and a 304 without a body when `If-None-Match` names it (after
 * the rate limit, which counts a 304 like any answer).
 *
 * It is written for the cost of a request: no closure per request, headers read from the raw
 * list (building Node's header object costs more than the rest of the checks), and an answer's
 * own headers prepared once, as name/value pairs.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { RateLimitError } from "../../core/errors.ts";
import { rateLimitKey } from "../engine/guard/client-ip.ts";
import type { UserAgentPolicy } from "../engine/guard/user-agent.ts";
import type { Logger } from "../engine/logger.ts";
import type { OriginStats, RateDecision, RateLimiter, ResponseCache } from "../../core/services.ts";
import { logAccess } from "./access-line.ts";
import { acceptedEncoding, type Encoding } from "./compression.ts";
import type { RequestMetrics } from "./metrics/request-metrics.ts";
import { rawHeader } from "./raw-headers.ts";
import { REQUEST_ID_HEADER, requestId } from "./request-id.ts";
import type { RenderedAnswer, RenderedAnswers } from "./v1/rendered-answers.ts";
import { BODY_HEADERS, NEVER, cacheControl, notModified } from "./v1/http-caching.ts";
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
  /** what `/metrics` reports, counted here as the pipeline counts it; nothing when undefined */
  metrics?: RequestMetrics;
}

/** Answers `req` from a rendered answer and returns true, or returns false and leaves it alone. */
export function cachedAnswers(services: FastPathServices): (req: IncomingMessage, res: ServerResponse) => boolean {
  const path = new FastPath(services);
  return (req, res) => path.answer(req, res);
}

// --- internal ---

/** Longest `X-Forwarded-For` remembered (a few hops), and how many pairs at most (about 1 MB). */
const MAX_REMEMBERED_HEADER = 128;
const MAX_REMEMBERED_PAIRS = 4096;

class FastPath {
  private readonly limit: string;
  private readonly connectionKeys = new WeakMap<Socket, string>();
  /** keys of recent (peer, X-Forwarded-For) pairs: behind a proxy every request carries one */
  private readonly forwardedKeys = new Map<string, string>();

  constructor(private readonly services: FastPathServices) {
    this.limit = String(services.limiter.points);
  }

  answer(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return false;
    const answer = this.services.answers.get(req.url ?? "", Date.now());
    if (!answer || this.services.userAgents.isBlocked(rawHeader(req.rawHeaders, "user-agent"))) return false;
    const started = performance.now();
    const key = this.limitKey(req);
    const reqId = requestId(rawHeader(req.rawHeaders, REQUEST_ID_HEADER));
    // Only a body of 1 KB or more has compressed forms; HEAD is never compressed.
    const encoding = answer.compressed && method === "GET" ? acceptedEncoding(rawHeader(req.rawHeaders, "accept-encoding")) : undefined;
    // A budget in this process's memory answers at once; one kept elsewhere (Redis, the primary) is awaited.
    const decided = this.services.limiter.consumeNow?.(key);
    if (decided) this.finish(req, res, answer, decided, started, reqId, encoding);
    else void this.services.limiter.consume(key).then((decision) => this.finish(req, res, answer, decision, started, reqId, encoding));
    return true;
  }

  private finish(req: IncomingMessage, res: ServerResponse, answer: RenderedAnswer, decision: RateDecision, started: number, reqId: string, encoding?: Encoding): void {
    // The compressed form is made once, by the first request that asks for it; the others find it made.
    if (encoding && decision.allowed && !answer.compressed!.ready(encoding)) {
      answer.compressed!.get(encoding).then(
        () => this.finish(req, res, answer, decision, started, reqId, encoding),
        () => this.finish(req, res, answer, decision, started, reqId),
      );
      return;
    }
    const head = req.method === "HEAD";
    const status = decision.allowed ? this.send(req, res, head, answer, decision, reqId, encoding) : this.refuse(res, head, answer, decision, reqId);
    if (decision.allowed) this.services.cache.noteHit();
    this.services.origins.record(answer.origin);
    const ms = performance.now() - started;
    const metrics = this.services.metrics;
    if (metrics) {
      if (status === answer.status) metrics.record((answer.meter ??= metrics.meter(answer.route, answer.status, 0)), ms / 1000);
      else {
        // a 304, or a 4001
        if (!decision.allowed) metrics.refused.rateLimit++;
        metrics.request(answer.route, status, decision.allowed ? 0 : 4001, ms / 1000);
      }
    }
    if (this.services.accessLog) {
      logAccess(this.services.accessLog, {
        method: req.method!,
        path: answer.path,
        status,
        code: decision.allowed ? 0 : 4001,
        ms,
        source: decision.allowed ? answer.source : undefined,
        origin: answer.origin,
        cache: decision.allowed ? "HIT" : undefined,
        reqId,
      });
    }
  }

  /** The rate-limit key of the client; without X-Forwarded-For it is the connection's, worked out once per connection. */
  private limitKey(req: IncomingMessage): string {
    const forwardedFor = rawHeader(req.rawHeaders, "x-forwarded-for");
    if (forwardedFor !== undefined) return this.forwardedKey(req.socket.remoteAddress, forwardedFor);
    let key = this.connectionKeys.get(req.socket);
    if (key === undefined) {
      key = rateLimitKey(this.services.clientAddress(req.socket.remoteAddress, null));
      this.connectionKeys.set(req.socket, key);
    }
    return key;
  }

  /** Walking the header costs more than the rest of the checks together: short ones are remembered, a bounded number. */
  private forwardedKey(peer: string | undefined, forwardedFor: string): string {
    if (forwardedFor.length > MAX_REMEMBERED_HEADER) return rateLimitKey(this.services.clientAddress(peer, forwardedFor));
    const pair = `${peer} ${forwardedFor}`;
    let key = this.forwardedKeys.get(pair);
    if (key === undefined) {
      key = rateLimitKey(this.services.clientAddress(peer, forwardedFor));
      if (this.forwardedKeys.size >= MAX_REMEMBERED_PAIRS) this.forwardedKeys.clear();
      this.forwardedKeys.set(pair, key);
    }
    return key;
  }

  private send(req: IncomingMessage, res: ServerResponse, head: boolean, answer: RenderedAnswer, decision: RateDecision, reqId: string, encoding?: Encoding): number {
    const caching = ["cache-control", cacheControl(answer.freshness, Date.now())];
    if (answer.etag !== undefined) {
      caching.push("etag", answer.etag);
      if (notModified(rawHeader(req.rawHeaders, "if-none-match"), answer.etag)) {
        res.writeHead(304, [...notModifiedPairs(answer.headerPairs), ...this.limitPairs(decision), ...caching, REQUEST_ID_HEADER, reqId]);
        res.end();
        return 304;
      }
    }
    const compressed = encoding && answer.compressed!.ready(encoding);
    if (compressed) {
      res.writeHead(answer.status, [...answer.headerPairs, ...this.limitPairs(decision), ...caching, REQUEST_ID_HEADER, reqId, "content-encoding", encoding, "content-length", String(compressed.length)]);
      res.end(compressed);
      return answer.status;
    }
    // An array literal: Array.prototype.concat of the same pairs costs about four times as much.
    res.writeHead(answer.status, [...answer.headerPairs, ...this.limitPairs(decision), ...caching, REQUEST_ID_HEADER, reqId, "content-length", answer.length]);
    res.end(head ? undefined : answer.body);
    return answer.status;
  }

  /** 4001, in the answer's own form (JSON or JSONP), as the h3 path would say it. */
  private refuse(res: ServerResponse, head: boolean, answer: RenderedAnswer, decision: RateDecision, reqId: string): number {
    const error = new RateLimitError(decision.resetSeconds);
    const rendered = renderV1(4001, errorEnvelope(4001, error.message, null, 0), answer.callback);
    const body = Buffer.from(rendered.body);
    const pairs = Object.entries(rendered.headers).flat();
    res.writeHead(rendered.status, [...pairs, ...this.limitPairs(decision), "retry-after", String(decision.resetSeconds), "cache-control", cacheControl(NEVER, 0), REQUEST_ID_HEADER, reqId, "content-length", String(body.length)]);
    res.end(head ? undefined : body);
    return rendered.status;
  }

  /** The `RateLimit-*` headers, as name/value pairs. */
  private limitPairs(decision: RateDecision): string[] {
    return ["ratelimit-limit", this.limit, "ratelimit-remaining", String(decision.remaining), "ratelimit-reset", String(decision.resetSeconds)];
  }
}

/** An answer's own header pairs without those that describe its body (a 304 has none). */
function notModifiedPairs(pairs: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < pairs.length; i += 2) if (!BODY_HEADERS.has(pairs[i])) kept.push(pairs[i], pairs[i + 1]);
  return kept;
}

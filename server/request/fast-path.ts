/**
 * The hot path of kept `/v1` answers, answered by node:http before h3 is involved: a request
 * whose target has a rendered answer (`v1/rendered-answers.ts`) still passes every check that
 * depends on the request itself, the same functions as h3's pipeline (`checks.ts`) with the
 * policy of the route that rendered it; the checks that depend on the target alone
 * (parameters, source, capability) it passed when the answer was rendered. Anything else
 * (another method, a refused user-agent, no rendered answer) goes the whole way through h3,
 * which answers it.
 *
 * Its headers are h3's, from the same modules (`v1/http-caching.ts`, `checks.ts`,
 * `v1/respond.ts`): `Cache-Control` with the seconds left, the entity tag, and a 304 without a
 * body when `If-None-Match` names it (after the rate limit, which counts a 304 like any answer).
 *
 * It is written for the cost of a request: no closure per request, the request's headers read
 * in one pass over the raw list (building Node's header object costs more than the checks), an
 * answer's own headers and access-line fields prepared once.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { BoundedMemo } from "../engine/cache/bounded-memo.ts";
import { rateLimitKey } from "../engine/guard/client-ip.ts";
import type { UserAgentPolicy } from "../engine/guard/user-agent.ts";
import type { Logger } from "../engine/logger.ts";
import type { OriginStats, RateDecision, RateLimiter, ResponseCache } from "../../core/services.ts";
import { logAccess, logHit } from "./access-line.ts";
import { addRateLimitPairs, allowsMethod, rateLimitKeyOf, rateLimitRefusal, refusesUserAgent } from "./checks.ts";
import { acceptedEncoding, type Encoding } from "./compression.ts";
import type { RequestMetrics } from "./metrics/request-metrics.ts";
import { hotHeaders, type HotHeaders } from "./raw-headers.ts";
import { REQUEST_ID_HEADER, requestId } from "./request-id.ts";
import type { RenderedAnswer, RenderedAnswers } from "./v1/rendered-answers.ts";
import { BODY_HEADERS, NEVER, cacheControl, notModified } from "./v1/http-caching.ts";
import { renderV1Failure } from "./v1/respond.ts";

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
  private readonly connectionKeys = new WeakMap<Socket, string>();
  /** keys of recent (peer, X-Forwarded-For) pairs: behind a proxy every request carries one */
  private readonly forwardedKeys = new BoundedMemo<string, string>(MAX_REMEMBERED_PAIRS);

  constructor(private readonly services: FastPathServices) {}

  answer(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method!;
    const answer = this.services.answers.get(req.url ?? "", Date.now());
    if (!answer || !allowsMethod(answer.policy, method)) return false;
    const headers = hotHeaders(req.rawHeaders);
    if (refusesUserAgent(answer.policy, this.services.userAgents, headers.userAgent)) return false;
    const started = performance.now();
    const reqId = requestId(headers.requestId);
    // Only a body of 1 KB or more has compressed forms; HEAD is never compressed.
    const encoding = answer.compressed && method === "GET" ? acceptedEncoding(headers.acceptEncoding) : undefined;
    const key = rateLimitKeyOf(answer.policy, this.clientKey(req, headers.forwardedFor));
    if (key === undefined) {
      // A route without a rate limit: nothing to decide.
      this.finish(req, res, answer, headers, undefined, started, reqId, encoding);
      return true;
    }
    // A budget in this process's memory answers at once; one kept elsewhere (Redis, the primary) is awaited.
    const decided = this.services.limiter.consumeNow?.(key);
    if (decided) this.finish(req, res, answer, headers, decided, started, reqId, encoding);
    else void this.services.limiter.consume(key).then((decision) => this.finish(req, res, answer, headers, decision, started, reqId, encoding));
    return true;
  }

  private finish(req: IncomingMessage, res: ServerResponse, answer: RenderedAnswer, headers: HotHeaders, decision: RateDecision | undefined, started: number, reqId: string, encoding?: Encoding): void {
    const refusal = decision !== undefined && !decision.allowed;
    // The compressed form is made once, by the first request that asks for it; the others find it made.
    if (encoding && !refusal && !answer.compressed!.ready(encoding)) {
      answer.compressed!.get(encoding).then(
        () => this.finish(req, res, answer, headers, decision, started, reqId, encoding),
        () => this.finish(req, res, answer, headers, decision, started, reqId),
      );
      return;
    }
    const method = req.method!;
    const head = method === "HEAD";
    const status = refusal ? this.refuse(res, head, answer, decision!, reqId) : this.send(res, head, answer, headers, decision, reqId, encoding);
    const metrics = this.services.metrics;
    if (!refusal) this.services.cache.noteHit();
    this.services.origins.record(answer.hit.origin);
    const ms = performance.now() - started;
    if (metrics) {
      if (status === answer.status) metrics.record((answer.meter ??= metrics.meter(answer.route, answer.status, 0)), ms / 1000);
      else {
        // a 304, or a 4001
        if (refusal) metrics.refused.rateLimit++;
        metrics.request(answer.route, status, refusal ? 4001 : 0, ms / 1000);
      }
    }
    const log = this.services.accessLog;
    if (!log) return;
    if (!refusal) logHit(log, answer.hit, method, status, ms, reqId);
    else logAccess(log, { method, path: answer.hit.path, status, code: 4001, ms, origin: answer.hit.origin, reqId });
  }

  /** The client's key (`client-ip.ts`); without X-Forwarded-For it is the connection's, worked out once per connection. */
  private clientKey(req: IncomingMessage, forwardedFor: string | undefined): string {
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
    return this.forwardedKeys.get(pair) ?? this.forwardedKeys.set(pair, rateLimitKey(this.services.clientAddress(peer, forwardedFor)));
  }

  private send(res: ServerResponse, head: boolean, answer: RenderedAnswer, request: HotHeaders, decision: RateDecision | undefined, reqId: string, encoding?: Encoding): number {
    // One array, filled by push: spreading or concatenating the same pairs costs several times as much.
    const pairs = answer.headerPairs.slice();
    if (decision) addRateLimitPairs(pairs, decision);
    pairs.push("cache-control", cacheControl(answer.freshness, Date.now()), REQUEST_ID_HEADER, reqId);
    if (answer.etag !== undefined) {
      pairs.push("etag", answer.etag);
      if (notModified(request.ifNoneMatch, answer.etag)) {
        res.writeHead(304, withoutBodyHeaders(pairs));
        res.end();
        return 304;
      }
    }
    const compressed = encoding && answer.compressed!.ready(encoding);
    if (compressed) {
      pairs.push("content-encoding", encoding, "content-length", String(compressed.length));
      res.writeHead(answer.status, pairs);
      res.end(compressed);
      return answer.status;
    }
    pairs.push("content-length", answer.length);
    res.writeHead(answer.status, pairs);
    res.end(head ? undefined : answer.body);
    return answer.status;
  }

  /** 4001, in the answer's own form (JSON or JSONP), as the h3 path says it (`renderV1Failure`). */
  private refuse(res: ServerResponse, head: boolean, answer: RenderedAnswer, decision: RateDecision, reqId: string): number {
    const rendered = renderV1Failure(rateLimitRefusal(decision), null, 0, answer.callback);
    const body = Buffer.from(rendered.body);
    const pairs = addRateLimitPairs(Object.entries(rendered.headers).flat(), decision);
    pairs.push("cache-control", cacheControl(NEVER, 0), REQUEST_ID_HEADER, reqId, "content-length", String(body.length));
    res.writeHead(rendered.status, pairs);
    res.end(head ? undefined : body);
    return rendered.status;
  }
}

/** An answer's header pairs without those that describe its body (a 304 has none). */
function withoutBodyHeaders(pairs: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < pairs.length; i += 2) if (!BODY_HEADERS.has(pairs[i])) kept.push(pairs[i], pairs[i + 1]);
  return kept;
}

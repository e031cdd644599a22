/**
 * The `/v1` endpoints, one per operation of the table (`core/operations.ts`) plus
 * `/v1/source` and `/v1/status`. The checks (method, user-agent, rate limit) have passed; here
 * follow the parameters (origin, callback, then the endpoint's own), and `MusicService` checks
 * source and capability and does the work. A cached answer is kept by its request target,
 * so that the next request for it is served before h3 (`kept-answers.ts`).
 */
import type { H3, H3Event } from "h3";
import { InputError, NotFoundError } from "@music-aggregator/core";
import { OPERATION_NAMES, OPERATIONS, type OperationName } from "../../engine/operations.ts";
import { origin as originSchema } from "../../engine/params.ts";
import type { Answer } from "../answer.ts";
import { callbackOf, exchangeOf, type Exchange } from "../exchange.ts";
import type { HttpFront } from "../http-front.ts";
import { NEVER, REVALIDATE, entryFreshness, sharedCacheable } from "../http-caching.ts";
import { nameClient } from "../../engine/http/upstream-calls.ts";
import type { RoutePolicy } from "../route-policy.ts";
import { v1Data } from "./envelope.ts";

export const v1Policy = (cbAlias = true): RoutePolicy => ({ family: "v1", methods: ["GET", "HEAD"], userAgent: true, rateLimit: "", cbAlias });

/** The endpoints that are not operations of a source. */
export const SERVICE_ENDPOINTS = [
  { path: "/v1/source", summary: "The capability matrix of the registered sources and the disabled list.", data: "SourceInfo" },
  { path: "/v1/status", summary: "Version, uptime in seconds, cache statistics, the top origins of the last 24 hours and the notice.", data: "StatusInfo" },
] as const;

export function registerV1Routes(app: H3, front: HttpFront): void {
  for (const name of OPERATION_NAMES) {
    const policy = v1Policy(OPERATIONS[name].cbAlias);
    app.all(OPERATIONS[name].path, (event) => runOperation(event, policy, front, name), { meta: { policy } });
  }
  const policy = v1Policy();
  // The service's own state, computed per request: never cached, so no X-Cache. The matrix
  // changes only with the config (HTTP caches may keep it and ask again); the status, every time.
  app.all("/v1/source", (event) => v1Data(JSON.stringify(front.music.sourceInfo()), null, 0, checkCommon(exchangeOf(event, policy)), REVALIDATE), { meta: { policy } });
  app.all("/v1/status", async (event) => v1Data(JSON.stringify(await front.music.status()), null, 0, checkCommon(exchangeOf(event, policy)), NEVER), { meta: { policy } });
  const unknown = () => {
    throw new NotFoundError("no such endpoint under /v1; GET / documents the interface");
  };
  app.all("/v1", unknown, { meta: { policy } });
  app.all("/v1/**", unknown, { meta: { policy } });
}

// --- internal ---

async function runOperation(event: H3Event, policy: RoutePolicy, front: HttpFront, name: OperationName): Promise<Answer> {
  const ex = exchangeOf(event, policy);
  const callback = checkCommon(ex);
  const op = OPERATIONS[name];
  const params = op.params.safeParse(ex.query());
  if (!params.success) throw new InputError(params.error.issues[0].message);
  const source = params.data.source;
  ex.source = source;
  ex.sharedCacheable = sharedCacheable(op);
  // The loads this request starts spend its client's shares of the upstreams' budgets.
  nameClient(event.req.signal, ex.client);
  const cached = await front.music.run(name, params.data as never, event.req.signal);
  const freshness = ex.sharedCacheable ? entryFreshness(cached.expiresAt, cached.staleSeconds) : NEVER;
  const answer = v1Data(cached.json, source, cached.cost, callback, freshness);
  answer.headers["x-cache"] = cached.status === "stale" ? "STALE" : cached.status === "hit" && cached.cost === 0 ? "HIT" : "MISS";
  const target = (event.runtime?.node?.req as { url?: string } | undefined)?.url;
  if (front.kept && target && cached.status !== "stale" && cached.expiresAt) {
    // The next request for it is a hit: it says so, at no cost.
    const hit = cached.cost === 0 ? answer : v1Data(cached.json, source, 0, callback, freshness);
    const forms = front.kept.keep(target, { answer: { ...hit, headers: { ...hit.headers, "x-cache": "HIT" } }, expiresAt: cached.expiresAt, policy, route: op.path, path: ex.path, source, origin: ex.origin! });
    // A hit's own compression makes the forms the next hits are sent in.
    if (hit === answer) answer.forms = forms;
  }
  return answer;
}

/** `origin`, then `callback`: the parameters every endpoint has, in docs/decisions.md (/v1) order. Returns the callback to answer with. */
function checkCommon(ex: Exchange): string | undefined {
  const origin = originSchema.safeParse(ex.query().origin);
  if (!origin.success) throw new InputError(origin.error.issues[0].message);
  ex.origin = origin.data;
  const callback = callbackOf(ex);
  if (!callback.valid) throw new InputError(`parameter ${callback.param} must be one to four dot-separated JavaScript identifiers`);
  return callback.name;
}

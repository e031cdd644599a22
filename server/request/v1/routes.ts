/**
 * The `/v1` endpoints, one per operation of the table (`core/operations.ts`) plus
 * `/v1/source` and `/v1/status`. The pipeline (`pipeline.ts`) has checked the method, the
 * user-agent and the rate limit; here follow the parameters (origin, callback, then the
 * endpoint's own), and `MusicService` checks source and capability and does the work.
 */
import type { H3, H3Event } from "h3";
import type { DependencyContainer } from "tsyringe";
import { InputError, NotFoundError } from "../../../core/errors.ts";
import type { MusicService } from "../../engine/music/music-service.ts";
import { OPERATION_NAMES, OPERATIONS, type OperationName } from "../../../core/operations.ts";
import { origin as originSchema } from "../../../core/params.ts";
import type { AppConfig } from "../../engine/config.ts";
import { answersLocally } from "../../engine/stores.ts";
import { nameClient } from "../../engine/http/upstream-calls.ts";
import { Tokens } from "../../../core/tokens.ts";
import { loggedPath } from "../access-line.ts";
import { COMPRESS_FROM_BYTES, CompressedForms } from "../compression.ts";
import type { RoutePolicy } from "../route-policy.ts";
import { queryOf, stateOf } from "../request-state.ts";
import { ownBuffer, type RenderedAnswerInit, type RenderedAnswers } from "./rendered-answers.ts";
import { NEVER, REVALIDATE, entityTag, entryFreshness, sharedCacheable, type Freshness } from "./http-caching.ts";
import { callbackOf, renderV1Data, replyRendered, replyV1Data, type RenderedV1 } from "./respond.ts";

export const v1Policy = (cbAlias = true): RoutePolicy => ({ family: "v1", methods: ["GET", "HEAD"], userAgent: true, rateLimit: "", cbAlias });

/** The endpoints that are not operations of a source. */
export const SERVICE_ENDPOINTS = [
  { path: "/v1/source", summary: "The capability matrix of the registered sources and the disabled list.", data: "SourceInfo" },
  { path: "/v1/status", summary: "Version, uptime in seconds, cache statistics, the top origins of the last 24 hours and the notice.", data: "StatusInfo" },
] as const;

export function registerV1Routes(app: H3, scope: DependencyContainer, rendered: RenderedAnswers): void {
  const service = scope.resolve<MusicService>(Tokens.MusicService);
  // With `cache.localTier` off every read goes to the store: no copies kept here either.
  const answers = answersLocally(scope.resolve<AppConfig>(Tokens.Config)) ? rendered : undefined;

  for (const capability of OPERATION_NAMES) {
    const op = OPERATIONS[capability];
    const policy = v1Policy(op.cbAlias);
    app.all(op.path, (event) => runOperation(event, policy, service, capability, answers), { meta: { policy } });
  }
  const policy = v1Policy();
  // The service's own state, computed per request: never cached, so no X-Cache. The matrix
  // changes only with the config (HTTP caches may keep it and ask again); the status, every time.
  app.all("/v1/source", (event) => replyLocal(event, policy, JSON.stringify(service.sourceInfo()), REVALIDATE), { meta: { policy } });
  app.all("/v1/status", async (event) => replyLocal(event, policy, JSON.stringify(await service.status()), NEVER), { meta: { policy } });
  const unknown = () => {
    throw new NotFoundError("no such endpoint under /v1; GET / documents the interface");
  };
  app.all("/v1", unknown, { meta: { policy } });
  app.all("/v1/**", unknown, { meta: { policy } });
}

// --- internal ---

async function runOperation(event: H3Event, policy: RoutePolicy, service: MusicService, capability: OperationName, answers: RenderedAnswers | undefined): Promise<Response> {
  const query = checkCommon(event, policy);
  const op = OPERATIONS[capability];
  const params = op.params.safeParse(query);
  if (!params.success) throw new InputError(params.error.issues[0].message);
  const state = stateOf(event);
  state.source = params.data.source;
  state.sharedCacheable = sharedCacheable(op);
  // The loads this request starts spend its client's shares of the upstreams' budgets.
  nameClient(event.req.signal, state.client);
  const answer = await service.run(capability, params.data as never, event.req.signal);
  state.headers["x-cache"] = answer.status === "stale" ? "STALE" : answer.status === "hit" && answer.cost === 0 ? "HIT" : "MISS";
  const freshness = state.sharedCacheable ? entryFreshness(answer.expiresAt, answer.staleSeconds) : NEVER;
  const callback = callbackOf(event, policy).name;
  const source = params.data.source;
  const rendered = renderV1Data(answer.json, source, answer.cost, callback);
  const etag = freshness.kind === "never" ? undefined : entityTag(answer.json, source, callback);
  const target = (event.runtime?.node?.req as { url?: string } | undefined)?.url;
  if (answers && answer.status !== "stale" && answer.expiresAt && target) {
    const hit = answer.cost === 0 ? rendered : renderV1Data(answer.json, source, 0, callback);
    const compressed = keep(answers, target, hit, { expiresAt: answer.expiresAt, freshness, etag, source, origin: state.origin!, path: loggedPath(event.url.pathname), route: op.path, policy, callback });
    // A hit's own compression, if any, makes the forms the next hits are sent.
    if (hit === rendered) state.compressed = compressed;
  }
  return replyRendered(event, 0, rendered, freshness, etag);
}

/**
 * A cached answer is kept as its bytes, from the miss that loaded it on: the next request for
 * the same target is answered before h3 (`fast-path.ts`), as a hit says it (cost 0). Returns its
 * compressed forms (made when first asked for), if it is large enough to have any.
 */
function keep(answers: RenderedAnswers, target: string, hit: RenderedV1, about: Omit<RenderedAnswerInit, "status" | "headerPairs" | "body" | "compressed">): CompressedForms | undefined {
  const body = ownBuffer(hit.body);
  const large = body.length >= COMPRESS_FROM_BYTES;
  const headerPairs = [...Object.entries(hit.headers).flat(), "x-cache", "HIT", ...(large ? ["vary", "accept-encoding"] : [])];
  const compressed = large ? new CompressedForms(body) : undefined;
  answers.remember(target, { ...about, status: hit.status, headerPairs, body, compressed });
  return compressed;
}

function replyLocal(event: H3Event, policy: RoutePolicy, dataJson: string, freshness: Freshness): Response {
  checkCommon(event, policy);
  return replyV1Data(event, policy, dataJson, null, 0, freshness);
}

/** `origin`, then `callback`: the parameters every endpoint has, in docs/decisions.md (/v1) order. */
function checkCommon(event: H3Event, policy: RoutePolicy): Record<string, string> {
  const query = queryOf(event);
  const origin = originSchema.safeParse(query.origin);
  if (!origin.success) throw new InputError(origin.error.issues[0].message);
  stateOf(event).origin = origin.data;
  const callback = callbackOf(event, policy);
  if (!callback.valid) throw new InputError(`parameter ${callback.param} must be one to four dot-separated JavaScript identifiers`);
  return query;
}

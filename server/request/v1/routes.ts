/**
 * The `/v1` endpoints, one per operation of the table (`core/operations.ts`) plus
 * `/v1/source` and `/v1/status`. The checks (method, user-agent, rate limit) have passed; here
 * follow the parameters (origin, callback, then the endpoint's own), and `MusicService` checks
 * source and capability and does the work. A cached answer is kept by its request target,
 * so that the next request for it is served before h3 (`kept-answers.ts`).
 */
import type { H3, H3Event } from "h3";
import { InputError, NotFoundError, type CachedAnswer, type SongUrl } from "@music-aggregator/core";
import { ACROSS_NAMES, ACROSS_OPERATIONS, OPERATION_NAMES, OPERATIONS, type AcrossName, type OperationName } from "../../engine/operations.ts";
import { ImportParams, origin as originSchema } from "../../engine/params.ts";
import type { ExportFormat } from "../../engine/playlist-files/write.ts";
import type { Answer } from "../answer.ts";
import { callbackOf, exchangeOf, type Exchange } from "../exchange.ts";
import type { HttpFront } from "../http-front.ts";
import { NEVER, REVALIDATE, entryFreshness, sharedCacheable } from "../http-caching.ts";
import { nameClient } from "../../engine/http/upstream-calls.ts";
import type { RoutePolicy } from "../route-policy.ts";
import { v1Data } from "./envelope.ts";
import { fileAnswer, importedPlaylist } from "./playlist-files.ts";

/** `/v1`'s routes: GET (and HEAD); POST too for the one that takes a body (`POST /v1/playlist/match`). */
export const v1Policy = (cbAlias = true, body = false): RoutePolicy => ({ family: "v1", methods: body ? ["GET", "HEAD", "POST"] : ["GET", "HEAD"], userAgent: true, rateLimit: "", cbAlias });

/** The endpoints that are not operations of a source. */
export const SERVICE_ENDPOINTS = [
  { path: "/v1/source", summary: "The capability matrix of the registered sources and the disabled list.", data: "SourceInfo" },
  { path: "/v1/status", summary: "Version, uptime in seconds, cache statistics, the top origins of the last 24 hours and the notice.", data: "StatusInfo" },
] as const;

export function registerV1Routes(app: H3, front: HttpFront): void {
  for (const name of OPERATION_NAMES) {
    const policy = v1Policy(OPERATIONS[name].cbAlias, "body" in OPERATIONS[name]);
    app.all(OPERATIONS[name].path, (event) => runOperation(event, policy, front, name), { meta: { policy } });
  }
  for (const name of ACROSS_NAMES) {
    const policy = v1Policy(ACROSS_OPERATIONS[name].cbAlias);
    app.all(ACROSS_OPERATIONS[name].path, (event) => runAcross(event, policy, front, name), { meta: { policy } });
  }
  const policy = v1Policy();
  // The service's own state, computed per request: never cached, so no X-Cache. The matrix
  // changes only with the config (HTTP caches may keep it and ask again); the status, every time.
  app.all("/v1/source", (event) => v1Data(JSON.stringify(front.music.sourceInfo()), null, 0, checkCommon(exchangeOf(event, policy)), REVALIDATE), { meta: { policy } });
  app.all("/v1/status", async (event) => v1Data(JSON.stringify(await front.music.status()), null, 0, checkCommon(exchangeOf(event, policy)), NEVER), { meta: { policy } });
  const unknown = () => {
    throw new NotFoundError("no such endpoint under /v1; /docs is the reference of the interface");
  };
  app.all("/v1", unknown, { meta: { policy } });
  app.all("/v1/**", unknown, { meta: { policy } });
}

// --- internal ---

async function runOperation(event: H3Event, policy: RoutePolicy, front: HttpFront, name: OperationName): Promise<Answer> {
  const ex = exchangeOf(event, policy);
  const callback = checkCommon(ex);
  if (ex.method === "POST") return runImport(event, ex, front, callback);
  const op = OPERATIONS[name];
  const params = op.params.safeParse(ex.query());
  if (!params.success) throw new InputError(params.error.issues[0].message);
  const source = params.data.source;
  ex.source = source;
  ex.sharedCacheable = sharedCacheable(op);
  // The loads this request starts spend its client's shares of the upstreams' budgets.
  nameClient(event.req.signal, ex.client);
  const cached = await front.music.run(name, params.data as never, event.req.signal);
  const asked = params.data as { format?: ExportFormat; quality?: string; redirect?: boolean };
  if (asked.format) return withCacheState(fileAnswer(ex, front, cached.json, { format: asked.format, quality: asked.quality }), cached);
  if (asked.redirect) return redirectTo(cached) ?? withCacheState(v1Data(cached.json, source, cached.cost, callback), cached);
  return delivered(event, ex, front, policy, op.path, cached, source, callback);
}

/** An operation across the sources (`/v1/lookup`, `/v1/resolve`): the same path, no source (the envelope's is null). */
async function runAcross(event: H3Event, policy: RoutePolicy, front: HttpFront, name: AcrossName): Promise<Answer> {
  const ex = exchangeOf(event, policy);
  const callback = checkCommon(ex);
  const op = ACROSS_OPERATIONS[name];
  const params = op.params.safeParse(ex.query());
  if (!params.success) throw new InputError(params.error.issues[0].message);
  ex.sharedCacheable = false;
  nameClient(event.req.signal, ex.client);
  const cached = await front.music.across(name, params.data as never, event.req.signal);
  return delivered(event, ex, front, policy, op.path, cached, null, callback);
}

/** A cached answer in the envelope; kept by its request target, so that the next request for it is served before h3. */
function delivered(event: H3Event, ex: Exchange, front: HttpFront, policy: RoutePolicy, route: string, cached: CachedAnswer, source: string | null, callback: string | undefined): Answer {
  const freshness = ex.sharedCacheable ? entryFreshness(cached.expiresAt, cached.staleSeconds) : NEVER;
  const answer = withCacheState(v1Data(cached.json, source, cached.cost, callback, freshness), cached);
  const target = (event.runtime?.node?.req as { url?: string } | undefined)?.url;
  if (front.kept && target && cached.status !== "stale" && cached.expiresAt) {
    // The next request for it is a hit: it says so, at no cost.
    const hit = cached.cost === 0 ? answer : v1Data(cached.json, source, 0, callback, freshness);
    const forms = front.kept.keep(target, { answer: { ...hit, headers: { ...hit.headers, "x-cache": "HIT" } }, expiresAt: cached.expiresAt, policy, route, path: ex.path, source: source ?? undefined, origin: ex.origin! });
    // A hit's own compression makes the forms the next hits are sent in.
    if (hit === answer) answer.forms = forms;
  }
  return answer;
}

/** `POST /v1/playlist/match`: its parameters, then the playlist in its body, matched (the envelope's source is null: the playlist is no source's). */
async function runImport(event: H3Event, ex: Exchange, front: HttpFront, callback: string | undefined): Promise<Answer> {
  const params = ImportParams.safeParse(ex.query());
  if (!params.success) throw new InputError(params.error.issues[0].message);
  const file = await importedPlaylist(event, front);
  nameClient(event.req.signal, ex.client);
  const cached = await front.music.transferImported(file, params.data, event.req.signal);
  if (params.data.format) return withCacheState(fileAnswer(ex, front, cached.json, { format: params.data.format }), cached);
  return withCacheState(v1Data(cached.json, null, cached.cost, callback), cached);
}

/** `X-Cache` of an answer made of `cached`. */
function withCacheState(answer: Answer, cached: CachedAnswer): Answer {
  answer.headers["x-cache"] = cached.status === "stale" ? "STALE" : cached.status === "hit" && cached.cost === 0 ? "HIT" : "MISS";
  return answer;
}

/** `redirect=1` on `/v1/song/url`: 302 to the address (an http(s) URL with nothing that could break a header), else nothing. */
function redirectTo(cached: CachedAnswer): Answer | undefined {
  const { url } = JSON.parse(cached.json) as SongUrl;
  if (!/^https?:\/\/[\x21-\x7e]+$/.test(url)) return undefined;
  return { status: 302, headers: { location: url, "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff" }, body: `${url}\n`, freshness: NEVER, code: 0 };
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

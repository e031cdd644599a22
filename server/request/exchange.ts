/**
 * One request and what its answer gathers on the way, as every concern of the request path
 * sees it (`admit.ts`, `deliver.ts`, `finish.ts`), whichever way the request is served: through
 * h3 (`app.ts`), or from a kept answer before h3 (`kept-answers.ts`). Each concern reads and
 * writes only this, so it is written once for both.
 */
import { randomUUID } from "node:crypto";
import type { H3Event } from "h3";
import { InputError } from "@music-aggregator/core";
import { CALLBACK_PATTERN } from "../engine/params.ts";
import type { RoutePolicy } from "./route-policy.ts";

export const REQUEST_ID_HEADER = "x-request-id";

/** The route label of a request no route matched (never its path: that would make labels without end). */
export const UNMATCHED_ROUTE = "(none)";

export interface Exchange {
  readonly method: string;
  /** the request's path as logs name it: never its query, at most 200 characters */
  readonly path: string;
  /** the route's pattern, as the metrics name it */
  readonly route: string;
  readonly policy: RoutePolicy;
  /** `performance.now()` when it arrived */
  readonly started: number;
  /** the caller's `X-Request-Id` when well formed, else a new one (`requestId`) */
  readonly reqId: string;
  /** the socket's peer address */
  readonly peer: string | undefined;
  /** a request header, repeats joined as Node joins them */
  header(name: string): string | undefined;
  /** the query's first values, empty ones left out (they count as absent) */
  query(): Record<string, string>;
  /** whether the client went away */
  aborted(): boolean;
  /** headers the answer gets on the way: its id, the rate limit's, `X-Cache` */
  readonly out: Record<string, string>;
  /** the envelope's code, for the access line and the metrics */
  code?: number;
  /** the client's key (the rate limit's): the upstream budgets' shares its misses spend are counted under it */
  client?: string;
  /** the public source asked for (the envelope's `source`) */
  source?: string | null;
  /** the caller's `origin`, once validated */
  origin?: string;
  /** an operation whose answers shared HTTP caches may keep (its cached not-founds too) */
  sharedCacheable?: boolean;
  /** file entries a share listing returned, for the traffic statistics */
  files?: number;
}

/** The exchange of a request served by h3, made once per event. */
export function exchangeOf(event: H3Event, policy: RoutePolicy): Exchange {
  const context = event.context as { exchange?: Exchange };
  if (context.exchange) return context.exchange;
  let query: Record<string, string> | undefined;
  return (context.exchange = newExchange({
    method: event.req.method,
    path: event.url.pathname,
    route: event.context.matchedRoute?.route ?? UNMATCHED_ROUTE,
    policy,
    peer: event.req.ip,
    header: (name) => event.req.headers.get(name) ?? undefined,
    query: () => (query ??= firstValues(event.url.searchParams)),
    aborted: () => event.req.signal?.aborted === true,
  }));
}

/**
 * The request's URL, its host and origin as its `Host` names them. h3 parses it when first
 * read, and a `Host` no URL can hold (a port past 65535) makes that throw: the caller's error
 * (1001), never a failure of the service.
 */
export function requestUrl(event: H3Event): URL {
  try {
    void event.url.host;
  } catch {
    throw new InputError("the request's Host header is no host name and port");
  }
  return event.url;
}

/** An exchange from its parts (the h3 event's, or a node request's). */
export function newExchange(parts: Pick<Exchange, "method" | "path" | "route" | "policy" | "peer" | "header" | "query" | "aborted">): Exchange {
  return { ...parts, path: parts.path.slice(0, 200), started: performance.now(), reqId: requestId(parts.header(REQUEST_ID_HEADER)), out: {} };
}

/** `callback` (or its alias `cb`) as the caller sent it, and whether it is a valid name to echo. */
export function callbackOf(ex: Exchange): { name?: string; param?: string; valid: boolean } {
  if (ex.policy.family !== "v1") return { valid: true };
  const query = ex.query();
  const param = query.callback !== undefined ? "callback" : ex.policy.cbAlias && query.cb !== undefined ? "cb" : undefined;
  if (!param) return { valid: true };
  const name = query[param];
  return CALLBACK_PATTERN.test(name) ? { name, param, valid: true } : { param, valid: false };
}

/** The first value of each parameter; repeated ones never become arrays, empty ones count as absent. */
export function firstValues(params: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of params) if (value !== "" && !(key in query)) query[key] = value;
  return query;
}

/**
 * Every request's id: the caller's own (a proxy's or a load balancer's) when it is 1 to 128 of
 * letters, digits and `._:=+/-` (UUIDs, trace ids, AWS's `Root=1-…`), else a new UUID: nothing
 * that could break a header or a log line is ever echoed.
 */
export function requestId(sent: string | undefined): string {
  return sent && WELL_FORMED.test(sent) ? sent : randomUUID();
}

const WELL_FORMED = /^[A-Za-z0-9._:=+/-]{1,128}$/;

/**
 * A failure answered in the envelope of the route's family: `/api`'s `{code, message, data}`
 * (docs/decisions.md (/api)), Subsonic's (`/rest`, always HTTP 200), or `/v1`'s (the pages' too, never as JSONP). A not-found the
 * cache keeps may be kept as long by HTTP caches; every other failure, not at all.
 */
import type { ServiceErrorLike } from "@music-aggregator/core";
import type { Answer } from "./answer.ts";
import { callbackOf, type Exchange } from "./exchange.ts";
import { NEVER, entryFreshness } from "./http-caching.ts";
import { shareFailure } from "./share/envelope.ts";
import { formatFor, subsonicFailure } from "./compat/subsonic/envelope.ts";
import { v1Failure } from "./v1/envelope.ts";

export function failureAnswer(ex: Exchange, error: ServiceErrorLike): Answer {
  if (ex.policy.family === "api") return shareFailure(error);
  if (ex.policy.family === "subsonic") return subsonicFailure(formatFor(ex), error);
  const callback = callbackOf(ex);
  // The envelope names the source asked for, unless it is not a source at all (1002).
  const source = ex.source && error.kind !== "source" ? ex.source : null;
  const kept = error.kind === "notFound" && ex.sharedCacheable === true;
  return v1Failure(error, source, callback.valid ? callback.name : undefined, kept ? entryFreshness(error.cachedUntil) : NEVER);
}

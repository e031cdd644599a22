/** A failure in the envelope of the route's family: `/v1` (and pages) or `/api`. */
import type { H3Event } from "h3";
import type { ServiceErrorLike } from "../../core/errors.ts";
import type { RoutePolicy } from "./route-policy.ts";
import { stateOf } from "./request-state.ts";
import { replyShareError } from "./share/respond.ts";
import { replyV1Error } from "./v1/respond.ts";

export function replyFailure(event: H3Event, policy: RoutePolicy, error: ServiceErrorLike): Response {
  if (policy.family === "api") return replyShareError(event, error);
  const source = stateOf(event).source;
  // The envelope names the source asked for, unless it is not a source at all (1002).
  return replyV1Error(event, policy, error, source && error.kind !== "source" ? source : null, error.cost ?? 0);
}

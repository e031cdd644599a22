/**
 * Apple's failures as core errors. The Search API refuses a parameter with HTTP 400 and
 * `{"errorMessage": "..."}` (its words go to the log with the 2002, never to a client); it reports an unknown id
 * with HTTP 200 and `resultCount: 0`, which is a 3001. The feeds answer 404 for a chart they
 * do not have.
 */
import { NotFoundError, type ServiceError, UpstreamError } from "@music-aggregator/core";
import { ItunesErrorBody } from "./wire.ts";

/** The error for an HTTP status of 400 or more from the Search API, reading Apple's message when there is one. */
export function statusError(status: number, body: string, path: string): ServiceError {
  const message = errorMessage(body);
  if (message !== undefined) return new UpstreamError(`iTunes refused ${path} (HTTP ${status})`, { upstreamStatus: status, said: message });
  return new UpstreamError(`iTunes answered HTTP ${status} for ${path}`, { upstreamStatus: status });
}

/** An id the upstream does not know (or that names another kind of thing). */
export function missing(what: string, id: string): NotFoundError {
  return new NotFoundError(`iTunes has no ${what} ${id}`);
}


// --- internal ---

/** Apple's `errorMessage` (the error cuts it); undefined when the body is not Apple's error object. */
function errorMessage(body: string): string | undefined {
  try {
    const parsed = ItunesErrorBody.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data.errorMessage : undefined;
  } catch {
    return undefined;
  }
}

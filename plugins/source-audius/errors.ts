/**
 * Audius's failures as core errors. Audius answers a failure with an HTTP status and a
 * flask-restx body, `{"message": "Oh no! Resource for ID x not found."}`; an id it cannot
 * decode is a 404 too (`Invalid ID: 'x'.`), and `/v1/playlists/{id}` answers an id it does not
 * know with HTTP 200 and an empty list. The stream endpoint refuses a track it will not serve
 * (gated, or opened to chosen apps only) with a 403.
 */
import { NotFoundError, PaidContentError, type ServiceError, UpstreamError } from "@music-aggregator/core";
import { AudiusErrorBody } from "./wire.ts";

/**
 * The core error for a failed answer of `/v1/tracks/{id}/stream`: 403 is 3002, 404 is 3001.
 * Audius's own `message` goes to the log only (`said`).
 */
export function streamError(status: number, body: string, id: string): ServiceError {
  const said = messageOf(body);
  if (status === 403) return new PaidContentError(`Audius refuses to stream track ${id}: no public address is given`, { said });
  if (status === 404) return new NotFoundError(`Audius has no stream of track ${id}`, { said });
  return new UpstreamError(`Audius answered HTTP ${status} for the stream of track ${id}`, { upstreamStatus: status, said });
}

// --- internal ---

/** The `message` of an Audius error body (the error cuts it); empty when the body is not one. */
function messageOf(body: string): string {
  try {
    const parsed = AudiusErrorBody.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data.message : "";
  } catch {
    return "";
  }
}

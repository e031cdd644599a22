/**
 * Every request's id, sent back as `X-Request-Id` and written in its access line: the caller's
 * own (a proxy's or a load balancer's) when it is well formed, else a new UUID. Well formed
 * means 1 to 128 characters of letters, digits and `._:=+/-` (UUIDs, trace ids, AWS's
 * `Root=1-…`): nothing that could break a header or a log line is ever echoed.
 */
import { randomUUID } from "node:crypto";

export const REQUEST_ID_HEADER = "x-request-id";

export function requestId(sent: string | null | undefined): string {
  return sent && WELL_FORMED.test(sent) ? sent : randomUUID();
}

// --- internal ---

const WELL_FORMED = /^[A-Za-z0-9._:=+/-]{1,128}$/;

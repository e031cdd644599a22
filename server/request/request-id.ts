/**
 * Every request's id, sent back as `X-Request-Id` and written in its access line: the caller's
 * own (a proxy's or a load balancer's) when it is well formed, else a new one in UUID form. Well formed
 * means 1 to 128 characters of letters, digits and `._:=+/-` (UUIDs, trace ids, AWS's
 * `Root=1-…`): nothing that could break a header or a log line is ever echoed.
 */
import { randomInt, randomUUID } from "node:crypto";

export const REQUEST_ID_HEADER = "x-request-id";

export function requestId(sent: string | null | undefined): string {
  return sent && WELL_FORMED.test(sent) ? sent : newRequestId();
}

// --- internal ---

/**
 * A new id in UUID form (version 4, RFC 9562 variant): the first 20 hex digits random, drawn
 * once per process, the last 12 a counter from a random start. Unique within a process and,
 * with 80 random bits, across processes; about a fifth of the cost of a fresh `randomUUID()`
 * each, on every request that brings no id of its own.
 */
const PROCESS_PART = randomUUID().slice(0, 24);
const COUNTER_SPAN = 2 ** 48;
let counter = randomInt(2 ** 40);

function newRequestId(): string {
  counter = (counter + 1) % COUNTER_SPAN;
  return PROCESS_PART + counter.toString(16).padStart(12, "0");
}

const WELL_FORMED = /^[A-Za-z0-9._:=+/-]{1,128}$/;

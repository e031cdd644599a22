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
 * with 80 random bits, across processes. The counter's text is made once per 256 ids, each id
 * adding its last two digits from a table: about a tenth of the cost of a fresh `randomUUID()`,
 * on every request that brings no id of its own.
 */
const PROCESS_PART = randomUUID().slice(0, 24);
const BLOCK_SPAN = 2 ** 40;
const LAST_DIGITS = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
let block = randomInt(BLOCK_SPAN);
let blockText = "";
let inBlock = 255;

function newRequestId(): string {
  if (++inBlock === 256) {
    inBlock = 0;
    block = (block + 1) % BLOCK_SPAN;
    blockText = PROCESS_PART + block.toString(16).padStart(10, "0");
  }
  return blockText + LAST_DIGITS[inBlock];
}

const WELL_FORMED = /^[A-Za-z0-9._:=+/-]{1,128}$/;

/**
 * Shared helpers of the reliability suite: the spec's error table (written out again from
 * the documents, so the server is checked against them and not against its own table), a
 * reader that checks every answer's envelope and JSONP framing, handle counting for leak
 * checks, and a garbage collector even when node runs without --expose-gc.
 */
import v8 from "node:v8";
import vm from "node:vm";
import { expect } from "vitest";

/** spec "Errors" with docs/decisions.md (/v1) HTTP statuses in JSON mode */
export const STATUS_OF_CODE: Readonly<Record<number, number>> = {
  0: 200,
  1001: 400,
  1002: 400,
  1003: 400,
  1004: 405,
  2001: 504,
  2002: 502,
  2003: 502,
  3001: 404,
  3002: 403,
  4001: 429,
  4002: 403,
  5000: 500,
};

/** spec: one to four dot-separated identifiers */
export const SPEC_CALLBACK = /^[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z_$][A-Za-z0-9_$]*){0,3}$/;

export interface Envelope {
  code: number;
  message: string;
  data: unknown;
  source?: string | null;
  cost: number;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** the callback named in a JSONP body; undefined for JSON */
  callback?: string;
  envelope: Envelope;
}

const JSONP_BODY = /^\/\*\*\/ typeof ([^ ]+) === 'function' && \1\(([\s\S]*)\);$/;

/**
 * Reads an answer and checks what holds for every answer of `/v1`: a JSON or JSONP body
 * framing a valid envelope, a code of the spec's table, the docs/decisions.md status in JSON mode and
 * 200 in JSONP mode, `nosniff`, no CORS headers, no raw U+2028/2029 in script.
 */
export async function readAnswer(response: Response, method = "GET"): Promise<Answer> {
  const text = await response.text();
  const type = response.headers.get("content-type") ?? "";
  const where = `${response.status} ${type} ${text.slice(0, 300)}`;
  expect(response.headers.get("x-content-type-options"), where).toBe("nosniff");
  for (const [name] of response.headers) expect(name.startsWith("access-control-"), `CORS header ${name}`).toBe(false);
  if (method === "HEAD") {
    expect(text, "HEAD answers have no body").toBe("");
    return { status: response.status, headers: response.headers, text, envelope: { code: -1, message: "", data: null, cost: 0 } };
  }
  let callback: string | undefined;
  let json = text;
  if (type.startsWith("application/javascript")) {
    const match = JSONP_BODY.exec(text);
    expect(match, `JSONP framing: ${where}`).not.toBeNull();
    callback = match![1];
    json = match![2];
    expect(SPEC_CALLBACK.test(callback), `echoed callback ${callback} is valid`).toBe(true);
    expect(/[\u2028\u2029]/.test(text), "U+2028/2029 escaped in script").toBe(false);
    expect(response.status, `JSONP is always 200: ${where}`).toBe(200);
  } else {
    expect(type, where).toMatch(/^application\/json/);
  }
  let envelope: Envelope;
  try {
    envelope = JSON.parse(json) as Envelope;
  } catch {
    throw new Error(`body is not a JSON envelope: ${where}`);
  }
  checkEnvelope(envelope, where);
  if (callback === undefined) expect(response.status, `HTTP status of code ${envelope.code}: ${where}`).toBe(STATUS_OF_CODE[envelope.code]);
  return { status: response.status, headers: response.headers, text, callback, envelope };
}

export function checkEnvelope(envelope: Envelope, where = ""): void {
  expect(envelope, where).toBeTypeOf("object");
  expect(Object.keys(STATUS_OF_CODE).map(Number), `code in the spec's table: ${where}`).toContain(envelope.code);
  expect(envelope.code, `never 5000: ${where}`).not.toBe(5000);
  expect(typeof envelope.message, where).toBe("string");
  expect(envelope.message.length, where).toBeGreaterThan(0);
  expect("data" in envelope, where).toBe(true);
  if (envelope.code === 0) expect(envelope.data, where).not.toBeNull();
  else expect(envelope.data, where).toBeNull();
  expect(envelope.source === undefined || envelope.source === null || typeof envelope.source === "string", where).toBe(true);
  expect(Number.isInteger(envelope.cost) && envelope.cost >= 0, `cost: ${where}`).toBe(true);
}

/**
 * Open sockets/servers/pipes (by constructor name) and ref'ed timers of this process;
 * `ignore` leaves out handles that are not the service's (e.g. a simulator's own sockets).
 */
export function openHandles(ignore: (handle: object) => boolean = () => false): Record<string, number> {
  const counts: Record<string, number> = {};
  const handles = (process as unknown as { _getActiveHandles(): object[] })._getActiveHandles();
  for (const handle of handles) {
    if (!ignore(handle)) counts[handle.constructor.name] = (counts[handle.constructor.name] ?? 0) + 1;
  }
  counts.Timeout = process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
  return counts;
}

/** Waits until no kind of handle outnumbers `baseline`; returns what is left over. */
export async function settleHandles(
  baseline: Record<string, number>,
  timeoutMs = 3000,
  ignore?: (handle: object) => boolean,
): Promise<Record<string, number>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = openHandles(ignore);
    const extra = Object.fromEntries(Object.entries(now).filter(([k, n]) => n > (baseline[k] ?? 0)).map(([k, n]) => [k, n - (baseline[k] ?? 0)]));
    if (!Object.keys(extra).length || Date.now() > deadline) return extra;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A full garbage collection, via --expose-gc when given, else by enabling it at run time. */
export function collectGarbage(): void {
  let gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) {
    v8.setFlagsFromString("--expose-gc");
    gc = vm.runInNewContext("gc") as () => void;
  }
  gc();
  gc();
}


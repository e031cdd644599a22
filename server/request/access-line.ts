/**
 * The access log's line, one per request, the same whichever path answered it: the h3
 * pipeline (`pipeline.ts`) or the hot path of cached answers (`fast-path.ts`). Its fields are
 * the line: JSON keys with `LOG_FORMAT=json`, `GET /v1/song 200 code=0 ms=1.2 …` otherwise.
 */
import { FIELDS_LINE, logField, type FieldsLine, type Logger } from "../engine/logger.ts";

export interface AccessEntry {
  method: string;
  /** as `loggedPath` gives it */
  path: string;
  status?: number;
  /** the envelope's code */
  code?: number;
  ms: number;
  source?: string | null;
  origin?: string;
  /** `HIT`, `MISS` or `STALE` for answers of the cache (its `X-Cache`) */
  cache?: string;
  /** the request id, as `X-Request-Id` carries it */
  reqId: string;
}

export function logAccess(log: Logger, { method, path, status, code, ms, source, origin, cache, reqId }: AccessEntry): void {
  const fields = { method, path, status: status ?? null, code: code ?? null, ms: roundMs(ms), source: source ?? null, origin: origin ?? null, cache, reqId };
  const line = lineOf(log);
  if (line) line.fields(fields);
  else log.info("", fields);
}

/** The fields of a kept answer's hits that never change, as they are and encoded once (`logHit`). */
export interface HitFields {
  path: string;
  source: string;
  origin: string;
  /** `path`, and then source, origin and cache, as the line writes them */
  encoded: { path: string; tail: string };
}

export function encodeHitFields(path: string, source: string, origin: string): HitFields["encoded"] {
  return { path: logField("path", path), tail: logField("source", source) + logField("origin", origin) + logField("cache", "HIT") };
}

/** The line `logAccess` writes for a hit of a kept answer, with its unchanging fields encoded once. */
export function logHit(log: Logger, hit: HitFields, method: string, status: number, ms: number, reqId: string): void {
  const line = lineOf(log);
  if (!line) return logAccess(log, { method, path: hit.path, status, code: 0, ms, source: hit.source, origin: hit.origin, cache: "HIT", reqId });
  // The method is GET or HEAD and the id well formed (`request-id.ts`): neither needs an escape.
  line.encoded(`,"method":"${method}"${hit.encoded.path},"status":${status},"code":0,"ms":${roundMs(ms)}${hit.encoded.tail},"reqId":"${reqId}"`);
}

/** A request's path as log lines name it: never its query, at most 200 characters. */
export function loggedPath(pathname: string): string {
  return pathname.slice(0, 200);
}

// --- internal ---

function lineOf(log: Logger): FieldsLine | undefined {
  return (log as Logger & { [FIELDS_LINE]?: FieldsLine })[FIELDS_LINE];
}

function roundMs(ms: number): number {
  return Math.round(ms * 10) / 10;
}

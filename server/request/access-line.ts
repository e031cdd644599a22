/**
 * The access log's line, one per request, the same whichever path answered it: the h3
 * pipeline (`pipeline.ts`) or the hot path of cached answers (`fast-path.ts`). Its fields are
 * the line: JSON keys with `LOG_FORMAT=json`, `GET /v1/song 200 code=0 ms=1.2 …` otherwise.
 */
import { FIELDS_LINE, type FieldsLine, type Logger } from "../engine/logger.ts";

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
  const fields = { method, path, status: status ?? null, code: code ?? null, ms: Math.round(ms * 10) / 10, source: source ?? null, origin: origin ?? null, cache, reqId };
  // The console logger writes a line of fields by a template (one per request: pino's general path costs more).
  const line = (log as Logger & { [FIELDS_LINE]?: FieldsLine })[FIELDS_LINE];
  if (line) line(fields);
  else log.info("", fields);
}

/** A request's path as log lines name it: never its query, at most 200 characters. */
export function loggedPath(pathname: string): string {
  return pathname.slice(0, 200);
}

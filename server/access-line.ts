/**
 * The access log's line, one per request, the same whichever path answered it: the h3
 * pipeline (`pipeline.ts`) or the hot path of cached answers (`fast-path.ts`).
 */

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
}

export function accessLine({ method, path, status, code, ms, source, origin }: AccessEntry): string {
  return `${method} ${path} ${status ?? "-"} code=${code ?? "-"} ${ms.toFixed(1)}ms source=${source ?? "-"} origin=${origin ?? "-"}`;
}

/** A request's path as log lines name it: never its query, at most 200 characters. */
export function loggedPath(pathname: string): string {
  return pathname.slice(0, 200);
}

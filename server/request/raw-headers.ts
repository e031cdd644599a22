/**
 * Request headers read from Node's raw list. Reading `req.headers` makes Node build its header
 * object, which costs more on the hot path than every check made with the values; the raw list
 * is already there.
 */
export function rawHeader(raw: string[], name: string): string | undefined {
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i].length === name.length && raw[i].toLowerCase() === name) return raw[i + 1];
  }
  return undefined;
}

/**
 * The headers the fast path of kept answers reads (`fast-path.ts`), each as Node's header
 * object would hold it (and h3 reads it): the first `User-Agent`; the others' repeats joined
 * with ", ", so that a repeated `X-Forwarded-For` names the same client on both paths.
 */
export interface HotHeaders {
  userAgent: string | undefined;
  forwardedFor: string | undefined;
  requestId: string | undefined;
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
}

/** The hot headers, in one pass over the raw list (a name is lowercased only when its length fits one). */
export function hotHeaders(raw: string[]): HotHeaders {
  const found: HotHeaders = { userAgent: undefined, forwardedFor: undefined, requestId: undefined, acceptEncoding: undefined, ifNoneMatch: undefined };
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i];
    switch (name.length) {
      case 10:
        if (found.userAgent === undefined && name.toLowerCase() === "user-agent") found.userAgent = raw[i + 1];
        break;
      case 12:
        if (name.toLowerCase() === "x-request-id") found.requestId = joined(found.requestId, raw[i + 1]);
        break;
      case 13:
        if (name.toLowerCase() === "if-none-match") found.ifNoneMatch = joined(found.ifNoneMatch, raw[i + 1]);
        break;
      case 15: {
        const lower = name.toLowerCase();
        if (lower === "x-forwarded-for") found.forwardedFor = joined(found.forwardedFor, raw[i + 1]);
        else if (lower === "accept-encoding") found.acceptEncoding = joined(found.acceptEncoding, raw[i + 1]);
        break;
      }
    }
  }
  return found;
}

// --- internal ---

function joined(before: string | undefined, value: string): string {
  return before === undefined ? value : `${before}, ${value}`;
}

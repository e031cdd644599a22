/**
 * The one place an answer becomes what goes on the wire, fresh or kept: its own headers, the
 * request's (its id, the rate limit's, `X-Cache`), `Cache-Control` for the time it is sent, a
 * 304 when `If-None-Match` names its tag, and compression (docs/decisions.md (HTTP caching),
 * README "Compression"): a body of 1 KB or more of a text type says `Vary: Accept-Encoding`
 * (HEAD too) and goes out with brotli or gzip when the client accepts it (GET only).
 */
import type { Answer } from "./answer.ts";
import { COMPRESSIBLE, COMPRESS_FROM_BYTES, acceptedEncoding, compress, type Encoding } from "./compression.ts";
import type { Exchange } from "./exchange.ts";
import { BODY_HEADERS, cacheControl, notModified } from "./http-caching.ts";

export interface Outgoing {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string | null;
}

/** What to send for `answer`; a promise only when a compressed form must be made first. */
export function deliver(ex: Exchange, answer: Answer): Outgoing | Promise<Outgoing> {
  const headers: Record<string, string> = { ...answer.headers, ...ex.out, "cache-control": cacheControl(answer.freshness, Date.now()) };
  const body = answer.body;
  const length = body === null ? 0 : typeof body === "string" ? Buffer.byteLength(body) : body.length;
  const varies = length >= COMPRESS_FROM_BYTES && COMPRESSIBLE.test(headers["content-type"] ?? "");
  // An answer may vary with more (`Origin`, for the CORS of `/meting`).
  if (varies) headers.vary = headers.vary ? `${headers.vary}, accept-encoding` : "accept-encoding";
  if (answer.etag !== undefined) {
    headers.etag = answer.etag;
    if (answer.status === 200 && notModified(ex.header("if-none-match"), answer.etag)) {
      for (const name of BODY_HEADERS) delete headers[name];
      return { status: 304, headers, body: null };
    }
  }
  const encoding = varies && ex.method === "GET" ? acceptedEncoding(ex.header("accept-encoding")) : undefined;
  if (!encoding) {
    headers["content-length"] = String(length);
    return { status: answer.status, headers, body: ex.method === "HEAD" ? null : body };
  }
  const made = answer.forms?.ready(encoding);
  if (made) return encoded(answer.status, headers, made, encoding);
  const form = answer.forms ? answer.forms.get(encoding) : compress(typeof body === "string" ? Buffer.from(body) : body!, encoding);
  return form.then((bytes) => encoded(answer.status, headers, bytes, encoding));
}

// --- internal ---

function encoded(status: number, headers: Record<string, string>, bytes: Buffer, encoding: Encoding): Outgoing {
  headers["content-encoding"] = encoding;
  headers["content-length"] = String(bytes.length);
  return { status, headers, body: bytes };
}

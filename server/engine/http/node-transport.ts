/**
 * The transport under ofetch: node:http(s) over pooled keep-alive connections, in place of
 * Node's built-in fetch (undici), whose Request, Response and web-stream machinery cost an
 * uncached answer more CPU than the rest of the service together. ofetch still builds each
 * request (base URL, query, headers, form body) and hands the answer back untouched (the
 * client asks for `responseType: "stream"`); this sends it and answers with the status, the
 * headers and the body as Node's stream, decoded when the upstream compressed it.
 *
 * It does what the upstream client needs of fetch and no more: no redirects (the client
 * follows them itself, host by host), no cookies, no caching.
 */
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { pipeline, type Readable } from "node:stream";
import zlib from "node:zlib";

/** What ofetch receives from the transport: the parts of a fetch `Response` it and the client read. */
export interface TransportResponse {
  readonly status: number;
  readonly statusText: string;
  readonly ok: boolean;
  readonly url: string;
  readonly redirected: false;
  readonly headers: Headers;
  /** the decoded body; empty for HEAD and bodiless statuses */
  readonly body: Readable;
}

export interface TransportInit {
  method?: string;
  headers?: HeadersInit;
  body?: unknown;
  signal?: AbortSignal | null;
}

/** Sends one request; rejects with the socket's error (ECONNREFUSED, ECONNRESET, ...) or the signal's reason. */
export function nodeTransport(input: string | URL | Request, init: TransportInit = {}): Promise<TransportResponse> {
  const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
  const secure = url.protocol === "https:";
  if (!secure && url.protocol !== "http:") return Promise.reject(new TypeError(`${url.protocol} is not an HTTP address`));
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(url, {
      method: init.method ?? "GET",
      // ofetch hands over a Headers already; anything else is made one, for its lower-case names.
      headers: { "accept-encoding": ACCEPT_ENCODING, ...Object.fromEntries(init.headers instanceof Headers ? init.headers : new Headers(init.headers)) },
      agent: secure ? AGENTS.https : AGENTS.http,
      signal: init.signal ?? undefined,
    });
    request.once("error", reject);
    request.once("response", (response) => {
      try {
        resolve(answer(url.href, response));
      } catch (error) {
        response.destroy();
        reject(error);
      }
    });
    request.end(typeof init.body === "string" ? init.body : undefined);
  });
}

// --- internal ---

/** Connections are kept and reused, the most recently used first (it is the least likely to have been closed). */
const AGENTS = {
  http: new http.Agent({ keepAlive: true, scheduling: "lifo" }),
  https: new https.Agent({ keepAlive: true, scheduling: "lifo" }),
};

const ACCEPT_ENCODING = "gzip, deflate, br";
const BODILESS = new Set([204, 304]);

function answer(href: string, response: IncomingMessage): TransportResponse {
  const status = response.statusCode ?? 0;
  return {
    status,
    statusText: response.statusMessage ?? "",
    ok: status >= 200 && status < 300,
    url: href,
    redirected: false,
    headers: headersOf(response.rawHeaders),
    body: decoded(response),
  };
}

function headersOf(raw: string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i], raw[i + 1]);
  return headers;
}

/** The body as sent before compression; a decoder's failure (a broken gzip stream) fails the read. */
function decoded(response: IncomingMessage): Readable {
  // An empty body is empty whatever its encoding says (a decoder would call it cut short).
  if (BODILESS.has(response.statusCode ?? 0) || response.headers["content-length"] === "0") return response;
  const decoder = decoderFor(response.headers["content-encoding"]?.trim().toLowerCase());
  if (!decoder) return response;
  // The decoder is what the reader holds: destroying it (a cap, a deadline) ends the response too.
  return pipeline(response, decoder, () => undefined);
}

function decoderFor(encoding: string | undefined): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | undefined {
  switch (encoding) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip();
    case "deflate":
      return zlib.createInflate();
    case "br":
      return zlib.createBrotliDecompress();
    default:
      return undefined;
  }
}

/**
 * The h3 side of compression (`compression.ts`): once a route has answered, a body of 1 KB or
 * more of a text type is sent compressed when the client accepts it. The reply functions leave
 * the body text in the request's state; a body that does not change brings its kept forms
 * (`state.compressed`), so it is compressed once; any other is compressed for this answer.
 * A HEAD answer is never compressed but carries the `Vary` its GET would.
 */
import type { Middleware } from "h3";
import { FastResponse } from "srvx";
import { COMPRESSIBLE, COMPRESS_FROM_BYTES, acceptedEncoding, compress } from "./compression.ts";
import { stateOf } from "./request-state.ts";

export const compressAnswers: Middleware = async (event, next) => {
  const response = (await next()) as Response | undefined;
  const state = stateOf(event);
  const body = state.body;
  const method = event.req.method;
  if (!response || body === undefined || (method !== "GET" && method !== "HEAD") || response.headers.has("content-encoding")) return response;
  if (!COMPRESSIBLE.test(state.headers["content-type"] ?? "") || byteLength(body) < COMPRESS_FROM_BYTES) return response;
  const headers: Record<string, string> = { ...state.headers, vary: "accept-encoding" };
  // HEAD: the headers of the plain GET answer (its Content-Length included), with the same Vary.
  if (method === "HEAD") return new FastResponse(null, { status: response.status, headers });
  const encoding = acceptedEncoding(event.req.headers.get("accept-encoding"));
  if (!encoding) return new FastResponse(body as BodyInit, { status: response.status, headers });
  const compressed = await (state.compressed ? state.compressed.get(encoding) : compress(asBuffer(body), encoding));
  headers["content-encoding"] = encoding;
  return new FastResponse(compressed as Uint8Array<ArrayBuffer>, { status: response.status, headers });
};

// --- internal ---

function byteLength(body: string | Uint8Array): number {
  return typeof body === "string" ? Buffer.byteLength(body) : body.byteLength;
}

function asBuffer(body: string | Uint8Array): Buffer {
  return typeof body === "string" ? Buffer.from(body) : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

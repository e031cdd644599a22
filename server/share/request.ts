/**
 * Reading what a caller sent: a JSON body of bounded size and the right content type, and the
 * first value of each query parameter.
 */
import type { H3Event } from "h3";
import { ShareError } from "../../core/errors.ts";

/** Largest accepted body; a listing request is a few hundred bytes. */
export const MAX_BODY_BYTES = 16 * 1024;

/** The body as JSON: 415 for another content type, 413 when too large, 400 when not JSON. */
export async function readJsonBody(event: H3Event, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  const type = (event.req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json") throw new ShareError(415, "content type must be application/json");
  const declared = Number(event.req.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new ShareError(413, `body must be at most ${maxBytes} bytes`);
  const text = await readCapped(event.req.body, maxBytes);
  if (text === undefined) throw new ShareError(413, `body must be at most ${maxBytes} bytes`);
  try {
    return JSON.parse(text);
  } catch {
    throw new ShareError(400, "body must be a JSON object");
  }
}

/** The first value of each parameter; repeated parameters do not turn into arrays. */
export function firstValues(params: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of params) if (!(key in query)) query[key] = value;
  return query;
}

// --- internal ---

/** Reads at most `limit` bytes; `undefined` when there are more (a length header can lie). */
async function readCapped(body: ReadableStream<Uint8Array> | null, limit: number): Promise<string | undefined> {
  if (!body) return "";
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

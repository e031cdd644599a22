/**
 * Reading what a caller sent: a JSON body of bounded size and the right content type.
 */
import type { H3Event } from "h3";
import { ShareError } from "../../core/errors.ts";
import { readCapped } from "../../core/http/read-capped.ts";

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

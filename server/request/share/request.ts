/**
 * Reading what a caller sent to `/api`: a JSON body of bounded size, read within a deadline
 * (`../body.ts`), with the right content type.
 */
import type { H3Event } from "h3";
import { InputError } from "@music-aggregator/core";
import { readBody } from "../body.ts";

/** Largest accepted body; a listing request is a few hundred bytes. */
export const MAX_BODY_BYTES = 16 * 1024;

/**
 * The body as JSON: 415 for another content type, 413 when too large, 408 when it does not
 * arrive within `timeoutMs`, 400 when not JSON. A 413 or 408 leaves the rest of the body
 * unread, so those answers close the connection (see `respond.ts`).
 */
export async function readJsonBody(event: H3Event, timeoutMs: number, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  const type = (event.req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json") throw new InputError("content type must be application/json", "mediaType");
  const text = await readBody(event, timeoutMs, maxBytes);
  try {
    return JSON.parse(text);
  } catch {
    throw new InputError("body must be a JSON object");
  }
}

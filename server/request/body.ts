/**
 * Reading what a caller sent: a body of bounded size, read within a deadline (`/api`'s JSON
 * bodies, the playlist `/v1` imports). A body past the bound is not buffered whole: the read
 * stops there. A 413 or 408 kind leaves the rest unread, so its answer closes the connection.
 */
import type { H3Event } from "h3";
import { InputError } from "@music-aggregator/core";
import { readCappedBytes } from "../engine/http/read-capped.ts";

/** The body as text: `tooLarge` past `maxBytes` (declared or sent), `requestTimeout` when it does not arrive within `timeoutMs`. */
export async function readBody(event: H3Event, timeoutMs: number, maxBytes: number): Promise<string> {
  return (await readBodyBytes(event, timeoutMs, maxBytes)).toString("utf8");
}

/** The same, as the bytes sent: for a reader that decodes them itself (a playlist file in its own charset). */
export async function readBodyBytes(event: H3Event, timeoutMs: number, maxBytes: number): Promise<Buffer> {
  const declared = Number(event.req.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new InputError(`body must be at most ${maxBytes} bytes`, "tooLarge");
  const deadline = AbortSignal.timeout(timeoutMs);
  const bytes = await readCappedBytes(event.req.body, maxBytes, deadline).catch((error: unknown) => {
    if (deadline.aborted) throw new InputError(`body was not received within ${timeoutMs} ms`, "requestTimeout");
    throw new InputError(`body could not be read (${error instanceof Error ? error.message : "aborted"})`);
  });
  if (bytes === undefined) throw new InputError(`body must be at most ${maxBytes} bytes`, "tooLarge");
  return bytes;
}

/**
 * Reads a body up to a byte limit, stopping the rest: a length header can lie, and a body we
 * will refuse anyway should not be buffered whole. A signal bounds the whole read, so a body
 * that trickles in cannot hold its reader past a deadline. The body is a web stream (a request
 * h3 received) or a Node stream (an upstream's answer, from the node transport).
 */
import type { Readable } from "node:stream";
import { readWebStream } from "../../../core/http/read-web-stream.ts";

export async function readCapped(
  body: ReadableStream<Uint8Array> | Readable | null | undefined,
  limit: number,
  signal?: AbortSignal,
): Promise<string | undefined> {
  if (!body) return "";
  if ("getReader" in body) return readWebStream(body, limit, signal);
  const chunks = await readNodeStream(body, limit, signal);
  return chunks && Buffer.concat(chunks).toString("utf8");
}

// --- internal ---

/**
 * Listens for the stream's chunks rather than iterating it: an async iterator costs an
 * uncached answer more (a promise per chunk and its own end-of-stream tracking) than the rest
 * of the read.
 */
function readNodeStream(body: Readable, limit: number, signal?: AbortSignal): Promise<Uint8Array[] | undefined> {
  // A stream failing after this read is over (given up past the limit or on an abort, or gone
  // before it began) may still report its socket's failure: nobody is left to hear it.
  body.on("error", ignore);
  if (signal?.aborted) {
    body.destroy();
    return Promise.reject(signal.reason);
  }
  if (body.destroyed) return Promise.reject(body.errored ?? prematureClose());
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let total = 0;
    const settle = () => {
      body.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
      signal?.removeEventListener("abort", onAbort);
    };
    const onData = (chunk: Uint8Array) => {
      total += chunk.byteLength;
      if (total <= limit) return void chunks.push(chunk);
      settle();
      body.destroy();
      resolve(undefined);
    };
    const onEnd = () => {
      settle();
      resolve(chunks);
    };
    const onError = (error: Error) => {
      settle();
      reject(error);
    };
    // Closed without its end: the connection broke off mid-answer.
    const onClose = () => onError(prematureClose());
    const onAbort = () => {
      settle();
      body.destroy();
      reject(signal!.reason);
    };
    body.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function prematureClose(): Error {
  return Object.assign(new Error("the body ended before it was complete"), { code: "ERR_STREAM_PREMATURE_CLOSE" });
}

function ignore(): void {}

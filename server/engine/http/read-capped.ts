/**
 * Reads a body up to a byte limit, stopping the rest: a length header can lie, and a body we
 * will refuse anyway should not be buffered whole. A signal bounds the whole read, so a body
 * that trickles in cannot hold its reader past a deadline. The body is a web stream (a request
 * h3 received) or a Node stream (an upstream's answer, from the node transport).
 */
import type { Readable } from "node:stream";
import { readWebStreamBytes } from "@music-aggregator/core/host";

type Body = ReadableStream<Uint8Array> | Readable | null | undefined;

export async function readCapped(body: Body, limit: number, signal?: AbortSignal): Promise<string | undefined> {
  return (await readCappedBytes(body, limit, signal))?.toString("utf8");
}

/** The same, as the bytes sent: for a reader that decodes them itself (a playlist file in its own charset). */
export async function readCappedBytes(body: Body, limit: number, signal?: AbortSignal): Promise<Buffer | undefined> {
  if (!body) return Buffer.alloc(0);
  if ("getReader" in body) return readWebStreamBytes(body, limit, signal);
  const chunks = await readNodeStream(body, limit, signal);
  return chunks && Buffer.concat(chunks);
}

// --- internal ---

/**
 * Iterates the stream's chunks. An abort destroys the stream with the signal's reason, which
 * the iteration then throws; a stream closed before its end throws Node's premature-close error.
 */
async function readNodeStream(body: Readable, limit: number, signal?: AbortSignal): Promise<Uint8Array[] | undefined> {
  // A stream failing after this read is over (given up past the limit or on an abort) may
  // still report its socket's failure: nobody is left to hear it.
  body.on("error", ignore);
  const stop = () => void body.destroy(signal!.reason as Error);
  if (signal?.aborted) {
    stop();
    throw signal.reason;
  }
  signal?.addEventListener("abort", stop, { once: true });
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for await (const chunk of body as AsyncIterable<Uint8Array>) {
      total += chunk.byteLength;
      if (total > limit) {
        body.destroy();
        return undefined;
      }
      chunks.push(chunk);
    }
    return chunks;
  } finally {
    signal?.removeEventListener("abort", stop);
  }
}

function ignore(): void {}

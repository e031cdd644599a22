/**
 * Reads a body up to a byte limit, stopping the rest: a length header can lie, and a body we
 * will refuse anyway should not be buffered whole. A signal bounds the whole read, so a body
 * that trickles in cannot hold its reader past a deadline. The body is a web stream (a request
 * h3 received) or a Node stream (an upstream's answer, from the node transport).
 */
import type { Readable } from "node:stream";

export async function readCapped(
  body: ReadableStream<Uint8Array> | Readable | null | undefined,
  limit: number,
  signal?: AbortSignal,
): Promise<string | undefined> {
  if (!body) return "";
  const chunks = await ("getReader" in body ? readWebStream(body, limit, signal) : readNodeStream(body, limit, signal));
  return chunks && Buffer.concat(chunks).toString("utf8");
}

// --- internal ---

async function readWebStream(body: ReadableStream<Uint8Array>, limit: number, signal?: AbortSignal): Promise<Uint8Array[] | undefined> {
  const reader = body.getReader();
  const stop = () => void reader.cancel(signal?.reason).catch(() => undefined);
  signal?.addEventListener("abort", stop, { once: true });
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      if (signal?.aborted) throw signal.reason;
      const { done, value } = await reader.read();
      if (signal?.aborted) throw signal.reason;
      if (done) return chunks;
      total += value.byteLength;
      if (total > limit) {
        await reader.cancel().catch(() => undefined);
        return undefined;
      }
      chunks.push(value);
    }
  } finally {
    signal?.removeEventListener("abort", stop);
  }
}

async function readNodeStream(body: Readable, limit: number, signal?: AbortSignal): Promise<Uint8Array[] | undefined> {
  if (signal?.aborted) {
    body.destroy();
    throw signal.reason;
  }
  // Destroying the stream with the reason ends a pending read with it.
  const stop = () => body.destroy(signal?.reason instanceof Error ? signal.reason : new Error(String(signal?.reason)));
  signal?.addEventListener("abort", stop, { once: true });
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    // Leaving the loop early (over the limit) destroys the stream.
    for await (const chunk of body as AsyncIterable<Uint8Array>) {
      total += chunk.byteLength;
      if (total > limit) return undefined;
      chunks.push(chunk);
    }
    if (signal?.aborted) throw signal.reason;
    return chunks;
  } finally {
    signal?.removeEventListener("abort", stop);
  }
}

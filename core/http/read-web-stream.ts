/**
 * Reads a web stream body up to a byte limit, stopping the rest: a length header can lie, and
 * a body we will refuse anyway should not be buffered whole. A signal bounds the whole read, so
 * a body that trickles in cannot hold its reader past a deadline. Undefined past the limit.
 */
export async function readWebStream(body: ReadableStream<Uint8Array>, limit: number, signal?: AbortSignal): Promise<string | undefined> {
  return (await readWebStreamBytes(body, limit, signal))?.toString("utf8");
}

/** The same, as the bytes sent: for a reader that decodes them itself (a playlist file in its own charset). */
export async function readWebStreamBytes(body: ReadableStream<Uint8Array>, limit: number, signal?: AbortSignal): Promise<Buffer | undefined> {
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
      if (done) return Buffer.concat(chunks);
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
